import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, outbox, timesheets } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext, MISSING_ID } from '../../test/harness';
import { timeFixtures } from '../../test/time-fixtures';

// Wednesday 29 October 2025, 13:00 in Berlin (the organisation's zone here). Berlin fell back on
// Sunday 26 October; New York springs forward on Sunday 9 March 2025.
const clock = fixedClock('2025-10-29T12:00:00Z');
let t: TestContext;
let fx: ReturnType<typeof timeFixtures>;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { TZ: 'Europe/Berlin' } });
  fx = timeFixtures(t.db);
});
afterAll(() => t.close());

const H = 3600;

/**
 * People who joined long before the weeks these tests read (days before someone joined owe no
 * hours; the last describe block tests that).
 */
const member = (
  role: Parameters<TestContext['userClient']>[0],
  fields: Parameters<TestContext['userClient']>[1] = {},
) => t.userClient(role, { createdAt: new Date('2025-01-01T00:00:00Z'), ...fields });

/** An admin, a manager, the manager's team member and an outsider. */
async function team() {
  const { user: adminUser, api: admin } = await member('admin');
  const { user: boss, api: manager } = await member('manager');
  const { user: worker, api: employee } = await member('employee');
  const { user: other, api: outsider } = await member('employee');
  const { api: otherManager } = await member('manager');
  const created = await admin.post('/api/teams', {
    name: `Team ${Math.random()}`,
    members: [
      { userId: boss.id, role: 'manager' },
      { userId: worker.id, role: 'member' },
    ],
  });
  expect(created.statusCode).toBe(201);
  return { adminUser, admin, boss, manager, worker, employee, other, outsider, otherManager };
}

describe('timesheets: reading a week', () => {
  it('refuses anonymous calls on every route', async () => {
    for (const res of [
      await t.anonymous.get('/api/timesheets?week=2025-10-27'),
      await t.anonymous.post('/api/timesheets/submit', { week: '2025-10-27' }),
      await t.anonymous.post(`/api/timesheets/${MISSING_ID}/withdraw`),
      await t.anonymous.get('/api/timesheets/review'),
      await t.anonymous.post(`/api/timesheets/${MISSING_ID}/approve`),
      await t.anonymous.post(`/api/timesheets/${MISSING_ID}/reject`, { comment: 'x' }),
      await t.anonymous.post(`/api/timesheets/${MISSING_ID}/reopen`),
    ])
      expect(res.statusCode).toBe(401);
  });

  it('sums tracked, attended and expected per day of the week containing the date, with gaps', async () => {
    const { user, api } = await member('employee');
    // Monday 27 Oct: 8 h tracked, 8 h attended; Tuesday: 6 h tracked, 7 h attended (a gap).
    await fx.entry(user.id, '2025-10-27T07:00:00Z', '2025-10-27T11:00:00Z');
    await fx.entry(user.id, '2025-10-27T12:00:00Z', '2025-10-27T16:00:00Z');
    await fx.attendance(user.id, '2025-10-27T07:00:00Z', '2025-10-27T15:00:00Z');
    await fx.entry(user.id, '2025-10-28T07:00:00Z', '2025-10-28T13:00:00Z');
    await fx.attendance(user.id, '2025-10-28T07:00:00Z', '2025-10-28T14:00:00Z');
    // The week before and the week after stay out.
    await fx.entry(user.id, '2025-10-26T22:00:00Z', '2025-10-26T22:30:00Z'); // Sunday 23:00 Berlin
    const res = await api.get('/api/timesheets?week=2025-10-29');
    expect(res.statusCode).toBe(200);
    const sheet = res.json();
    expect(sheet).toMatchObject({
      id: null,
      userId: user.id,
      weekStart: '2025-10-27',
      weekEnd: '2025-11-02',
      timeZone: 'Europe/Berlin',
      status: 'open',
      locked: false,
      // Wednesday: the week can be submitted from its last working day, Friday.
      submittableFrom: '2025-10-31',
      can: { submit: false, withdraw: false, decide: false, reopen: false },
    });
    expect(sheet.days.map((d: { date: string }) => d.date)).toEqual([
      '2025-10-27',
      '2025-10-28',
      '2025-10-29',
      '2025-10-30',
      '2025-10-31',
      '2025-11-01',
      '2025-11-02',
    ]);
    expect(sheet.days[0]).toMatchObject({
      trackedSeconds: 8 * H,
      attendedSeconds: 8 * H,
      expectedSeconds: 8 * H,
      differenceSeconds: 0,
      gap: false,
    });
    expect(sheet.days[0].entries).toHaveLength(2);
    expect(sheet.days[1]).toMatchObject({
      trackedSeconds: 6 * H,
      attendedSeconds: 7 * H,
      differenceSeconds: -2 * H,
      gap: true,
    });
    expect(sheet.days[5]).toMatchObject({ expectedSeconds: 0, gap: false });
    expect(sheet.totals).toEqual({
      trackedSeconds: 14 * H,
      billableSeconds: 0,
      attendedSeconds: 15 * H,
      expectedSeconds: 40 * H,
      differenceSeconds: -26 * H,
    });
    // The same week from its Sunday.
    expect((await api.get('/api/timesheets?week=2025-11-02')).json().totals.trackedSeconds).toBe(14 * H);
    expect((await api.get('/api/timesheets?week=2025-10-26')).json().totals.trackedSeconds).toBe(H / 2);
  });

  it("shows each day's billable share from the same ledger: switches, overlaps, midnight, a running timer", async () => {
    const { admin, manager, employee, worker, outsider } = await team();
    const billable = (await fx.project({ name: 'Billable', billable: true })).id;
    const internal = (await fx.project({ name: 'Internal', billable: false })).id;
    // Monday 27 Oct (Berlin, UTC+1): 2 h billable, 1 h switched off, 1 h of an internal project switched on.
    await fx.entry(worker.id, '2025-10-27T07:00:00Z', '2025-10-27T09:00:00Z', { projectId: billable });
    await fx.entry(worker.id, '2025-10-27T09:00:00Z', '2025-10-27T10:00:00Z', {
      projectId: billable,
      billable: false,
    });
    await fx.entry(worker.id, '2025-10-27T10:00:00Z', '2025-10-27T11:00:00Z', {
      projectId: internal,
      billable: true,
    });
    // A non-billable entry starting earlier overlaps the first billable one by 30 min: the earlier entry
    // keeps that time (the ledger's rule), so it counts once, as not billable.
    await fx.entry(worker.id, '2025-10-27T06:30:00Z', '2025-10-27T07:30:00Z', { projectId: internal });
    // Tuesday 23:00 → Wednesday 01:00 Berlin, billable: one hour on each day.
    await fx.entry(worker.id, '2025-10-28T22:00:00Z', '2025-10-29T00:00:00Z', { projectId: billable });
    // A running billable timer since 12:00 Berlin on Wednesday (now 13:00): its hour counts.
    const timer = await employee.post('/api/timer/start', { projectId: billable });
    expect(timer.statusCode).toBe(201);
    // (the clock is fixed; the timer started at 13:00 Berlin = now: move its start an hour back)
    await t.db.execute(
      sql`update active_timers set start_time = '2025-10-29T11:00:00Z' where user_id = ${worker.id}`,
    );

    const sheet = (await employee.get('/api/timesheets?week=2025-10-29')).json();
    expect(sheet.days[0]).toMatchObject({ trackedSeconds: 4.5 * H, billableSeconds: 2.5 * H });
    expect(sheet.days[1]).toMatchObject({ trackedSeconds: H, billableSeconds: H });
    expect(sheet.days[2]).toMatchObject({ trackedSeconds: 2 * H, billableSeconds: 2 * H });
    expect(sheet.days[3]).toMatchObject({ trackedSeconds: 0, billableSeconds: 0 });
    expect(sheet.totals).toMatchObject({ trackedSeconds: 7.5 * H, billableSeconds: 5.5 * H });
    const monday = sheet.days[0].entries.map((e: { description: string; billable: boolean }) => e.billable);
    expect(monday.sort()).toEqual([false, false, true, true]);
    expect(sheet.days[2].entries.find((e: { running: boolean }) => e.running)).toMatchObject({
      billable: true,
    });
    // Hours only: nothing about money on the sheet.
    expect(JSON.stringify(sheet)).not.toMatch(/amount|rate|minor/i);

    // The manager and the admin read the same seconds; someone outside the team reads nothing.
    for (const reader of [manager, admin]) {
      const theirs = (await reader.get(`/api/timesheets?week=2025-10-29&userId=${worker.id}`)).json();
      expect(theirs.days.map((d: { billableSeconds: number }) => d.billableSeconds)).toEqual(
        sheet.days.map((d: { billableSeconds: number }) => d.billableSeconds),
      );
    }
    expect((await outsider.get(`/api/timesheets?week=2025-10-29&userId=${worker.id}`)).statusCode).toBe(404);

    // Switching the running timer moves its hour out of the share at once.
    await employee.patch('/api/timer/active', { billable: false });
    const after = (await employee.get('/api/timesheets?week=2025-10-29')).json();
    expect(after.days[2]).toMatchObject({ trackedSeconds: 2 * H, billableSeconds: H });

    // The billable report counts the stopped entries' same seconds (no rounding on these projects).
    await employee.post('/api/timer/stop');
    const report = (
      await admin.get(`/api/reports/billable?from=2025-10-27&to=2025-11-02&groupBy=user`)
    ).json();
    const row = report.rows.find((r: { key: string }) => r.key === worker.id);
    const stopped = (await employee.get('/api/timesheets?week=2025-10-29')).json();
    expect(row.billableSeconds).toBe(stopped.totals.billableSeconds);
    expect(row.billableSeconds + row.nonBillableSeconds).toBe(stopped.totals.trackedSeconds);
  });

  it('counts a DST week correctly in Europe/Berlin (fall back) and America/New_York (spring forward)', async () => {
    const { api: admin } = await member('admin');
    const { user: berlin, api: b } = await member('employee');
    // Sunday 26 Oct, 00:30–03:30 Berlin wall clock across the fall-back: 4 real hours.
    await fx.entry(berlin.id, '2025-10-25T22:30:00Z', '2025-10-26T02:30:00Z');
    // Monday 20 Oct 00:10 Berlin (Sunday 22:10 UTC) belongs to this week; Monday 27 Oct 00:10 (23:10 UTC) does not.
    await fx.entry(berlin.id, '2025-10-19T22:10:00Z', '2025-10-19T23:10:00Z');
    await fx.entry(berlin.id, '2025-10-26T23:10:00Z', '2025-10-27T00:10:00Z');
    const week = (await b.get('/api/timesheets?week=2025-10-22')).json();
    expect(week.days[6]).toMatchObject({ date: '2025-10-26', trackedSeconds: 4 * H });
    expect(week.days[0]).toMatchObject({ date: '2025-10-20', trackedSeconds: H });
    expect(week.totals.trackedSeconds).toBe(5 * H);

    const { user: ny, api: n } = await member('employee');
    await admin.put(`/api/users/${ny.id}/schedule`, {
      minutes: [480, 480, 480, 480, 480, 0, 0],
      timeZone: 'America/New_York',
    });
    // Sunday 9 March, 01:00–04:00 New York wall clock across the spring-forward: 2 real hours.
    await fx.entry(ny.id, '2025-03-09T06:00:00Z', '2025-03-09T08:00:00Z');
    // Monday 3 March 00:30 New York = 05:30 UTC; Monday 10 March 00:30 (EDT) = 04:30 UTC, next week.
    await fx.entry(ny.id, '2025-03-03T05:30:00Z', '2025-03-03T06:30:00Z');
    await fx.entry(ny.id, '2025-03-10T04:30:00Z', '2025-03-10T05:30:00Z');
    // Sunday 9 March 23:30 EDT = 10 March 03:30 UTC: still this week.
    await fx.entry(ny.id, '2025-03-10T03:30:00Z', '2025-03-10T04:00:00Z');
    const nyWeek = (await n.get('/api/timesheets?week=2025-03-05')).json();
    expect(nyWeek.timeZone).toBe('America/New_York');
    expect(nyWeek.weekStart).toBe('2025-03-03');
    expect(nyWeek.days[6]).toMatchObject({ date: '2025-03-09', trackedSeconds: 2.5 * H });
    expect(nyWeek.days[0]).toMatchObject({ date: '2025-03-03', trackedSeconds: H });
    expect(nyWeek.totals).toMatchObject({ trackedSeconds: 3.5 * H, expectedSeconds: 40 * H });
  });

  it("shows others' weeks to their managers and admins only (404 otherwise); bad input 400", async () => {
    const { worker, manager, admin, outsider, otherManager, employee, other } = await team();
    expect((await manager.get(`/api/timesheets?week=2025-10-27&userId=${worker.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/timesheets?week=2025-10-27&userId=${worker.id}`)).json().userId).toBe(
      worker.id,
    );
    for (const api of [outsider, otherManager])
      expect((await api.get(`/api/timesheets?week=2025-10-27&userId=${worker.id}`)).statusCode).toBe(404);
    expect((await employee.get(`/api/timesheets?week=2025-10-27&userId=${other.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/timesheets?week=2025-10-27&userId=${MISSING_ID}`)).statusCode).toBe(404);
    for (const q of ['', '?week=27.10.2025', '?week=2025-10-27&userId=nope'])
      expect((await employee.get(`/api/timesheets${q}`)).statusCode).toBe(400);
  });
});

describe('timesheets: submit, review, decide', () => {
  it('runs submit → reject with a comment → correct → resubmit → approve → locked → reopen (audited)', async () => {
    clock.set('2025-10-31T12:00:00Z'); // Friday, the week's last working day: it may be submitted
    const { worker, employee, manager, boss, admin, adminUser, outsider, otherManager } = await team();
    const project = await fx.project();
    const created = await employee.post('/api/time-entries', {
      projectId: project.id,
      date: '2025-10-27',
      startTime: '09:00',
      endTime: '17:00',
    });
    expect(created.statusCode).toBe(201);
    const entryId = created.json().id;
    // A week that has not begun cannot be submitted.
    const early = await employee.post('/api/timesheets/submit', { week: '2025-11-03' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('A week can be submitted once it has begun');
    const submitted = await employee.post('/api/timesheets/submit', { week: '2025-10-29' });
    expect(submitted.statusCode).toBe(200);
    const id = submitted.json().id;
    expect(submitted.json()).toMatchObject({ status: 'submitted', weekStart: '2025-10-27' });
    expect((await employee.post('/api/timesheets/submit', { week: '2025-10-27' })).json().message).toBe(
      'This week is already submitted',
    );

    // Who sees it in the queue.
    const queue = (await manager.get('/api/timesheets/review')).json();
    expect(queue.map((q: { id: string }) => q.id)).toContain(id);
    expect(queue.find((q: { id: string }) => q.id === id)).toMatchObject({
      userId: worker.id,
      weekStart: '2025-10-27',
      trackedSeconds: 8 * H,
      expectedSeconds: 40 * H,
    });
    expect(
      (await admin.get('/api/timesheets/review?limit=200')).json().map((q: { id: string }) => q.id),
    ).toContain(id);
    expect(
      (await otherManager.get('/api/timesheets/review')).json().map((q: { id: string }) => q.id),
    ).not.toContain(id);
    expect((await employee.get('/api/timesheets/review')).statusCode).toBe(403);

    // Employees never decide; a manager who does not manage them cannot see it.
    expect((await employee.post(`/api/timesheets/${id}/approve`)).statusCode).toBe(403);
    expect((await outsider.post(`/api/timesheets/${id}/approve`)).statusCode).toBe(403);
    expect((await otherManager.post(`/api/timesheets/${id}/approve`)).statusCode).toBe(404);
    expect((await employee.post(`/api/timesheets/${id}/reopen`)).statusCode).toBe(403);
    expect((await manager.post(`/api/timesheets/${id}/reopen`)).statusCode).toBe(403);

    // Reject needs a comment.
    for (const body of [{}, { comment: '   ' }, { comment: 5 }]) {
      const res = await manager.post(`/api/timesheets/${id}/reject`, body);
      expect(res.statusCode).toBe(400);
      if (typeof body.comment !== 'number')
        expect(res.json().message).toBe('A comment is required to reject a week');
    }
    const rejected = await manager.post(`/api/timesheets/${id}/reject`, { comment: 'Tuesday is missing' });
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    const sheet = (await employee.get('/api/timesheets?week=2025-10-27')).json();
    expect(sheet).toMatchObject({
      status: 'rejected',
      comment: 'Tuesday is missing',
      locked: false,
      decidedBy: `${boss.firstName} ${boss.lastName}`,
      can: { submit: true },
    });
    expect((await manager.post(`/api/timesheets/${id}/approve`)).statusCode).toBe(409);

    // Corrected and resubmitted.
    expect(
      (
        await employee.post('/api/time-entries', {
          projectId: project.id,
          date: '2025-10-28',
          startTime: '09:00',
          endTime: '17:30',
        })
      ).statusCode,
    ).toBe(201);
    expect((await employee.post('/api/timesheets/submit', { week: '2025-10-27' })).json()).toMatchObject({
      id,
      status: 'submitted',
    });
    const approved = await manager.post(`/api/timesheets/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    const locked = (await employee.get('/api/timesheets?week=2025-10-27')).json();
    expect(locked).toMatchObject({
      status: 'approved',
      locked: true,
      comment: null,
      can: { submit: false, withdraw: false },
    });
    expect((await employee.patch(`/api/time-entries/${entryId}`, { description: 'x' })).json().message).toBe(
      'This week is locked',
    );
    expect((await employee.post(`/api/timesheets/${id}/withdraw`)).statusCode).toBe(409);

    // Reopen: admins only, audited; the week is editable again.
    const reopened = await admin.post(`/api/timesheets/${id}/reopen`);
    expect(reopened.json()).toMatchObject({ status: 'open' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'timesheet_reopened'), eq(auditLog.targetUserId, worker.id)));
    expect(audit).toMatchObject({
      actorId: adminUser.id,
      details: { timesheetId: id, weekStart: '2025-10-27' },
    });
    expect((await admin.post(`/api/timesheets/${id}/reopen`)).statusCode).toBe(409);
    expect((await employee.patch(`/api/time-entries/${entryId}`, { description: 'fixed' })).statusCode).toBe(
      200,
    );
    expect((await admin.post(`/api/timesheets/${MISSING_ID}/reopen`)).statusCode).toBe(404);
    clock.set('2025-10-29T12:00:00Z');
  });

  it('lets the user withdraw a submitted week; others cannot', async () => {
    const { employee, manager } = await team();
    const { id } = (await employee.post('/api/timesheets/submit', { week: '2025-10-20' })).json();
    expect((await manager.post(`/api/timesheets/${id}/withdraw`)).statusCode).toBe(403);
    const withdrawn = await employee.post(`/api/timesheets/${id}/withdraw`);
    expect(withdrawn.json()).toMatchObject({ status: 'open' });
    expect((await employee.post(`/api/timesheets/${id}/withdraw`)).statusCode).toBe(409);
    const { api: stranger } = await member('employee');
    expect((await stranger.post(`/api/timesheets/${id}/withdraw`)).statusCode).toBe(404);
    expect((await employee.post('/api/timesheets/not-a-uuid/withdraw')).statusCode).toBe(404);
  });

  it('a manager cannot approve their own week; a manager without a manager above is approved by an admin', async () => {
    const { manager, boss, admin, otherManager } = await team();
    const { id } = (await manager.post('/api/timesheets/submit', { week: '2025-10-20' })).json();
    const own = await manager.post(`/api/timesheets/${id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot decide your own timesheet');
    expect(
      (await manager.get('/api/timesheets/review')).json().map((q: { id: string }) => q.id),
    ).not.toContain(id);
    expect((await otherManager.post(`/api/timesheets/${id}/approve`)).statusCode).toBe(404);
    expect((await admin.post(`/api/timesheets/${id}/approve`)).json().status).toBe('approved');
    // An admin's own week needs another admin.
    const { api: secondAdmin } = await member('admin');
    const mine = (await admin.post('/api/timesheets/submit', { week: '2025-10-20' })).json();
    expect((await admin.post(`/api/timesheets/${mine.id}/approve`)).statusCode).toBe(403);
    expect((await secondAdmin.post(`/api/timesheets/${mine.id}/approve`)).statusCode).toBe(200);
    expect(boss.id).toBeTruthy();
  });

  it('refuses to submit before the week’s last scheduled working day, and says from when', async () => {
    const { user, api } = await member('employee');
    const early = await api.post('/api/timesheets/submit', { week: '2025-10-29' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('This week can be submitted from 2025-10-31, its last working day');
    // A Monday-to-Wednesday schedule: its last working day is today.
    const { api: admin } = await member('admin');
    await admin.put(`/api/users/${user.id}/schedule`, { minutes: [480, 480, 480, 0, 0, 0, 0] });
    const sheet = (await api.get('/api/timesheets?week=2025-10-29')).json();
    expect(sheet).toMatchObject({ submittableFrom: '2025-10-29', can: { submit: true } });
    expect((await api.post('/api/timesheets/submit', { week: '2025-10-29' })).statusCode).toBe(200);
  });

  it('refuses to submit with a running timer or an open attendance record in the week', async () => {
    clock.set('2025-10-31T12:00:00Z'); // Friday: the week may be submitted, but for these
    const { api } = await member('employee');
    await api.post('/api/timer/start', { description: 'Running' });
    expect((await api.post('/api/timesheets/submit', { week: '2025-10-27' })).json().message).toBe(
      'Stop your timer before submitting the week',
    );
    await api.post('/api/timer/stop');
    await api.post('/api/attendance/clock-in');
    expect((await api.post('/api/timesheets/submit', { week: '2025-10-27' })).json().message).toBe(
      'Clock out before submitting the week',
    );
    expect((await api.post('/api/timesheets/submit', {})).statusCode).toBe(400);
    clock.set('2025-10-29T12:00:00Z');
  });

  it('pages the review queue oldest first', async () => {
    const { api: admin } = await member('admin');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { api } = await member('employee');
      clock.advance(1000);
      ids.push((await api.post('/api/timesheets/submit', { week: '2025-10-13' })).json().id);
    }
    const all = (await admin.get('/api/timesheets/review?limit=200')).json().map((q: { id: string }) => q.id);
    const ours = all.filter((id: string) => ids.includes(id));
    expect(ours).toEqual(ids);
    const first = (await admin.get('/api/timesheets/review?limit=1')).json();
    const second = (await admin.get(`/api/timesheets/review?limit=1&before=${first[0].id}`)).json();
    expect(second[0].id).toBe(all[1]);
    expect((await admin.get('/api/timesheets/review?limit=0')).statusCode).toBe(400);
    expect((await admin.get('/api/timesheets/review?before=x')).statusCode).toBe(400);
    clock.set('2025-10-29T12:00:00Z');
  });
});

describe('the lock: every write path into a submitted or approved week answers 409', () => {
  /** Marks the user's week as submitted directly, as if they had submitted with the data in place. */
  const lock = (userId: string, weekStart: string, status: 'submitted' | 'approved' = 'submitted') =>
    t.db.insert(timesheets).values({ userId, weekStart, status, submittedAt: clock.now() });

  it('time entries: create, change, move into, delete', async () => {
    const { user, api } = await member('employee');
    const project = await fx.project();
    const inLocked = (await fx.entry(user.id, '2025-10-21T08:00:00Z', '2025-10-21T09:00:00Z')).id;
    const open = (await fx.entry(user.id, '2025-10-28T08:00:00Z', '2025-10-28T09:00:00Z')).id;
    await lock(user.id, '2025-10-20');
    const expectLocked = (res: { statusCode: number; json(): { message: string } }) => {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This week is locked');
    };
    expectLocked(
      await api.post('/api/time-entries', {
        projectId: project.id,
        date: '2025-10-22',
        startTime: '09:00',
        endTime: '10:00',
      }),
    );
    expectLocked(await api.patch(`/api/time-entries/${inLocked}`, { description: 'changed' }));
    expectLocked(await api.patch(`/api/time-entries/${open}`, { date: '2025-10-22' }));
    expectLocked(await api.delete(`/api/time-entries/${inLocked}`));
    // Other weeks stay writable.
    expect((await api.patch(`/api/time-entries/${open}`, { description: 'fine' })).statusCode).toBe(200);
    expect(
      (
        await api.post('/api/time-entries', {
          projectId: project.id,
          date: '2025-10-28',
          startTime: '10:00',
          endTime: '11:00',
        })
      ).statusCode,
    ).toBe(201);
    // An approved week is locked too.
    const { user: u2, api: api2 } = await member('employee');
    const e2 = (await fx.entry(u2.id, '2025-10-21T08:00:00Z', '2025-10-21T09:00:00Z')).id;
    await lock(u2.id, '2025-10-20', 'approved');
    expectLocked(await api2.delete(`/api/time-entries/${e2}`));
  });

  it('timers: starting in a locked week, stopping into one, and a task change that stops one', async () => {
    const { user, api } = await member('employee');
    await api.post('/api/timer/start', { description: 'Late' });
    await lock(user.id, '2025-10-27');
    const stop = await api.post('/api/timer/stop');
    expect(stop.statusCode).toBe(409);
    expect(stop.json().message).toBe('This week is locked');
    expect((await api.get('/api/timer/active')).json().isActive).toBe(true);

    const { user: u2, api: api2 } = await member('employee');
    await lock(u2.id, '2025-10-27');
    const start = await api2.post('/api/timer/start', { description: 'Now' });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe('This week is locked');

    const { user: u3, api: api3 } = await member('employee');
    const task = await fx.task(u3.id, { status: 'in_progress' });
    expect((await api3.post('/api/timer/start', { taskId: task.id })).statusCode).toBe(201);
    await lock(u3.id, '2025-10-27');
    const pause = await api3.patch(`/api/tasks/${task.id}/pause`);
    expect(pause.statusCode).toBe(409);
    expect(pause.json().message).toBe('This week is locked');
  });

  it('attendance: the fix of a record left open in a locked week', async () => {
    const { user, api } = await member('employee');
    await fx.attendance(user.id, '2025-10-21T07:00:00Z', null);
    await lock(user.id, '2025-10-20');
    const fix = await api.post('/api/attendance/fix');
    expect(fix.statusCode).toBe(409);
    expect(fix.json().message).toBe('This week is locked');
  });
});

describe('overtime balance', () => {
  it('sums tracked − expected over approved weeks and over the month so far', async () => {
    const { worker, employee, manager } = await team();
    // Week of 13 Oct: 42 h tracked (5 × 8 h + 2 h on Saturday) → +2 h.
    for (const day of ['13', '14', '15', '16', '17'])
      await fx.entry(worker.id, `2025-10-${day}T07:00:00Z`, `2025-10-${day}T15:00:00Z`);
    await fx.entry(worker.id, '2025-10-18T07:00:00Z', '2025-10-18T09:00:00Z');
    // Week of 20 Oct: 36 h 45 m → −3 h 15 m.
    for (const day of ['20', '21', '22', '23'])
      await fx.entry(worker.id, `2025-10-${day}T07:00:00Z`, `2025-10-${day}T15:00:00Z`);
    await fx.entry(worker.id, '2025-10-24T07:00:00Z', '2025-10-24T11:45:00Z');
    for (const week of ['2025-10-13', '2025-10-20']) {
      const { id } = (await employee.post('/api/timesheets/submit', { week })).json();
      expect((await manager.post(`/api/timesheets/${id}/approve`)).statusCode).toBe(200);
    }
    const sheet = (await employee.get('/api/timesheets?week=2025-10-27')).json();
    expect(sheet.overtime.approvedSeconds).toBe(2 * H - 3.25 * H);
    // October up to Wednesday 29: 21 working days expected (168 h); tracked 42 h + 36.75 h.
    expect(sheet.overtime).toMatchObject({ month: '2025-10', monthSeconds: (42 + 36.75 - 168) * H });
    expect(
      (await manager.get(`/api/timesheets?week=2025-10-27&userId=${worker.id}`)).json().overtime,
    ).toEqual(sheet.overtime);
  });

  it("lists the team's balances as each person's own sheet shows them; scoped by role and team", async () => {
    const { admin, worker, employee, manager, other, otherManager, outsider, boss } = await team();
    await fx.entry(worker.id, '2025-10-20T07:00:00Z', '2025-10-20T17:00:00Z'); // 10 h on a Monday
    const { id } = (await employee.post('/api/timesheets/submit', { week: '2025-10-20' })).json();
    expect((await manager.post(`/api/timesheets/${id}/approve`)).statusCode).toBe(200);
    // A second member in New York: their month is counted in their own zone.
    const { user: ny } = await member('employee', { timeZone: 'America/New_York' });
    const teams = (await admin.get('/api/teams?limit=500')).json();
    const ours = teams.find((x: { members: { userId: string }[] }) =>
      x.members.some((m) => m.userId === worker.id),
    );
    const members = [
      ...ours.members.map((m: { userId: string; role: string }) => ({ userId: m.userId, role: m.role })),
      { userId: ny.id, role: 'member' },
    ];
    expect((await admin.patch(`/api/teams/${ours.id}`, { members })).statusCode).toBe(200);
    await fx.entry(ny.id, '2025-10-01T03:00:00Z', '2025-10-01T05:00:00Z'); // 30 Sep, 23:00 in New York

    const list = await manager.get('/api/timesheets/team-overtime');
    expect(list.statusCode).toBe(200);
    const { rows, scope } = list.json() as {
      rows: { userId: string; approvedSeconds: number; monthSeconds: number }[];
      scope: { kind: string; teams: string[]; zones: string[] };
    };
    // Whose overtime it is, said by the server: the manager's teams, and the zones of their people.
    expect(scope).toMatchObject({
      kind: 'teams',
      teams: [ours.name],
      zones: ['America/New_York', 'Europe/Berlin'],
    });
    // The manager's people only: not the manager, not outsiders.
    expect(rows.map((r) => r.userId).sort()).toEqual([worker.id, ny.id].sort());
    const own = (await employee.get('/api/timesheets?week=2025-10-27')).json().overtime;
    expect(rows.find((r) => r.userId === worker.id)).toMatchObject({
      approvedSeconds: own.approvedSeconds,
      monthSeconds: own.monthSeconds,
    });
    expect(own.approvedSeconds).toBe(10 * H - 40 * H);
    // New York's entry runs 23:00–01:00 there: an hour of September, an hour of October, whose 21
    // working days so far owe 8 h each.
    const nyRow = rows.find((r) => r.userId === ny.id);
    expect(nyRow).toMatchObject({ approvedSeconds: 0, monthSeconds: H - 21 * 8 * H });

    // A team filter: the manager's own team answers; another's is a 403; admins see any, 404 unknown.
    expect((await manager.get(`/api/timesheets/team-overtime?teamId=${ours.id}`)).json()).toMatchObject({
      rows,
      scope: { kind: 'team', teams: [ours.name] },
    });
    expect((await otherManager.get(`/api/timesheets/team-overtime?teamId=${ours.id}`)).statusCode).toBe(403);
    expect((await otherManager.get('/api/timesheets/team-overtime')).json().rows).toEqual([]);
    const byAdmin = (await admin.get(`/api/timesheets/team-overtime?teamId=${ours.id}`)).json().rows;
    expect(byAdmin.map((r: { userId: string }) => r.userId).sort()).toEqual(
      [boss.id, worker.id, ny.id].sort(),
    );
    const everyone = (await admin.get('/api/timesheets/team-overtime')).json();
    expect(everyone.scope.kind).toBe('everyone');
    expect(everyone.rows.map((r: { userId: string }) => r.userId)).toContain(other.id);
    expect((await admin.get(`/api/timesheets/team-overtime?teamId=${MISSING_ID}`)).statusCode).toBe(404);
    expect((await admin.get('/api/timesheets/team-overtime?teamId=nope')).statusCode).toBe(400);
    // Employees never; anonymous callers neither.
    expect((await outsider.get('/api/timesheets/team-overtime')).statusCode).toBe(403);
    expect((await t.anonymous.get('/api/timesheets/team-overtime')).statusCode).toBe(401);
  });
});

describe('someone who joined this month (docs/product/timesheets.md#overtime)', () => {
  it('owes no hours for the days before they joined: the week, its approval, the month, the team list', async () => {
    const { admin } = await team();
    // Joined on Wednesday 22 October 2025, 10:00 in Berlin; tracked 8 h that day.
    const { user, api } = await member('employee', { createdAt: new Date('2025-10-22T08:00:00Z') });
    await fx.entry(user.id, '2025-10-22T07:00:00Z', '2025-10-22T15:00:00Z');

    const week = (await api.get('/api/timesheets?week=2025-10-20')).json();
    expect(week.days.map((d: { expectedSeconds: number }) => d.expectedSeconds / H)).toEqual([
      0, 0, 8, 8, 8, 0, 0,
    ]);
    expect(week.totals.expectedSeconds).toBe(24 * H);

    const { id } = (await api.post('/api/timesheets/submit', { week: '2025-10-20' })).json();
    const queued = (await admin.get('/api/timesheets/review?limit=200'))
      .json()
      .find((q: { id: string }) => q.id === id);
    expect(queued).toMatchObject({ trackedSeconds: 8 * H, expectedSeconds: 24 * H });
    expect((await admin.post(`/api/timesheets/${id}/approve`)).statusCode).toBe(200);

    // October so far from the 22nd: six working days (48 h) against 8 h tracked.
    const overtime = (await api.get('/api/timesheets?week=2025-10-27')).json().overtime;
    expect(overtime).toEqual({ approvedSeconds: (8 - 24) * H, monthSeconds: (8 - 48) * H, month: '2025-10' });
    const row = (await admin.get('/api/timesheets/team-overtime'))
      .json()
      .rows.find((r: { userId: string }) => r.userId === user.id);
    expect(row).toMatchObject({
      approvedSeconds: overtime.approvedSeconds,
      monthSeconds: overtime.monthSeconds,
    });
  });
});

describe('timesheets: notifications (docs/product/notifications.md#events)', () => {
  /** The notifications of one kind a person has in the app. */
  const noticesOf = (userId: string, kind: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

  it('tells the managers of the submitter’s teams that a sheet waits, nobody else; the owner of the decision', async () => {
    const { adminUser, boss, manager, worker, employee } = await team();
    const { user: secondBoss } = await member('manager');
    const { user: strangerBoss } = await member('manager');
    const { user: mate } = await member('employee');
    // A second team where the worker is a member under another manager; a team of someone else.
    const { api: admin } = await member('admin');
    for (const members of [
      [
        { userId: secondBoss.id, role: 'manager' },
        { userId: worker.id, role: 'member' },
      ],
      [
        { userId: strangerBoss.id, role: 'manager' },
        { userId: mate.id, role: 'member' },
      ],
    ])
      expect((await admin.post('/api/teams', { name: `Team ${Math.random()}`, members })).statusCode).toBe(
        201,
      );

    const submitted = await employee.post('/api/timesheets/submit', { week: '2025-10-20' });
    expect(submitted.statusCode).toBe(200);
    const id = submitted.json().id;
    const name = `${worker.firstName} ${worker.lastName}`;
    for (const decider of [boss, secondBoss]) {
      const [n] = await noticesOf(decider.id, 'timesheet_submitted');
      expect(n).toMatchObject({
        title: `${name} submitted the week of 20 Oct 2025 for review`,
        link: '/timesheets',
        actorId: worker.id,
        data: { timesheetId: id, weekStart: '2025-10-20' },
      });
    }
    // Managed people are decided by their managers: admins, other managers and the worker hear nothing.
    for (const nobody of [adminUser, strangerBoss, worker, mate])
      expect(await noticesOf(nobody.id, 'timesheet_submitted')).toEqual([]);
    // 'both' by default: the managers' mail is queued in the same transaction.
    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'notification:timesheet_submitted'));
    expect(mails.map((m) => m.toEmail)).toEqual(expect.arrayContaining([boss.email, secondBoss.email]));

    // Rejected: the owner hears of it with the comment; the deciding manager does not.
    const rejected = await manager.post(`/api/timesheets/${id}/reject`, { comment: 'Tuesday is missing' });
    expect(rejected.statusCode).toBe(200);
    const [no] = await noticesOf(worker.id, 'timesheet_rejected');
    expect(no).toMatchObject({
      title: `${boss.firstName} ${boss.lastName} rejected your timesheet for the week of 20 Oct 2025`,
      body: 'Tuesday is missing',
      link: '/timesheets',
      actorId: boss.id,
    });
    expect(await noticesOf(boss.id, 'timesheet_rejected')).toEqual([]);

    // Resubmitted (the managers are told again), then approved: the owner hears of it.
    expect((await employee.post('/api/timesheets/submit', { week: '2025-10-20' })).statusCode).toBe(200);
    expect(await noticesOf(boss.id, 'timesheet_submitted')).toHaveLength(2);
    expect((await manager.post(`/api/timesheets/${id}/approve`)).statusCode).toBe(200);
    const [yes] = await noticesOf(worker.id, 'timesheet_approved');
    expect(yes).toMatchObject({
      title: `${boss.firstName} ${boss.lastName} approved your timesheet for the week of 20 Oct 2025`,
      body: '',
      actorId: boss.id,
    });
    for (const nobody of [boss, secondBoss, adminUser])
      expect(await noticesOf(nobody.id, 'timesheet_approved')).toEqual([]);
  });

  it('tells every admin (not the submitter, not managers) of a sheet nobody manages', async () => {
    const { user: adminA } = await member('admin');
    const { user: adminB, api: adminBApi } = await member('admin');
    const { user: someManager } = await member('manager');
    const { user: loner, api } = await member('employee');
    expect((await api.post('/api/timesheets/submit', { week: '2025-10-20' })).statusCode).toBe(200);
    for (const admin of [adminA, adminB])
      expect(await noticesOf(admin.id, 'timesheet_submitted')).toHaveLength(1);
    expect(await noticesOf(someManager.id, 'timesheet_submitted')).toEqual([]);
    expect(await noticesOf(loner.id, 'timesheet_submitted')).toEqual([]);
    // An admin's own sheet (nobody manages them) goes to the other admins, never to themselves.
    expect((await adminBApi.post('/api/timesheets/submit', { week: '2025-10-20' })).statusCode).toBe(200);
    expect(await noticesOf(adminB.id, 'timesheet_submitted')).toHaveLength(1);
    expect(await noticesOf(adminA.id, 'timesheet_submitted')).toHaveLength(2);
  });

  it('honours preferences, and writes nothing when the change is refused', async () => {
    const { boss, manager, worker, employee } = await team();
    expect(
      (
        await manager.put('/api/profile/notification-preferences', {
          preferences: [{ kind: 'timesheet_submitted', channel: 'off' }],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await employee.put('/api/profile/notification-preferences', {
          preferences: [{ kind: 'timesheet_rejected', channel: 'email' }],
        })
      ).statusCode,
    ).toBe(200);
    const id = (await employee.post('/api/timesheets/submit', { week: '2025-10-20' })).json().id;
    expect(await noticesOf(boss.id, 'timesheet_submitted')).toEqual([]);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toEmail, boss.email), eq(outbox.kind, 'notification:timesheet_submitted'))),
    ).toEqual([]);
    // A refused reject (no comment) and a refused second submit tell nobody.
    expect((await manager.post(`/api/timesheets/${id}/reject`, { comment: '' })).statusCode).toBe(400);
    expect((await employee.post('/api/timesheets/submit', { week: '2025-10-20' })).statusCode).toBe(409);
    expect((await manager.post(`/api/timesheets/${id}/reject`, { comment: 'Redo' })).statusCode).toBe(200);
    // E-mail only: nothing in the bell, one mail with the comment.
    expect(await noticesOf(worker.id, 'timesheet_rejected')).toEqual([]);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, worker.email), eq(outbox.kind, 'notification:timesheet_rejected')));
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).toContain('Redo');
  });
});
