import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeOffApi } from '@contract/time-off';
import { asked, ok, teamOf, timeOffApp } from '../../test/time-off';
import { MISSING_ID, type TestApi } from '../../test/harness';

/**
 * The absence calendar and "who's out today" (docs/product/time-off.md#who): whom the caller sees,
 * a private type as "Out" to peers, pending requests only where the caller reads the person's own.
 * Now: Wednesday 29 October 2025, 13:00 in Berlin.
 */
let app: Awaited<ReturnType<typeof timeOffApp>>;
let people: Awaited<ReturnType<typeof teamOf>>;
let ids: { sick: string; pending: string; approved: string; outsider: string };
beforeAll(async () => {
  app = await timeOffApp('2025-10-29T12:00:00Z');
  people = await teamOf(app);
  const { anna, ben, outsider, boss } = people;
  const sick = await asked(anna.api, {
    typeId: app.types.sick,
    startDate: '2025-10-29',
    endDate: '2025-10-31',
    note: 'Flu',
  });
  const pending = await asked(ben.api, {
    typeId: app.types.vacation,
    startDate: '2025-11-10',
    endDate: '2025-11-14',
  });
  const approved = await asked(ben.api, {
    typeId: app.types.vacation,
    startDate: '2025-12-22',
    endDate: '2025-12-23',
    note: 'Home',
  });
  await ok(boss.api, timeOffApi.approve, { params: { id: approved.id }, body: { comment: 'Fine' } });
  const out = await asked(outsider.api, {
    typeId: app.types.sick,
    startDate: '2025-10-29',
    endDate: '2025-10-29',
  });
  ids = { sick: sick.id, pending: pending.id, approved: approved.id, outsider: out.id };
});
afterAll(() => app.t.close());

const calendar = (api: TestApi, teamId?: string, from = '2025-10-27', to = '2025-12-26') =>
  ok(api, timeOffApi.calendar, { query: { from, to, teamId } });

describe('the absence calendar', () => {
  it("shows a peer the team's approved absences, a private type as 'Out' without note or comment", async () => {
    const { anna, ben, boss } = people;
    const cal = await calendar(anna.api);
    expect(cal.people.map((p) => p.name).sort()).toEqual(['Anna Adler', 'Ben Berg', 'Maria Boss']);
    expect(cal.people.find((p) => p.userId === ben.user.id)?.teamNames).toHaveLength(1);
    // Their own sick leave in full, Ben's approved vacation; not Ben's pending one, nor the outsider's.
    expect(cal.absences.map((a) => a.id)).toEqual([ids.sick, ids.approved]);
    expect(cal.absences[0]).toMatchObject({ typeName: 'Sick leave', note: 'Flu', days: 3 });
    const benCal = await calendar(ben.api);
    expect(benCal.absences.map((a) => a.id)).toEqual([ids.sick, ids.pending, ids.approved]);
    expect(benCal.absences[0]).toMatchObject({
      userName: 'Anna Adler',
      typeId: null,
      typeName: 'Out',
      color: '#94a3b8',
      note: null,
      comment: null,
      status: 'approved',
      can: { decide: false, cancel: false },
    });
    // The manager reads reasons and pending requests of their people.
    const bossCal = await calendar(boss.api);
    expect(bossCal.absences.map((a) => a.id)).toEqual([ids.sick, ids.pending, ids.approved]);
    expect(bossCal.absences[0]).toMatchObject({ typeName: 'Sick leave', note: 'Flu' });
    expect(bossCal.absences[1]).toMatchObject({ status: 'pending', can: { decide: true, cancel: true } });
    // Holidays of the range.
    expect(cal.holidays.map((h) => h.date)).toEqual(['2025-12-25', '2025-12-26']);
  });

  it('lets admins see everyone or any team; others only their own teams (404)', async () => {
    const { anna, team, outsider, otherBoss } = people;
    const all = await calendar(app.admin.api);
    expect(all.absences.map((a) => a.id)).toEqual(expect.arrayContaining(Object.values(ids)));
    expect(all.people.map((p) => p.userId)).toContain(outsider.user.id);
    expect((await calendar(app.admin.api, team.id)).people.map((p) => p.userId)).not.toContain(
      outsider.user.id,
    );
    expect((await calendar(anna.api, team.id)).absences.map((a) => a.id)).toEqual([ids.sick, ids.approved]);
    for (const [api, teamId] of [
      [outsider.api, team.id],
      [otherBoss.api, team.id],
      [app.admin.api, MISSING_ID],
    ] as const) {
      const res = await api.call(timeOffApi.calendar, {
        query: { from: '2025-11-01', to: '2025-11-30', teamId },
      });
      expect(res.statusCode).toBe(404);
    }
    // The outsider's own calendar holds their team and themselves only.
    const own = await calendar(outsider.api);
    expect(own.absences.map((a) => a.id)).toEqual([ids.outsider]);
  });

  it('refuses a reversed range, more than two months and bad dates', async () => {
    const { anna } = people;
    for (const [query, message] of [
      [{ from: '2025-11-30', to: '2025-11-01' }, 'The last day must not be before the first'],
      [{ from: '2025-11-01', to: '2026-01-03' }, 'Show at most two months at a time'],
      [{ from: '2025-11-31', to: '2025-12-01' }, 'Enter a real calendar date'],
      [{ from: '2025-11-01', to: '2025-12-01', teamId: 'team' }, 'Choose a team'],
    ] as const) {
      const res = await anna.api.call(timeOffApi.calendar, { query });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // A calendar across the new year is fine (two months at most).
    const turn = await ok(anna.api, timeOffApi.calendar, { query: { from: '2025-12-15', to: '2026-01-15' } });
    expect(turn.holidays.map((h) => h.date)).toEqual(['2025-12-25', '2025-12-26', '2026-01-01']);
  });
});

describe("who's out today", () => {
  it("lists today's approved absences of the caller's teams (admins: everyone's)", async () => {
    const { anna, ben, outsider } = people;
    const forBen = await ok(ben.api, timeOffApi.outToday, {});
    expect(forBen.date).toBe('2025-10-29');
    expect(forBen.people.map((p) => [p.id, p.typeName])).toEqual([[ids.sick, 'Out']]);
    expect((await ok(anna.api, timeOffApi.outToday, {})).people.map((p) => p.typeName)).toEqual([
      'Sick leave',
    ]);
    expect((await ok(outsider.api, timeOffApi.outToday, {})).people.map((p) => p.id)).toEqual([ids.outsider]);
    expect((await ok(app.admin.api, timeOffApi.outToday, {})).people.map((p) => p.id).sort()).toEqual(
      [ids.sick, ids.outsider].sort(),
    );
    // Anna's sick leave ended on Friday the 31st: on Saturday nobody is out.
    app.clock.set('2025-11-01T09:00:00Z');
    try {
      const later = await app.t.signIn(ben.user);
      expect(await ok(later, timeOffApi.outToday, {})).toEqual({ date: '2025-11-01', people: [] });
    } finally {
      app.clock.set('2025-10-29T12:00:00Z');
    }
  });
});
