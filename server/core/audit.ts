import { createHash } from 'node:crypto';
import type { AuditAction } from '@contract/admin';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { Db } from '../db/types';

export type { AuditAction };

/** Serialises the audit log's writers, so each row's `prev_hash` is the row before it (any constant works). */
const AUDIT_CHAIN_LOCK = 730_001;

export type AuditEvent = {
  /** null: nobody signed in (a failed sign-in, a reset by e-mailed link) */
  actorId: string | null;
  action: AuditAction;
  targetUserId?: string | null;
  /** facts about the event; never an e-mail address, a password, a code or a token */
  details?: Record<string, unknown>;
  /** an address the event names that is no account's id (a failed sign-in's, an invitation's) */
  email?: string | null;
  at: Date;
};

/**
 * Appends one entry to the audit log in the caller's transaction (or its own), chained to the one
 * before it (docs/decisions/030-account-security.md): under a transaction-scoped lock, the new row's
 * hash covers the previous row's hash and this row's facts, computed by `audit_log_hash` in the
 * database. Call it as the last statement of a transaction: the lock is held until it commits.
 */
export async function audit(db: Db, event: AuditEvent) {
  const details = event.details ? JSON.stringify(event.details) : null;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
    await tx.execute(sql`
      with next as (select nextval(pg_get_serial_sequence('audit_log', 'seq')) as seq),
        last as (select (select hash from audit_log order by seq desc limit 1) as hash)
      insert into audit_log (seq, actor_id, action, target_user_id, details, email, created_at, prev_hash, hash)
      select next.seq, ${event.actorId}, ${event.action}, ${event.targetUserId ?? null}, ${details}::jsonb,
        ${event.email ?? null}, ${event.at.toISOString()}::timestamptz, last.hash,
        audit_log_hash(last.hash, next.seq, ${event.at.toISOString()}::timestamptz, ${event.action},
          ${event.actorId}::uuid, ${event.targetUserId ?? null}::uuid, ${details}::jsonb)
      from next, last`);
  });
}

export type ChainBreak = { seq: number; id: string; at: string; reason: string };
export type ChainReport = { rows: number; breaks: ChainBreak[] };

type ChainRow = {
  id: string;
  seq: string | number;
  prev_hash: string | null;
  hash: string | null;
  at_text: string;
  action: string;
  actor: string | null;
  target: string | null;
  details: string | null;
};

/** The same digest as the database's `audit_log_hash`, computed here so a changed function is caught too. */
const digest = (prev: string | null, row: ChainRow) =>
  createHash('sha256')
    .update(
      [
        prev ?? '',
        String(row.seq),
        row.at_text,
        row.action,
        row.actor ?? '',
        row.target ?? '',
        row.details ?? '',
      ].join('\u001f'),
    )
    .digest('hex');

/**
 * Walks the whole chain in order and reports every row whose hash does not match its facts or
 * whose `prev_hash` is not the hash of the row before it: an edited row, a deleted row, a row
 * inserted out of turn. Reads in pages, so a long log does not fill memory.
 */
export async function verifyAuditChain(db: Db, pageSize = 5_000): Promise<ChainReport> {
  const breaks: ChainBreak[] = [];
  let previous: string | null = null;
  let after = 0;
  let rows = 0;
  for (;;) {
    const page = await rowsOf<ChainRow>(
      db,
      sql`select id, seq, prev_hash, hash, action, actor_id::text as actor, target_user_id::text as target,
            details::text as details,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_text
          from audit_log where seq > ${after} order by seq limit ${pageSize}`,
    );
    for (const row of page) {
      const seq = Number(row.seq);
      const at = row.at_text;
      if (row.prev_hash !== previous) {
        breaks.push({
          seq,
          id: row.id,
          at,
          reason:
            rows === 0
              ? 'the first row does not start the chain (rows before it were removed)'
              : 'its prev_hash is not the hash of the row before it (a row was removed or inserted)',
        });
      }
      if (row.hash !== digest(row.prev_hash, row)) {
        breaks.push({
          seq,
          id: row.id,
          at,
          reason: 'its hash does not match its contents (the row was changed)',
        });
      }
      previous = row.hash;
      after = seq;
      rows += 1;
    }
    if (page.length < pageSize) return { rows, breaks };
  }
}

/**
 * What changed between two versions of a record, for an entry's details: `{field: {from, to}}` for
 * each field of `after` whose value differs (compared as JSON, so arrays and objects work too).
 */
export function changesBetween(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}
