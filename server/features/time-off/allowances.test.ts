import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '@contract/admin';
import { schedulesApi } from '@contract/schedules';
import { timeOffApi } from '@contract/time-off';
import { addDays } from '@contract/zoned-time';
import { asked, ok, teamOf, timeOffApp } from '../../test/time-off';
import { MISSING_ID, type TestApi } from '../../test/harness';

/**
 * Allowances and balances (docs/product/time-off.md#allowances): pro rata, carry-over and its
 * expiry, adjustments, who reads them; and what a request costs, by property. Now: Friday 15 May
 * 2026, noon in Berlin; the organisation keeps Berlin's holidays.
 */
const NOW = '2026-05-15T10:00:00Z';
let app: Awaited<ReturnType<typeof timeOffApp>>;
beforeAll(async () => {
  app = await timeOffApp(NOW);
});
afterAll(() => app.t.close());

const balance = async (api: TestApi, year?: number, userId?: string) => {
  const rows = await ok(api, timeOffApi.balances, { query: { year, userId } });
  expect(rows).toHaveLength(1);
  return rows[0];
};
/** Asks for vacation and has an admin approve it (nobody manages these people). */
async function vacation(
  api: TestApi,
  startDate: string,
  endDate: string,
  halves: { startHalf?: boolean; endHalf?: boolean } = {},
) {
  const req = await asked(api, { typeId: app.types.vacation, startDate, endDate, ...halves });
  return ok(app.admin.api, timeOffApi.approve, { params: { id: req.id }, body: {} });
}

describe('balances', () => {
  it('gives someone who joined mid-year their entitlement pro rata, and nothing before', async () => {
    // Joined on 1 July 2025 (Berlin): 184 of 365 days of 25 = 12.6 → 12.5.
    const { api, user } = await app.t.userClient('employee', { createdAt: new Date('2025-07-01T08:00:00Z') });
    expect(await balance(api, 2025)).toEqual({
      userId: user.id,
      userName: `${user.firstName} ${user.lastName}`,
      year: 2025,
      entitlementDays: 12.5,
      ownEntitlementDays: null,
      carriedOverDays: 0,
      expiredDays: 0,
      carryOverUntil: '2025-03-31',
      adjustmentDays: 0,
      takenDays: 0,
      plannedDays: 0,
      requestedDays: 0,
      remainingDays: 12.5,
    });
    expect(await balance(api, 2024)).toMatchObject({ entitlementDays: 0, remainingDays: 0 });
    // 2025's unused 12.5 carry over up to the limit (5), expired by 31 March unused.
    expect(await balance(api, 2026)).toMatchObject({
      entitlementDays: 25,
      carriedOverDays: 5,
      expiredDays: 5,
      carryOverUntil: '2026-03-31',
      remainingDays: 25,
    });
    // The day they joined is theirs in their own zone: 30 June 23:30 UTC is 1 July in Berlin.
    const late = await app.t.userClient('employee', { createdAt: new Date('2025-06-30T23:30:00Z') });
    expect((await balance(late.api, 2025)).entitlementDays).toBe(12.5);
    // 1 December: 31 of 365 days → 2.1 → 2.
    const december = await app.t.userClient('employee', { createdAt: new Date('2025-12-01T10:00:00Z') });
    expect((await balance(december.api, 2025)).entitlementDays).toBe(2);
  });

  it('carries unused days over (up to the limit), uses them first and lets the rest expire after the date', async () => {
    const { api, user } = await app.t.userClient('employee', app.joined);
    // 2025: 15 of 25 days taken (June), 10 unused → 5 carried into 2026.
    await vacation(api, '2025-06-02', '2025-06-20');
    expect(await balance(api, 2025)).toMatchObject({
      carriedOverDays: 5,
      // 2024's carried days were not used by 31 March 2025.
      expiredDays: 5,
      // Whit Monday (9 June) is a holiday.
      takenDays: 14,
      remainingDays: 11,
    });
    await vacation(api, '2025-06-23', '2025-06-23');
    // 2026: 2 days in February use the carried-over days; 3 expire after 31 March.
    await vacation(api, '2026-02-09', '2026-02-10');
    expect(await balance(api, 2026)).toEqual(
      expect.objectContaining({
        entitlementDays: 25,
        carriedOverDays: 5,
        expiredDays: 3,
        takenDays: 2,
        plannedDays: 0,
        remainingDays: 25,
      }),
    );
    // Before the date nothing has expired yet.
    app.clock.set('2026-03-15T10:00:00Z');
    try {
      // Sessions idle out over months: sign in again at the new now.
      const then = await app.t.signIn(user);
      expect(await balance(then, 2026)).toMatchObject({ expiredDays: 0, takenDays: 2, remainingDays: 28 });
    } finally {
      app.clock.set(NOW);
    }
    // Planned after today, requested while pending.
    await vacation(api, '2026-06-01', '2026-06-03');
    await asked(api, {
      typeId: app.types.vacation,
      startDate: '2026-07-06',
      endDate: '2026-07-07',
      startHalf: true,
    });
    expect(await balance(api, 2026)).toMatchObject({
      takenDays: 2,
      plannedDays: 3,
      requestedDays: 1.5,
      remainingDays: 22,
    });
    // A later carry-over date (a rule change) keeps the days alive longer.
    await ok(app.admin.api, timeOffApi.savePolicy, {
      body: { entitlementDays: 25, carryOverMaxDays: 5, carryOverUntil: '06-30' },
    });
    try {
      // 2 + 3 days by 30 June use all 5 carried-over days.
      expect(await balance(api, 2026)).toMatchObject({
        carryOverUntil: '2026-06-30',
        expiredDays: 0,
        remainingDays: 25,
      });
    } finally {
      await ok(app.admin.api, timeOffApi.savePolicy, {
        body: { entitlementDays: 25, carryOverMaxDays: 5, carryOverUntil: '03-31' },
      });
    }
  });

  it('adds adjustments and a person’s own entitlement (admins only, audited)', async () => {
    const { api, user } = await app.t.userClient('employee', app.joined);
    const boss = await app.t.userClient('manager', app.joined);
    const params = { userId: user.id };
    for (const other of [api, boss.api]) {
      expect(
        (await other.call(timeOffApi.adjust, { params, body: { year: 2026, days: 2, reason: 'Move' } }))
          .statusCode,
      ).toBe(403);
      expect((await other.call(timeOffApi.setEntitlement, { params, body: { days: 30 } })).statusCode).toBe(
        403,
      );
    }
    const adjusted = await ok(
      app.admin.api,
      timeOffApi.adjust,
      { params, body: { year: 2026, days: 2, reason: 'Moved house' } },
      201,
    );
    expect(adjusted).toMatchObject({
      userId: user.id,
      year: 2026,
      adjustmentDays: 2,
      remainingDays: 25 + 5 - 5 + 2,
    });
    await ok(
      app.admin.api,
      timeOffApi.adjust,
      { params, body: { year: 2026, days: -0.5, reason: 'Correction' } },
      201,
    );
    expect((await balance(api, 2026)).adjustmentDays).toBe(1.5);
    // Another year's adjustment stays in its year.
    await ok(
      app.admin.api,
      timeOffApi.adjust,
      { params, body: { year: 2027, days: 3, reason: 'Next year' } },
      201,
    );
    expect((await balance(api, 2026)).adjustmentDays).toBe(1.5);
    const own = await ok(app.admin.api, timeOffApi.setEntitlement, { params, body: { days: 30 } });
    expect(own).toMatchObject({ year: 2026, entitlementDays: 30, ownEntitlementDays: 30 });
    expect((await balance(api, 2026)).remainingDays).toBe(30 + 5 - 5 + 1.5);
    expect(
      (await ok(app.admin.api, timeOffApi.setEntitlement, { params, body: { days: null } })).entitlementDays,
    ).toBe(25);
    for (const [body, message] of [
      [{ year: 2026, days: 0, reason: 'Nothing' }, 'Enter the days to add (or remove, below zero)'],
      [{ year: 2026, days: 0.3, reason: 'Odd' }, 'Days go in halves'],
      [{ year: 2026, days: 1, reason: '' }, 'Give a reason'],
      [{ year: 1800, days: 1, reason: 'Old' }, 'Choose a year between 1900 and 2999'],
    ] as const) {
      const res = await app.admin.api.call(timeOffApi.adjust, { params, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (
        await app.admin.api.call(timeOffApi.adjust, {
          params: { userId: MISSING_ID },
          body: { year: 2026, days: 1, reason: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.admin.api.call(timeOffApi.setEntitlement, {
          params: { userId: MISSING_ID },
          body: { days: 1 },
        })
      ).statusCode,
    ).toBe(404);
    const audit = await ok(app.admin.api, adminApi.audit, {
      query: { action: 'allowance_adjusted', targetId: user.id },
    });
    expect(audit.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        { year: 2026, days: 2, reason: 'Moved house' },
        { year: 2026, days: -0.5, reason: 'Correction' },
        { entitlement: { from: null, to: 30 } },
        { entitlement: { from: 30, to: null } },
      ]),
    );
  });

  it('lets only an admin set or clear a person’s own entitlement, refuses bad days with a clear message, and audits it', async () => {
    // The person's own manager may read their balance but not change their entitlement.
    const { anna, boss } = await teamOf(app);
    const params = { userId: anna.user.id };
    for (const other of [anna.api, boss.api]) {
      const res = await other.call(timeOffApi.setEntitlement, { params, body: { days: 40 } });
      expect(res.statusCode).toBe(403);
    }
    expect((await balance(anna.api, 2026)).ownEntitlementDays).toBeNull();
    for (const [days, message] of [
      [-1, 'Entitlement must be between 0 and 366 days'],
      [367, 'Entitlement must be between 0 and 366 days'],
      [100_000, 'Entitlement must be between 0 and 366 days'],
      ['thirty', 'Entitlement must be a number of days'],
      [undefined, 'Entitlement must be a number of days'],
      [20.3, 'Days go in halves'],
    ] as const) {
      const res = await app.admin.api.call(timeOffApi.setEntitlement, { params, body: { days } as never });
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const set = await ok(app.admin.api, timeOffApi.setEntitlement, { params, body: { days: 28.5 } });
    expect(set).toMatchObject({ userId: anna.user.id, entitlementDays: 28.5, ownEntitlementDays: 28.5 });
    // Everyone reading the balance sees the person's own days: the person, their manager, the admin.
    for (const api of [anna.api, boss.api, app.admin.api])
      expect(await balance(api, 2026, anna.user.id)).toMatchObject({
        entitlementDays: 28.5,
        ownEntitlementDays: 28.5,
      });
    const cleared = await ok(app.admin.api, timeOffApi.setEntitlement, { params, body: { days: null } });
    expect(cleared).toMatchObject({ entitlementDays: 25, ownEntitlementDays: null });
    const audit = await ok(app.admin.api, adminApi.audit, {
      query: { action: 'allowance_adjusted', targetId: anna.user.id },
    });
    // Both at the same (fixed) time: in either order.
    expect(audit).toHaveLength(2);
    expect(audit.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        { entitlement: { from: null, to: 28.5 } },
        { entitlement: { from: 28.5, to: null } },
      ]),
    );
  });

  it("shows one's own balance, a manager their people's (by team), an admin everyone's; others' 404", async () => {
    const people = await teamOf(app);
    const { anna, ben, boss, outsider, otherBoss, team } = people;
    const names = async (api: TestApi, query: Record<string, string> = {}) =>
      (await ok(api, timeOffApi.balances, { query })).map((b) => b.userId);
    expect(await names(anna.api)).toEqual([anna.user.id]);
    expect(await names(boss.api, { teamId: team.id })).toEqual(
      expect.arrayContaining([anna.user.id, ben.user.id, boss.user.id]),
    );
    expect(await names(boss.api)).not.toContain(outsider.user.id);
    expect(await names(app.admin.api)).toEqual(
      expect.arrayContaining([anna.user.id, outsider.user.id, boss.user.id]),
    );
    expect(await names(app.admin.api, { userId: anna.user.id })).toEqual([anna.user.id]);
    for (const [api, query] of [
      [otherBoss.api, { teamId: team.id }],
      [anna.api, { teamId: team.id }],
      [app.admin.api, { teamId: MISSING_ID }],
      [otherBoss.api, { userId: anna.user.id }],
      [ben.api, { userId: anna.user.id }],
    ] as const) {
      expect((await api.call(timeOffApi.balances, { query })).statusCode).toBe(404);
    }
    for (const query of [{ year: 'soon' }, { year: '1800' }, { userId: 'anna' }, { teamId: 'x' }]) {
      expect((await anna.api.call(timeOffApi.balances, { query: query as never })).statusCode).toBe(400);
    }
  });
});

describe('what a request costs', () => {
  /**
   * For any schedule and any range of days of one year: the cost is the days the schedule asks
   * something of, less Berlin's holidays, half ends counting half; the seconds are those days'
   * scheduled time. Asked through the form's preview.
   */
  it('counts the working days of the person’s schedule, less holidays, half ends half (property)', async () => {
    const { api, user } = await app.t.userClient('employee', app.joined);
    const holidays = new Set(
      (await ok(api, timeOffApi.holidays, { query: { year: 2026 } })).map((h) => h.date),
    );
    const scenario = fc.record({
      minutes: fc.array(fc.constantFrom(0, 240, 360, 480), { minLength: 7, maxLength: 7 }),
      start: fc.integer({ min: 0, max: 340 }),
      length: fc.integer({ min: 0, max: 24 }),
      startHalf: fc.boolean(),
      endHalf: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ minutes, start, length, startHalf, endHalf }) => {
        const startDate = addDays('2026-01-01', start);
        const endDate = addDays(startDate, length);
        fc.pre(endDate <= '2026-12-31' && !(length === 0 && startHalf && endHalf));
        await ok(app.admin.api, schedulesApi.put, {
          params: { id: user.id },
          body: { minutes, timeZone: null },
        });
        let days = 0;
        let seconds = 0;
        for (let d = startDate; d <= endDate; d = addDays(d, 1)) {
          const weekday = (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;
          if (minutes[weekday] === 0 || holidays.has(d)) continue;
          let part = 1;
          if (d === startDate && startHalf) part -= 0.5;
          if (d === endDate && endHalf) part -= 0.5;
          days += part;
          seconds += minutes[weekday] * 60 * part;
        }
        const preview = await ok(api, timeOffApi.preview, {
          body: { typeId: app.types.vacation, startDate, endDate, startHalf, endHalf },
        });
        expect(preview.days).toBe(days);
        expect(preview.seconds).toBe(seconds);
        if (days === 0)
          expect(preview.problem).toBe('These days ask nothing of you: no working day is in the range');
        else expect(preview.remainingAfterDays).toBe(25 - days);
      }),
      { numRuns: 40 },
    );
  });

  it('costs an hourly request its hours (at most the day’s scheduled time) and no days', async () => {
    const { api } = await app.t.userClient('employee', app.joined);
    const preview = await ok(api, timeOffApi.preview, {
      body: { typeId: app.types.compensation, startDate: '2026-05-18', endDate: '2026-05-18', hours: 2.5 },
    });
    expect(preview).toMatchObject({ days: 0, seconds: 2.5 * 3600, remainingAfterDays: null });
    const capped = await ok(api, timeOffApi.preview, {
      body: { typeId: app.types.compensation, startDate: '2026-05-18', endDate: '2026-05-18', hours: 10 },
    });
    expect(capped.seconds).toBe(8 * 3600);
    // Whit Monday (25 May 2026) is a holiday: nothing to take.
    const holiday = await ok(api, timeOffApi.preview, {
      body: { typeId: app.types.compensation, startDate: '2026-05-25', endDate: '2026-05-25', hours: 2 },
    });
    expect(holiday).toMatchObject({ days: 0, seconds: 0 });
    expect(holiday.problem).toBe('These days ask nothing of you: no working day is in the range');
  });
});
