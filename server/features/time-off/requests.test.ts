import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '@contract/admin';
import { notificationsApi } from '@contract/notifications';
import {
  COMMENT_REQUIRED,
  END_BEFORE_START,
  HOURS_ONE_DAY,
  NO_HALF_DAYS,
  NO_HOURS,
  NOTHING_TO_TAKE,
  ONE_YEAR,
  OVER_BALANCE,
  OVERLAPS_OWN,
  timeOffApi,
  UNKNOWN_TYPE,
} from '@contract/time-off';
import { schedulesApi } from '@contract/schedules';
import { timesheetsApi, WEEK_LOCKED } from '@contract/timesheets';
import { outbox } from '../../db/schema';
import { ask, asked, ok, teamOf, timeOffApp, typeBody } from '../../test/time-off';
import { MISSING_ID, type TestApi } from '../../test/harness';
import { english } from '../../test/messages';

/**
 * Requests and decisions (docs/product/time-off.md#requests): who may ask, decide and cancel, what
 * is refused and why, and who hears of it. Now: Wednesday 29 October 2025, 13:00 in Berlin.
 */
const NOW = '2025-10-29T12:00:00Z';
let app: Awaited<ReturnType<typeof timeOffApp>>;
beforeAll(async () => {
  app = await timeOffApp(NOW);
});
afterAll(() => app.t.close());

const mine = async (api: TestApi) => ok(api, timeOffApi.requests, {});

describe('asking for time off', () => {
  it('refuses anonymous callers on every route (401)', async () => {
    const a = app.t.anonymous;
    const id = { params: { id: MISSING_ID } };
    for (const res of [
      await a.call(timeOffApi.types, {}),
      await a.call(timeOffApi.requests, {}),
      await a.call(timeOffApi.preview, {
        body: { typeId: MISSING_ID, startDate: '2025-11-03', endDate: '2025-11-03' },
      }),
      await a.call(timeOffApi.request, {
        body: { typeId: MISSING_ID, startDate: '2025-11-03', endDate: '2025-11-03' },
      }),
      await a.call(timeOffApi.approve, { ...id, body: {} }),
      await a.call(timeOffApi.reject, { ...id, body: { comment: 'no' } }),
      await a.call(timeOffApi.cancel, id),
      await a.call(timeOffApi.balances, {}),
      await a.call(timeOffApi.calendar, { query: { from: '2025-11-01', to: '2025-11-30' } }),
      await a.call(timeOffApi.outToday, {}),
      await a.call(timeOffApi.holidays, { query: { year: 2025 } }),
      await a.call(timeOffApi.feeds, {}),
    ])
      expect(res.statusCode).toBe(401);
  });

  it('waits for a decision on a type that needs one; approves at once one that does not', async () => {
    const { anna } = await teamOf(app);
    const { vacation, sick } = app.types;
    const preview = await ok(anna.api, timeOffApi.preview, {
      body: { typeId: vacation, startDate: '2025-11-03', endDate: '2025-11-07' },
    });
    expect(preview).toEqual({
      days: 5,
      seconds: 5 * 8 * 3600,
      remainingAfterDays: 25 - 5,
      overtimeAfterSeconds: null,
      problem: null,
    });
    const vac = await asked(anna.api, {
      typeId: vacation,
      startDate: '2025-11-03',
      endDate: '2025-11-07',
      note: 'Lisbon',
    });
    expect(vac).toMatchObject({
      userId: anna.user.id,
      userName: 'Anna Adler',
      typeId: vacation,
      typeName: 'Vacation',
      status: 'pending',
      days: 5,
      seconds: 5 * 8 * 3600,
      note: 'Lisbon',
      decidedBy: null,
      decidedAt: null,
      can: { decide: false, cancel: true },
    });
    const sickDay = await asked(anna.api, { typeId: sick, startDate: '2025-10-29', endDate: '2025-10-29' });
    expect(sickDay).toMatchObject({ status: 'approved', days: 1, decidedBy: null });
    expect(sickDay.decidedAt).toBe(new Date(NOW).toISOString());
    expect((await mine(anna.api)).map((r) => r.id)).toEqual([sickDay.id, vac.id]);
    // A half day at either end counts half; an afternoon's single day is half a day.
    const half = await ok(anna.api, timeOffApi.preview, {
      body: {
        typeId: vacation,
        startDate: '2025-11-10',
        endDate: '2025-11-12',
        startHalf: true,
        endHalf: true,
      },
    });
    expect(half).toMatchObject({ days: 2, seconds: 16 * 3600, problem: null });
  });

  it('costs a Monday–Wednesday person 3 days for a week off, and refuses a range with no working day', async () => {
    const { anna } = await teamOf(app);
    await ok(app.admin.api, schedulesApi.put, {
      params: { id: anna.user.id },
      body: { minutes: [480, 480, 480, 0, 0, 0, 0], timeZone: null },
    });
    const week = await asked(anna.api, {
      typeId: app.types.vacation,
      startDate: '2025-11-10',
      endDate: '2025-11-16',
    });
    expect(week).toMatchObject({ days: 3, seconds: 3 * 8 * 3600 });
    const balance = await ok(anna.api, timeOffApi.balances, { query: { year: 2025 } });
    expect(balance[0]).toMatchObject({ requestedDays: 3, remainingDays: 25 });
    // Thursday to Sunday asks nothing of them.
    const none = await ask(anna.api, {
      typeId: app.types.vacation,
      startDate: '2025-11-20',
      endDate: '2025-11-23',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(english(NOTHING_TO_TAKE));
    const preview = await ok(anna.api, timeOffApi.preview, {
      body: { typeId: app.types.vacation, startDate: '2025-11-20', endDate: '2025-11-23' },
    });
    expect(preview).toMatchObject({ days: 0, problem: english(NOTHING_TO_TAKE) });
  });

  it('refuses bad input with a clear 400, never a 500', async () => {
    const { anna } = await teamOf(app);
    const { vacation, compensation, sick } = app.types;
    const archived = await ok(
      app.admin.api,
      timeOffApi.createType,
      { body: typeBody(`Old ${Math.random()}`) },
      201,
    );
    await ok(app.admin.api, timeOffApi.updateType, { params: { id: archived.id }, body: { archived: true } });
    const cases: [Record<string, unknown>, string][] = [
      [{ typeId: vacation, startDate: '2025-11-07', endDate: '2025-11-03' }, english(END_BEFORE_START)],
      [{ typeId: vacation, startDate: '2025-12-29', endDate: '2026-01-02' }, english(ONE_YEAR)],
      [
        { typeId: compensation, startDate: '2025-11-03', endDate: '2025-11-03', startHalf: true },
        english(NO_HALF_DAYS),
      ],
      [
        { typeId: compensation, startDate: '2025-11-03', endDate: '2025-11-03', endHalf: true },
        english(NO_HALF_DAYS),
      ],
      [{ typeId: vacation, startDate: '2025-11-03', endDate: '2025-11-03', hours: 2 }, english(NO_HOURS)],
      [{ typeId: sick, startDate: '2025-11-03', endDate: '2025-11-03', hours: 2 }, english(NO_HOURS)],
      [
        { typeId: compensation, startDate: '2025-11-03', endDate: '2025-11-04', hours: 2 },
        english(HOURS_ONE_DAY),
      ],
      [{ typeId: MISSING_ID, startDate: '2025-11-03', endDate: '2025-11-03' }, english(UNKNOWN_TYPE)],
      [{ typeId: 'vacation', startDate: '2025-11-03', endDate: '2025-11-03' }, english(UNKNOWN_TYPE)],
      [{ typeId: archived.id, startDate: '2025-11-03', endDate: '2025-11-03' }, english(UNKNOWN_TYPE)],
      [{ typeId: vacation, startDate: '2025-02-30', endDate: '2025-03-02' }, 'Enter a real calendar date'],
      [{ typeId: vacation, startDate: '3.11.2025', endDate: '2025-11-03' }, 'Use the format YYYY-MM-DD'],
      [{ typeId: vacation, startDate: '2025-11-03', endDate: '2025-13-01' }, 'Enter a real calendar date'],
      [{ typeId: vacation, startDate: '2025-11-03' }, 'Use the format YYYY-MM-DD'],
      [
        { typeId: vacation, startDate: '2025-11-03', endDate: '2025-11-03', startHalf: true, endHalf: true },
        'One day is either a morning or an afternoon: choose one half',
      ],
      [
        { typeId: compensation, startDate: '2025-11-03', endDate: '2025-11-03', hours: 0.1 },
        'Hours go in quarters',
      ],
      [
        { typeId: compensation, startDate: '2025-11-03', endDate: '2025-11-03', hours: -1 },
        'At least a quarter of an hour',
      ],
      [
        { typeId: vacation, startDate: '2025-11-03', endDate: '2025-11-03', note: 'x'.repeat(501) },
        'Note must be at most 500 characters',
      ],
    ];
    for (const [body, message] of cases) {
      for (const endpoint of [timeOffApi.request, timeOffApi.preview]) {
        const res = await anna.api.call(endpoint, { body: body as never });
        expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(JSON.parse(res.body).message, JSON.stringify(body)).toBe(message);
      }
    }
    // Not JSON at all.
    const garbled = await anna.api.post('/api/leave/requests', 'not json', {
      'content-type': 'application/json',
    });
    expect(garbled.statusCode).toBe(400);
    expect(await mine(anna.api)).toEqual([]);
  });

  it('refuses time off on days the person already has some (pending or approved), not rejected or cancelled', async () => {
    const { anna, ben, boss } = await teamOf(app);
    const { vacation, sick } = app.types;
    const first = await asked(anna.api, { typeId: vacation, startDate: '2025-11-17', endDate: '2025-11-19' });
    for (const body of [
      { typeId: vacation, startDate: '2025-11-19', endDate: '2025-11-21' },
      { typeId: sick, startDate: '2025-11-14', endDate: '2025-11-17' },
      { typeId: sick, startDate: '2025-11-18', endDate: '2025-11-18' },
    ]) {
      const res = await ask(anna.api, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(english(OVERLAPS_OWN));
      expect((await ok(anna.api, timeOffApi.preview, { body })).problem).toBe(english(OVERLAPS_OWN));
    }
    // Someone else's time off on the same days is no clash.
    await asked(ben.api, { typeId: vacation, startDate: '2025-11-17', endDate: '2025-11-19' });
    // Once rejected, the days are free again.
    await ok(boss.api, timeOffApi.reject, { params: { id: first.id }, body: { comment: 'Release week' } });
    const again = await asked(anna.api, { typeId: vacation, startDate: '2025-11-18', endDate: '2025-11-18' });
    await ok(anna.api, timeOffApi.cancel, { params: { id: again.id } });
    await asked(anna.api, { typeId: vacation, startDate: '2025-11-17', endDate: '2025-11-19' });
  });

  it('refuses more than the remaining allowance (less what is requested), unless the type allows negative', async () => {
    const { anna, boss } = await teamOf(app);
    const { vacation } = app.types;
    await ok(app.admin.api, timeOffApi.setEntitlement, {
      params: { userId: anna.user.id },
      body: { days: 6 },
    });
    const first = await asked(anna.api, { typeId: vacation, startDate: '2025-11-03', endDate: '2025-11-06' });
    await ok(boss.api, timeOffApi.approve, { params: { id: first.id }, body: {} });
    // 6 − 4 = 2 left; 1.5 pending of them.
    await asked(anna.api, {
      typeId: vacation,
      startDate: '2025-11-10',
      endDate: '2025-11-11',
      startHalf: true,
    });
    const over = await ask(anna.api, { typeId: vacation, startDate: '2025-11-12', endDate: '2025-11-12' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(english(OVER_BALANCE, { remaining: 0.5 }));
    expect(english(OVER_BALANCE, { remaining: 1 })).toBe(
      'This is more than your remaining allowance (1 day)',
    );
    const preview = await ok(anna.api, timeOffApi.preview, {
      body: { typeId: vacation, startDate: '2025-11-12', endDate: '2025-11-13' },
    });
    expect(preview).toMatchObject({
      days: 2,
      remainingAfterDays: -1.5,
      problem: english(OVER_BALANCE, { remaining: 0.5 }),
    });
    // The half day left can still be taken.
    await asked(anna.api, {
      typeId: vacation,
      startDate: '2025-11-12',
      endDate: '2025-11-12',
      endHalf: true,
    });
    // A type allowing negative goes beyond.
    const generous = await ok(
      app.admin.api,
      timeOffApi.createType,
      {
        body: {
          name: `Advance ${Math.random()}`,
          color: '#22c55e',
          paid: true,
          allowance: true,
          approval: false,
          halfDays: true,
          hours: false,
          privateReason: false,
          compensation: false,
          allowNegative: true,
        },
      },
      201,
    );
    const beyond = await asked(anna.api, {
      typeId: generous.id,
      startDate: '2025-11-20',
      endDate: '2025-11-21',
    });
    expect(beyond).toMatchObject({ status: 'approved', days: 2 });
    const [balance] = await ok(anna.api, timeOffApi.balances, { query: {} });
    // 4 + 2 approved ahead (planned), 1.5 + 0.5 pending: nothing left, and nothing more to ask for.
    expect(balance).toMatchObject({ year: 2025, plannedDays: 6, requestedDays: 2, remainingDays: 0 });
    expect(
      (
        await ok(anna.api, timeOffApi.preview, {
          body: { typeId: vacation, startDate: '2025-11-24', endDate: '2025-11-24' },
        })
      ).problem,
    ).toBe(english(OVER_BALANCE, { remaining: 0 }));
  });

  it('refuses a day in a submitted or approved week, and approving or cancelling time off there', async () => {
    const { anna, boss } = await teamOf(app);
    const { vacation, sick } = app.types;
    // Pending time off in the week of 20 October, and approved the week after; then the first is submitted.
    const pending = await asked(anna.api, {
      typeId: vacation,
      startDate: '2025-10-30',
      endDate: '2025-10-30',
    });
    const sickDay = await asked(anna.api, { typeId: sick, startDate: '2025-10-20', endDate: '2025-10-20' });
    const sheet = await ok(anna.api, timesheetsApi.submit, { body: { week: '2025-10-20' } });
    expect(sheet.status).toBe('submitted');
    const locked = await ask(anna.api, { typeId: sick, startDate: '2025-10-22', endDate: '2025-10-22' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(english(WEEK_LOCKED));
    // A range reaching into a locked week is refused too.
    const reaching = await ask(anna.api, {
      typeId: vacation,
      startDate: '2025-10-24',
      endDate: '2025-10-28',
    });
    expect(reaching.json().message).toBe(english(WEEK_LOCKED));
    const cancel = await boss.api.call(timeOffApi.cancel, { params: { id: sickDay.id } });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(english(WEEK_LOCKED));
    // The week after is open: its pending request is approved; once that week is approved too, it stays.
    await ok(boss.api, timesheetsApi.approve, { params: { id: sheet.id } });
    app.clock.set('2025-11-02T12:00:00Z');
    try {
      // Sessions idle out over days: sign in again at the new now.
      const annaLater = await app.t.signIn(anna.user);
      const bossLater = await app.t.signIn(boss.user);
      const next = await ok(annaLater, timesheetsApi.submit, { body: { week: '2025-10-27' } });
      const approve = await bossLater.call(timeOffApi.approve, { params: { id: pending.id }, body: {} });
      expect(approve.statusCode).toBe(409);
      expect(approve.json().message).toBe(english(WEEK_LOCKED));
      await ok(annaLater, timesheetsApi.withdraw, { params: { id: next.id } });
    } finally {
      app.clock.set(NOW);
    }
    await ok(boss.api, timeOffApi.approve, { params: { id: pending.id }, body: {} });
  });
});

describe('deciding', () => {
  it('lets the managers of the person and admins decide; nobody their own; an employee none', async () => {
    const { anna, ben, boss, outsider, otherBoss } = await teamOf(app);
    const { vacation } = app.types;
    const req = await asked(anna.api, { typeId: vacation, startDate: '2025-12-01', endDate: '2025-12-02' });
    // An employee decides none (403), even their team-mate's.
    for (const api of [ben.api, outsider.api, anna.api]) {
      expect((await api.call(timeOffApi.approve, { params: { id: req.id }, body: {} })).statusCode).toBe(403);
      expect(
        (await api.call(timeOffApi.reject, { params: { id: req.id }, body: { comment: 'No' } })).statusCode,
      ).toBe(403);
    }
    // A manager of another team: as if it did not exist.
    const foreign = await otherBoss.api.call(timeOffApi.approve, { params: { id: req.id }, body: {} });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Request not found');
    expect(
      (await boss.api.call(timeOffApi.approve, { params: { id: MISSING_ID }, body: {} })).statusCode,
    ).toBe(404);
    // The manager sees it in the queue with what they may do.
    const queue = await ok(boss.api, timeOffApi.requests, { query: { decidable: 'true' } });
    expect(queue.find((r) => r.id === req.id)).toMatchObject({ can: { decide: true, cancel: true } });
    expect(await ok(otherBoss.api, timeOffApi.requests, { query: { decidable: 'true' } })).toEqual([]);
    // A rejection needs a comment.
    for (const comment of ['', '   ']) {
      const res = await boss.api.call(timeOffApi.reject, { params: { id: req.id }, body: { comment } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(english(COMMENT_REQUIRED));
    }
    const noBody = await boss.api.post(`/api/leave/requests/${req.id}/reject`, {});
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe(english(COMMENT_REQUIRED));
    const approved = await ok(boss.api, timeOffApi.approve, {
      params: { id: req.id },
      body: { comment: 'Enjoy' },
    });
    expect(approved).toMatchObject({
      status: 'approved',
      decidedBy: 'Maria Boss',
      comment: 'Enjoy',
      can: { decide: false, cancel: true },
    });
    const twice = await app.admin.api.call(timeOffApi.reject, {
      params: { id: req.id },
      body: { comment: 'x' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This request is already approved');

    // A manager's own request: never theirs to decide (403), their decider is an admin (no team manager).
    const own = await asked(boss.api, { typeId: vacation, startDate: '2025-12-03', endDate: '2025-12-03' });
    const self = await boss.api.call(timeOffApi.approve, { params: { id: own.id }, body: {} });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot decide your own time off');
    expect(own.can.decide).toBe(false);
    const adminSelf = await asked(app.admin.api, {
      typeId: vacation,
      startDate: '2025-12-04',
      endDate: '2025-12-04',
    });
    expect(
      (await app.admin.api.call(timeOffApi.approve, { params: { id: adminSelf.id }, body: {} })).statusCode,
    ).toBe(403);
    expect(
      (
        await app.admin.api.call(timeOffApi.reject, {
          params: { id: own.id },
          body: { comment: 'Busy month' },
        })
      ).json(),
    ).toMatchObject({ status: 'rejected', comment: 'Busy month', decidedBy: 'Ada Admin' });
  });

  it('tells the deciders (bell and e-mail) and the person of the decision; audits it all', async () => {
    const { anna, boss, ben } = await teamOf(app);
    const { vacation } = app.types;
    const req = await asked(anna.api, {
      typeId: vacation,
      startDate: '2025-12-08',
      endDate: '2025-12-10',
      note: 'Family visit',
    });
    const bell = await ok(boss.api, notificationsApi.list, {});
    const asking = bell.find((n) => n.kind === 'leave_requested');
    expect(asking).toMatchObject({
      title: 'Anna Adler asked for vacation: 2025-12-08 to 2025-12-10',
      body: 'Family visit',
      link: '/time-off',
      actorName: 'Anna Adler',
    });
    expect((await ok(ben.api, notificationsApi.list, {})).filter((n) => n.kind.startsWith('leave_'))).toEqual(
      [],
    );
    const mails = await app.t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, boss.user.email), eq(outbox.kind, 'notification:leave_requested')));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Anna Adler asked for vacation');

    await ok(boss.api, timeOffApi.reject, { params: { id: req.id }, body: { comment: 'Release that week' } });
    const told = (await ok(anna.api, notificationsApi.list, {})).find((n) => n.kind === 'leave_rejected');
    expect(told).toMatchObject({
      title: 'Maria Boss rejected your vacation: 2025-12-08 to 2025-12-10',
      body: 'Release that week',
    });
    expect(
      await app.t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toEmail, anna.user.email), eq(outbox.kind, 'notification:leave_rejected'))),
    ).toHaveLength(1);

    const second = await asked(anna.api, {
      typeId: vacation,
      startDate: '2025-12-09',
      endDate: '2025-12-09',
    });
    await ok(boss.api, timeOffApi.approve, { params: { id: second.id }, body: {} });
    expect((await ok(anna.api, notificationsApi.list, {})).map((n) => n.kind)).toContain('leave_approved');
    // The person cancels what has not begun: the decider hears of it (in the app only).
    await ok(anna.api, timeOffApi.cancel, { params: { id: second.id } });
    const cancelled = (await ok(boss.api, notificationsApi.list, {})).find(
      (n) => n.kind === 'leave_cancelled',
    );
    expect(cancelled?.title).toBe('Anna Adler cancelled their vacation: 2025-12-09');
    expect(
      await app.t.db.select().from(outbox).where(eq(outbox.kind, 'notification:leave_cancelled')),
    ).toHaveLength(0);

    const audit = await ok(app.admin.api, adminApi.audit, { query: { targetId: anna.user.id } });
    const actions = audit.map((e) => [e.action, e.actor?.id, e.details?.requestId]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['leave_requested', anna.user.id, req.id],
        ['leave_rejected', boss.user.id, req.id],
        ['leave_requested', anna.user.id, second.id],
        ['leave_approved', boss.user.id, second.id],
        ['leave_cancelled', anna.user.id, second.id],
      ]),
    );
    expect(audit.find((e) => e.action === 'leave_rejected')?.details).toMatchObject({
      type: 'Vacation',
      from: '2025-12-08',
      to: '2025-12-10',
      comment: 'Release that week',
    });
    expect(
      audit.find((e) => e.action === 'leave_requested' && e.details?.requestId === req.id)?.details,
    ).toMatchObject({
      days: 3,
      status: 'pending',
    });
  });

  it('asks the admins when nobody manages the person', async () => {
    const loner = await app.t.userClient('employee', { firstName: 'Lou', lastName: 'Loner', ...app.joined });
    const otherAdmin = await app.t.userClient('admin', { ...app.joined });
    const req = await asked(loner.api, {
      typeId: app.types.vacation,
      startDate: '2025-12-15',
      endDate: '2025-12-15',
    });
    for (const admin of [app.admin.api, otherAdmin.api]) {
      const bell = await ok(admin, notificationsApi.list, {});
      expect(bell.some((n) => n.kind === 'leave_requested' && n.title.startsWith('Lou Loner'))).toBe(true);
    }
    await ok(otherAdmin.api, timeOffApi.approve, { params: { id: req.id }, body: {} });
  });
});

describe('cancelling and reading', () => {
  it('lets the person cancel until it begins; then only a manager of theirs or an admin', async () => {
    const { anna, ben, boss, otherBoss } = await teamOf(app);
    const { vacation, sick } = app.types;
    // Approved sick leave that began on Monday (today is Wednesday).
    const begun = await asked(anna.api, { typeId: sick, startDate: '2025-10-27', endDate: '2025-10-31' });
    expect(begun.can.cancel).toBe(false);
    const refused = await anna.api.call(timeOffApi.cancel, { params: { id: begun.id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Time off that has begun is cancelled by a manager');
    for (const api of [ben.api, otherBoss.api]) {
      expect((await api.call(timeOffApi.cancel, { params: { id: begun.id } })).statusCode).toBe(404);
    }
    const byBoss = await ok(boss.api, timeOffApi.cancel, { params: { id: begun.id } });
    expect(byBoss).toMatchObject({ status: 'cancelled', decidedBy: 'Maria Boss' });
    expect(
      (await ok(anna.api, notificationsApi.list, {})).find((n) => n.kind === 'leave_cancelled')?.title,
    ).toBe('Maria Boss cancelled your sick leave: 2025-10-27 to 2025-10-31');
    const again = await anna.api.call(timeOffApi.cancel, { params: { id: begun.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request is already cancelled');
    // Pending: the person cancels it, also when it has begun.
    const pending = await asked(anna.api, {
      typeId: vacation,
      startDate: '2025-10-29',
      endDate: '2025-10-29',
    });
    expect(pending.can.cancel).toBe(true);
    expect((await ok(anna.api, timeOffApi.cancel, { params: { id: pending.id } })).status).toBe('cancelled');
    // An admin cancels anyone's.
    const future = await asked(ben.api, { typeId: sick, startDate: '2025-11-03', endDate: '2025-11-03' });
    expect((await ok(app.admin.api, timeOffApi.cancel, { params: { id: future.id } })).status).toBe(
      'cancelled',
    );
  });

  it("shows one's own requests, a manager their people's, an admin everyone's; others' are a 404", async () => {
    const { anna, ben, boss, outsider, otherBoss } = await teamOf(app);
    const a = await asked(anna.api, {
      typeId: app.types.sick,
      startDate: '2025-11-24',
      endDate: '2025-11-24',
      note: 'Flu',
    });
    const b = await asked(ben.api, {
      typeId: app.types.vacation,
      startDate: '2025-11-24',
      endDate: '2025-11-25',
    });
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id).filter((id) => [a.id, b.id].includes(id));
    expect(ids(await mine(anna.api))).toEqual([a.id]);
    expect(ids(await mine(boss.api)).sort()).toEqual([a.id, b.id].sort());
    expect(ids(await mine(app.admin.api)).sort()).toEqual([a.id, b.id].sort());
    expect(ids(await mine(otherBoss.api))).toEqual([]);
    // The manager sees the private reason of their own people.
    expect((await mine(boss.api)).find((r) => r.id === a.id)).toMatchObject({
      typeName: 'Sick leave',
      note: 'Flu',
    });
    for (const [api, userId] of [
      [ben.api, anna.user.id],
      [outsider.api, anna.user.id],
      [otherBoss.api, anna.user.id],
      [anna.api, MISSING_ID],
    ] as const) {
      const res = await api.call(timeOffApi.requests, { query: { userId } });
      expect(res.statusCode).toBe(404);
      const balance = await api.call(timeOffApi.balances, { query: { userId } });
      expect(balance.statusCode).toBe(404);
    }
    expect(ids(await ok(boss.api, timeOffApi.requests, { query: { userId: anna.user.id } }))).toEqual([a.id]);
    // Filters.
    expect(ids(await ok(boss.api, timeOffApi.requests, { query: { status: 'pending' } }))).toEqual([b.id]);
    expect(
      ids(await ok(boss.api, timeOffApi.requests, { query: { from: '2025-11-25', to: '2025-11-30' } })),
    ).toEqual([b.id]);
    for (const query of [{ status: 'open' }, { userId: 'anna' }, { from: '2025-11-31' }, { limit: 0 }]) {
      expect((await anna.api.call(timeOffApi.requests, { query: query as never })).statusCode).toBe(400);
    }
  });
});
