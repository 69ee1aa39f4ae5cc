import type { LeaveType } from '@contract/time-off';
import {
  TYPE_IN_USE,
  TYPE_NAME_TAKEN,
  type createLeaveTypeRequest,
  type updateLeaveTypeRequest,
} from '@contract/time-off';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit, changesBetween } from '../../core/audit';
import { rowsOf } from '../../db/rows';
import { leaveTypes } from '../../db/schema';
import type { Context } from '../../lib/context';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { announceLeaveSettings } from './time-off.events';

export const TYPE_NOT_FOUND = 'type_not_found';
type Row = typeof leaveTypes.$inferSelect;

/**
 * Written out: in a select drizzle leaves `${leaveTypes.id}` unqualified ("id"), which inside the
 * subquery would name the request's own id.
 */
const inUse = sql<boolean>`exists (select 1 from leave_requests r where r.type_id = leave_types.id)`;

const toType = (row: Row & { inUse: boolean }): LeaveType => ({
  id: row.id,
  name: row.name,
  color: row.color,
  paid: row.paid,
  allowance: row.allowance,
  approval: row.approval,
  halfDays: row.halfDays,
  hours: row.hours,
  privateReason: row.privateReason,
  compensation: row.compensation,
  allowNegative: row.allowNegative,
  archived: row.archivedAt !== null,
  inUse: row.inUse,
});

/** The types in their order; archived ones only when asked (the settings screen). */
export async function listTypes(ctx: Context, archived: boolean): Promise<LeaveType[]> {
  const rows = await ctx.db
    .select({ type: leaveTypes, inUse })
    .from(leaveTypes)
    .where(archived ? undefined : isNull(leaveTypes.archivedAt))
    .orderBy(asc(leaveTypes.sortOrder), asc(leaveTypes.name));
  return rows.map((r) => toType({ ...r.type, inUse: r.inUse }));
}

async function typeById(ctx: Context, id: string): Promise<LeaveType> {
  const [row] = await ctx.db
    .select({ type: leaveTypes, inUse })
    .from(leaveTypes)
    .where(eq(leaveTypes.id, id));
  if (!row) throw notFound(TYPE_NOT_FOUND);
  return toType({ ...row.type, inUse: row.inUse });
}

/** A second type of the same name (any case) is refused by the unique index, also under a race. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TYPE_NAME_TAKEN, { field: 'name' });
    throw error;
  }
}

export async function createType(ctx: Context, body: z.output<typeof createLeaveTypeRequest>) {
  const id = await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [{ next }] = await rowsOf<{ next: number }>(
        tx,
        sql`select coalesce(max(sort_order), 0) + 1 as next from leave_types`,
      );
      const [row] = await tx
        .insert(leaveTypes)
        .values({ ...body, sortOrder: Number(next ?? 0) })
        .returning({ id: leaveTypes.id });
      await audit(tx, {
        actorId: ctx.actor.id,
        action: 'leave_type_changed',
        details: { typeId: row.id, created: body },
        at: ctx.now,
      });
      return row.id;
    }),
  );
  await announceLeaveSettings(ctx);
  return typeById(ctx, id);
}

/** Changes or archives a type; what changed goes to the audit log. */
export async function updateType(ctx: Context, id: string, body: z.output<typeof updateLeaveTypeRequest>) {
  const before = await typeById(ctx, id);
  const { archived, ...fields } = body;
  await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      await tx
        .update(leaveTypes)
        .set({
          ...fields,
          ...(archived === undefined
            ? {}
            : { archivedAt: archived ? (before.archived ? undefined : ctx.now) : null }),
        })
        .where(eq(leaveTypes.id, id));
      await audit(tx, {
        actorId: ctx.actor.id,
        action: 'leave_type_changed',
        details: { typeId: id, name: before.name, changes: changesBetween(before, body) },
        at: ctx.now,
      });
    }),
  );
  await announceLeaveSettings(ctx);
  return typeById(ctx, id);
}

/** Deletes a type nobody ever requested; one in use can only be archived (409). */
export async function deleteType(ctx: Context, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(leaveTypes)
      .where(and(eq(leaveTypes.id, id), sql`not ${inUse}`))
      .returning({ name: leaveTypes.name });
    if (!gone) {
      const [exists] = await tx.select({ id: leaveTypes.id }).from(leaveTypes).where(eq(leaveTypes.id, id));
      throw exists ? conflict(TYPE_IN_USE) : notFound(TYPE_NOT_FOUND);
    }
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'leave_type_changed',
      details: { typeId: id, name: gone.name, deleted: true },
      at: ctx.now,
    });
  });
  await announceLeaveSettings(ctx);
}
