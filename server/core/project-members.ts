import type { Db } from '../db/types';
import { projectMembers } from '../db/schema';

/** A task created or edited for someone in a project puts them on its team (if not already). */
export async function joinProject(db: Db, projectId: string, userId: string, addedBy: string, at: Date) {
  await db.insert(projectMembers).values({ projectId, userId, addedBy, addedAt: at }).onConflictDoNothing();
}
