import type { TaskActivity, TaskActivityKind } from '@contract/task-details';
import type { Db } from '../db/types';
import { taskActivity } from '../db/schema';

export type TaskActivityEntry = {
  taskId: string;
  /** null: the system (a forgotten timer stopped by the server) */
  actorId: string | null;
  kind: TaskActivityKind;
  details?: TaskActivity['details'];
  at: Date;
};

/**
 * Writes a task's history (docs/product/tasks.md#activity) in the caller's transaction, so an entry
 * exists exactly when its change does. Its own table, not the audit log: see
 * docs/decisions/043-task-page.md.
 */
export async function recordTaskActivity(tx: Db, ...entries: TaskActivityEntry[]) {
  if (entries.length === 0) return;
  await tx.insert(taskActivity).values(
    entries.map((e) => ({
      taskId: e.taskId,
      actorId: e.actorId,
      kind: e.kind,
      details: e.details ?? {},
      createdAt: e.at,
    })),
  );
}
