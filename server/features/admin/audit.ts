import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@contract/admin';
import { zonedDate, zonedDayRange } from '@contract/zoned-time';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { csvDocument, csvFormatOf, csvStart } from '../../lib/csv';
import { readerOf } from '../../core/readers';
import { badRequest } from '../../lib/errors';

type Filters = { actorId?: string; targetId?: string; action?: AuditAction; from?: string; to?: string };

const actor = alias(users, 'actor');
const target = alias(users, 'target');

async function conditions(ctx: Context, f: Filters & { before?: string }) {
  if (f.from && f.to && f.from > f.to) throw badRequest('first_day_after_last', 'from');
  const zone = await ctx.timeZone();
  return and(
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.targetId ? eq(auditLog.targetUserId, f.targetId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? gte(auditLog.createdAt, zonedDayRange(f.from, zone).start) : undefined,
    f.to ? lt(auditLog.createdAt, zonedDayRange(f.to, zone).end) : undefined,
    f.before
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (select created_at, id from audit_log where id = ${f.before})`
      : undefined,
  );
}

async function readEntries(
  ctx: Context,
  f: Filters & { before?: string },
  limit: number,
): Promise<AuditEntry[]> {
  const rows = await ctx.db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      action: auditLog.action,
      details: auditLog.details,
      email: auditLog.email,
      actorId: actor.id,
      actorFirst: actor.firstName,
      actorLast: actor.lastName,
      actorEmail: actor.email,
      targetId: target.id,
      targetFirst: target.firstName,
      targetLast: target.lastName,
      targetEmail: target.email,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(target, eq(target.id, auditLog.targetUserId))
    .where(await conditions(ctx, f))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    action: r.action,
    actor: r.actorId
      ? { id: r.actorId, name: `${r.actorFirst} ${r.actorLast}`, email: r.actorEmail ?? '' }
      : null,
    target: r.targetId
      ? { id: r.targetId, name: `${r.targetFirst} ${r.targetLast}`, email: r.targetEmail ?? '' }
      : null,
    details: r.details ?? null,
    email: r.email,
  }));
}

/** The audit log, newest first, a page at a time (docs/product/admin.md#audit-log). */
export function listAudit(ctx: Context, query: Filters & { limit: number; before?: string }) {
  return readEntries(ctx, query, query.limit);
}

const EXPORT_LIMIT = 50_000;
const describe = (details: Record<string, unknown> | null) =>
  details
    ? Object.entries(details)
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join('; ')
    : '';

/** The filtered log as CSV, in the caller's time zone, at most 50,000 entries. */
export async function exportAudit(ctx: Context, filters: Filters) {
  const zone = await ctx.timeZone();
  const entries = await readEntries(ctx, filters, EXPORT_LIMIT);
  // In the caller's language and format (docs/decisions/035-languages.md#exports).
  const { t, language } = readerOf(await ctx.language());
  const format = csvFormatOf(language);
  const body = csvDocument(
    [
      t('exports:audit.date'),
      t('exports:audit.time'),
      t('exports:audit.action'),
      t('exports:audit.actor'),
      t('exports:audit.actor_email'),
      t('exports:audit.target'),
      t('exports:audit.target_email'),
      t('exports:audit.email'),
      t('exports:audit.details'),
    ],
    entries.map((e) => {
      const at = new Date(e.at);
      return [
        zonedDate(at, zone),
        at.toLocaleTimeString('en-GB', { timeZone: zone, hour12: false }),
        e.action in AUDIT_ACTIONS ? t(`exports:audit.actions.${e.action}`) : e.action,
        e.actor?.name ?? null,
        e.actor?.email ?? null,
        e.target?.name ?? null,
        e.target?.email ?? null,
        e.email,
        describe(e.details),
      ];
    }),
    format,
  );
  return { body: `${csvStart(format)}${body}`, filename: `audit-log-${zonedDate(ctx.now, zone)}.csv` };
}
