import type { Db } from '../../db/types';
import { auditLog } from '../../db/schema';

export type AuditAction =
  | 'approve'
  | 'reject'
  | 'suspend'
  | 'activate'
  | 'reset_password'
  | 'reset_two_factor'
  | 'invite';

/** Who did what to whom; written in the same transaction as the action it records. */
export async function audit(
  db: Db,
  entry: {
    actorId: string;
    action: AuditAction;
    targetUserId?: string | null;
    details?: Record<string, unknown>;
    at: Date;
  },
) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? null,
    createdAt: entry.at,
  });
}
