import { and, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '@contract/notifications';
import type { Settings } from '@contract/settings';
import { addDays, zonedDate, zonedInstant } from '@contract/zoned-time';
import { ALERT_WINDOW_DAYS } from '@contract/alerts';
import { rowsOf } from '../../db/rows';
import { attendanceRecords } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Context } from '../../lib/context';
import { announceNotifications, notify } from '../../core/notify';
import type { Words } from '../../core/readers';
import { attendanceWatchersOf } from '../../core/scope';
import {
  type AlertRow,
  alertsCte,
  excusedDays,
  lateArrivalMessage,
  toAlert,
} from '../../core/attendance-alerts';

const MINUTE = 60_000;
/** Records notified per sweep at most; the next sweep (a minute later) takes the rest. */
const SWEEP_BATCH = 200;

type Alert = {
  kind: Extract<NotificationKind, 'attendance_late' | 'attendance_missed_clock_out'>;
  userId: string;
  title: Words;
  body: Words;
  recordId: string;
  date: string;
};

/**
 * Tells the person's team managers and the admins of an attendance alert
 * (docs/product/notifications.md#events), in the caller's transaction. Admins are sent to the System
 * Alerts of /admin, managers to their team page. The person is the actor when they caused it (a late
 * clock-in) and so never hears of it; the sweep's alerts have no actor and skip the person too.
 */
async function notifyWatchers(
  ctx: Pick<Context, 'mailer' | 'config'>,
  tx: Db,
  alert: Alert,
  actorId: string | null,
  at: Date,
) {
  const watchers = await attendanceWatchersOf(tx, alert.userId);
  const common = {
    kind: alert.kind,
    actorId,
    title: alert.title,
    body: alert.body,
    data: { recordId: alert.recordId, userId: alert.userId, date: alert.date },
    at,
  };
  return [
    ...(await notify(ctx, tx, {
      ...common,
      to: watchers.filter((w) => w.admin).map((w) => w.id),
      link: '/admin',
    })),
    ...(await notify(ctx, tx, {
      ...common,
      to: watchers.filter((w) => !w.admin).map((w) => w.id),
      link: '/team/manage',
    })),
  ];
}

/**
 * A late first clock-in of the day (the record's status, judged by `arrivalStatus` with the saved
 * settings), written in the clock-in's transaction. Returns who was notified.
 */
export function notifyLateArrival(
  ctx: Context,
  tx: Db,
  record: { id: string; userId: string; date: string; clockIn: Date },
  settings: Settings,
) {
  const expected = zonedInstant(record.date, settings.clockIn, settings.timeZone);
  const minutes = Math.round((record.clockIn.getTime() - expected.getTime()) / MINUTE);
  const name = `${ctx.actor.firstName} ${ctx.actor.lastName}`;
  return notifyWatchers(
    ctx,
    tx,
    {
      kind: 'attendance_late',
      userId: record.userId,
      title: ({ t }) => t('notifications:attendance_late.title', { name }),
      body: (reader) =>
        lateArrivalMessage(reader, record.clockIn, minutes, settings.clockIn, settings.timeZone),
      recordId: record.id,
      date: record.date,
    },
    ctx.actor.id,
    ctx.now,
  );
}

export type SweepContext = Pick<Context, 'db' | 'now' | 'settings' | 'mailer' | 'config' | 'events' | 'log'>;

/**
 * The housekeeping sweep's part: every missing clock-out the alerts show
 * (docs/product/attendance.md#alerts, the same derivation) whose record was not notified yet is
 * notified once. Each record is claimed by setting `missed_clock_out_notified_at` in the
 * notification's own transaction, so two instances (or a sweep after a restart) never notify it twice.
 */
export async function notifyMissedClockOuts(ctx: SweepContext): Promise<number> {
  const s = await ctx.settings();
  // The people with a record that could be a missed clock-out not yet notified (open, or closed by
  // the system): usually none or a few, so the minute sweep works out their days off and alerts
  // only, not all 1,000 people's (it took 50–80 ms a minute at ×1; docs/performance.md).
  const from = addDays(zonedDate(ctx.now, s.timeZone), -(ALERT_WINDOW_DAYS - 1));
  const candidates = (
    await rowsOf<{ user_id: string }>(
      ctx.db,
      sql`select distinct user_id::text from attendance_records
        where date >= ${from} and missed_clock_out_notified_at is null and (clock_out is null or auto_closed)`,
    )
  ).map((r) => r.user_id);
  if (candidates.length === 0) return 0;
  const due = await rowsOf<AlertRow>(
    ctx.db,
    sql`${alertsCte(s, ctx.now, await excusedDays(ctx.db, s, ctx.now, candidates), candidates)}
    select a.*, u.first_name || ' ' || u.last_name as user_name
    from alerts a
    join attendance_records r on r.id::text = a.ref and r.missed_clock_out_notified_at is null
    join users u on u.id = a.user_id
    where a.kind = 'missing_clock_out'
    order by a.at
    limit ${SWEEP_BATCH}`,
  );
  let count = 0;
  for (const row of due) {
    try {
      const notified = await ctx.db.transaction(async (tx) => {
        const claimed = await tx
          .update(attendanceRecords)
          .set({ missedClockOutNotifiedAt: ctx.now })
          .where(and(eq(attendanceRecords.id, row.ref), isNull(attendanceRecords.missedClockOutNotifiedAt)))
          .returning({ id: attendanceRecords.id });
        if (claimed.length === 0) return null; // another instance took it
        return notifyWatchers(
          ctx,
          tx,
          {
            kind: 'attendance_missed_clock_out',
            userId: row.user_id,
            title: ({ t, day }) =>
              t('notifications:attendance_missed_clock_out.title', {
                name: row.user_name,
                day: day(row.date),
              }),
            body: (reader) => toAlert(row, s.clockIn, s.clockOut, s.timeZone, reader).message,
            recordId: row.ref,
            date: row.date,
          },
          null,
          ctx.now,
        );
      });
      if (notified) {
        count += 1;
        await announceNotifications(ctx, notified);
      }
    } catch (err) {
      ctx.log.warn({ err, recordId: row.ref }, 'missed clock-out not notified');
    }
  }
  return count;
}
