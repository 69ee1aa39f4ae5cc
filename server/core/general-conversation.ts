import { eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { conversationParticipants, conversations } from '../db/schema';

/** The 'General' group's id, created on first use (a partial unique index keeps it single). */
export async function generalConversationId(db: Db): Promise<string> {
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.isGeneral, true))
    .limit(1);
  if (existing) return existing.id;
  await db
    .insert(conversations)
    .values({ type: 'group', name: 'General', isGeneral: true })
    .onConflictDoNothing();
  const [created] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.isGeneral, true))
    .limit(1);
  return created.id;
}

/** Every approved user belongs to 'General' (docs/product/chat.md#general); called when an account is approved. */
export async function joinGeneral(db: Db, userId: string) {
  const conversationId = await generalConversationId(db);
  await db.insert(conversationParticipants).values({ conversationId, userId }).onConflictDoNothing();
}
