import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { serverSecrets } from '../db/schema';

const NAME = 'hmac-key';

/**
 * The server's HMAC key: WORKBENCH_SECRET when the environment sets it, otherwise 256 random bits
 * generated at the first start and kept in the database, so every instance on one PostgreSQL uses
 * the same key (the first to start wins the insert; the others read its key).
 */
export async function serverSecret(db: Db, fromEnvironment: string | undefined): Promise<string> {
  if (fromEnvironment) return fromEnvironment;
  await db
    .insert(serverSecrets)
    .values({ name: NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, NAME));
  return row.value;
}
