import { eq } from 'drizzle-orm';
import type { PutScheduleRequest, Schedule } from '@contract/schedules';
import { users, workSchedules } from '../../db/schema';
import { audit, changesBetween } from '../../core/audit';
import type { Context } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { maySee } from '../../core/scope';
import { scheduleOf } from '../../core/time/schedule';

const USER_NOT_FOUND = 'user_not_found';

/** Others' schedules the caller may not see answer 404, like users that do not exist. */
export async function getSchedule(ctx: Context, userId: string): Promise<Schedule> {
  if (!(await maySee(ctx, userId))) throw notFound(USER_NOT_FOUND);
  const schedule = await scheduleOf(ctx.db, userId, (await ctx.settings()).timeZone);
  if (!schedule) throw notFound(USER_NOT_FOUND);
  return schedule;
}

export async function putSchedule(ctx: Context, userId: string, body: PutScheduleRequest): Promise<Schedule> {
  const before = await scheduleOf(ctx.db, userId, (await ctx.settings()).timeZone);
  if (!before) throw notFound(USER_NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(workSchedules)
      .values({ userId, minutes: body.minutes, updatedAt: ctx.now, updatedBy: ctx.actor.id })
      .onConflictDoUpdate({
        target: workSchedules.userId,
        set: { minutes: body.minutes, updatedAt: ctx.now, updatedBy: ctx.actor.id },
      });
    if (body.timeZone !== undefined)
      await tx.update(users).set({ timeZone: body.timeZone }).where(eq(users.id, userId));
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'schedule_changed',
      targetUserId: userId,
      details: {
        changes: changesBetween(
          { minutes: before.isDefault ? null : before.minutes, timeZone: before.timeZone },
          { minutes: body.minutes, timeZone: body.timeZone },
        ),
      },
      at: ctx.now,
    });
  });
  ctx.log.info({ userId, actorId: ctx.actor.id }, 'work schedule set');
  return getSchedule(ctx, userId);
}

/** The person follows their team's default schedule again, else the organisation's (audited). */
export async function resetSchedule(ctx: Context, userId: string): Promise<Schedule> {
  const before = await scheduleOf(ctx.db, userId, (await ctx.settings()).timeZone);
  if (!before) throw notFound(USER_NOT_FOUND);
  if (before.source === 'own')
    await ctx.db.transaction(async (tx) => {
      await tx.delete(workSchedules).where(eq(workSchedules.userId, userId));
      await audit(tx, {
        actorId: ctx.actor.id,
        action: 'schedule_changed',
        targetUserId: userId,
        details: { changes: changesBetween({ minutes: before.minutes }, { minutes: null }) },
        at: ctx.now,
      });
    });
  ctx.log.info({ userId, actorId: ctx.actor.id }, 'own work schedule removed');
  return getSchedule(ctx, userId);
}
