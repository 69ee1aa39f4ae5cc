import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '@contract/admin';
import { timeOffApi } from '@contract/time-off';
import { teamMembers, users } from '../../db/schema';
import { asked, ok, teamOf, timeOffApp } from '../../test/time-off';
import type { TestApi } from '../../test/harness';

/**
 * Calendar feeds (docs/product/time-off.md#feeds), read with a real iCalendar parser (ical.js): the
 * right all-day events, never a private reason or a note, 404 once revoked. Now: 29 October 2025.
 */
let app: Awaited<ReturnType<typeof timeOffApp>>;
let people: Awaited<ReturnType<typeof teamOf>>;
beforeAll(async () => {
  app = await timeOffApp('2025-10-29T12:00:00Z');
  people = await teamOf(app);
  const { anna, ben, boss } = people;
  await asked(anna.api, {
    typeId: app.types.sick,
    startDate: '2025-10-29',
    endDate: '2025-10-31',
    note: 'Flu',
  });
  const vac = await asked(anna.api, {
    typeId: app.types.vacation,
    startDate: '2025-11-10',
    endDate: '2025-11-14',
    note: 'Secret trip',
  });
  await ok(boss.api, timeOffApi.approve, { params: { id: vac.id }, body: { comment: 'Private comment' } });
  await asked(anna.api, {
    typeId: app.types.vacation,
    startDate: '2025-12-01',
    endDate: '2025-12-01',
    endHalf: true,
  });
  await asked(ben.api, { typeId: app.types.vacation, startDate: '2025-11-17', endDate: '2025-11-18' });
  const rejected = await asked(ben.api, {
    typeId: app.types.vacation,
    startDate: '2025-11-24',
    endDate: '2025-11-24',
  });
  await ok(boss.api, timeOffApi.reject, { params: { id: rejected.id }, body: { comment: 'No' } });
});
afterAll(() => app.t.close());

const tokenOf = (url: string) => {
  const match = /\/api\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(url);
  if (!match) throw new Error(`not a feed URL: ${url}`);
  return match[1];
};
const fetchFeed = (url: string) => app.t.anonymous.call(timeOffApi.feed, { params: { token: tokenOf(url) } });

type Event = { summary: string; start: string; end: string; allDay: boolean; status: string; uid: string };
/** The feed's events as a calendar app reads them. */
async function events(url: string): Promise<{ name: string; events: Event[]; text: string }> {
  const res = await fetchFeed(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  expect(res.headers['cache-control']).toBe('private, max-age=300');
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  const list = calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      summary: e.summary,
      start: e.startDate.toString(),
      end: e.endDate.toString(),
      allDay: e.startDate.isDate && e.endDate.isDate,
      status: String(v.getFirstPropertyValue('status')),
      uid: e.uid,
    };
  });
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname') ?? calendar.getFirstPropertyValue('name')),
    events: list.sort((a, b) => a.start.localeCompare(b.start) || a.summary.localeCompare(b.summary)),
    text: res.body,
  };
}
const make = async (api: TestApi, body: { scope: 'mine' | 'team'; teamId?: string }) =>
  ok(api, timeOffApi.createFeed, { body }, 201);

describe('calendar feeds', () => {
  it("gives a person their own absences (pending as tentative) and holidays, all day, without reasons' text", async () => {
    const { anna } = people;
    const feed = await make(anna.api, { scope: 'mine' });
    expect(feed).toMatchObject({ scope: 'mine', teamId: null, teamName: null });
    expect(feed.url).toMatch(/^http.*\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const { name, events: list, text } = await events(feed.url);
    expect(name).toBe('Workbench: my time off');
    const leave = list.filter((e) => e.uid.startsWith('leave-'));
    expect(leave.map(({ uid, ...e }) => e)).toEqual([
      // A private type is "Out", even in one's own feed (a shared calendar shows it to others).
      { summary: 'Out', start: '2025-10-29', end: '2025-11-01', allDay: true, status: 'CONFIRMED' },
      { summary: 'Vacation', start: '2025-11-10', end: '2025-11-15', allDay: true, status: 'CONFIRMED' },
      {
        summary: 'Vacation (half day) (requested)',
        start: '2025-12-01',
        end: '2025-12-02',
        allDay: true,
        status: 'TENTATIVE',
      },
    ]);
    const holidays = list.filter((e) => e.uid.startsWith('holiday-'));
    expect(holidays.map((e) => e.start)).toEqual(
      expect.arrayContaining(['2025-10-03', '2025-12-25', '2025-12-26', '2026-01-01', '2026-10-03']),
    );
    expect(holidays.find((e) => e.start === '2025-12-25')).toMatchObject({
      summary: 'Christmas Day',
      end: '2025-12-26',
      allDay: true,
    });
    // A year back and a year ahead, no further.
    expect(list.every((e) => e.start >= '2024-10-28' && e.start <= '2026-10-30')).toBe(true);
    for (const secret of ['Flu', 'Secret trip', 'Private comment', 'Sick leave'])
      expect(text).not.toContain(secret);
  });

  it('names a company day as one, in the person’s and the team’s feed (not as a public holiday)', async () => {
    const { anna, team } = people;
    const eve = await ok(
      app.admin.api,
      timeOffApi.addHoliday,
      { body: { date: '2025-12-24', kind: 'added', name: 'Christmas Eve', halfDay: true } },
      201,
    );
    try {
      for (const body of [{ scope: 'mine' as const }, { scope: 'team' as const, teamId: team.id }]) {
        const feed = await make(anna.api, body);
        const { events: list } = await events(feed.url);
        expect(list.find((e) => e.start === '2025-12-24')).toMatchObject({
          summary: 'Christmas Eve (company day, half day)',
          end: '2025-12-25',
          allDay: true,
        });
        expect(list.find((e) => e.start === '2025-12-25')?.summary).toBe('Christmas Day');
      }
    } finally {
      await ok(app.admin.api, timeOffApi.removeHoliday, { params: { id: eve.id as string } }, 204);
    }
  });

  it("gives a team's feed its approved absences by name and its holidays; a team of one's own only", async () => {
    const { ben, team, outsider } = people;
    const feed = await make(ben.api, { scope: 'team', teamId: team.id });
    expect(feed).toMatchObject({ scope: 'team', teamId: team.id, teamName: team.name });
    const { name, events: list, text } = await events(feed.url);
    expect(name).toBe(`Workbench: ${team.name} absences`);
    expect(list.filter((e) => e.uid.startsWith('leave-')).map((e) => [e.summary, e.start, e.end])).toEqual([
      ['Anna Adler: Out', '2025-10-29', '2025-11-01'],
      ['Anna Adler: Vacation', '2025-11-10', '2025-11-15'],
    ]);
    expect(list.some((e) => e.summary === 'Christmas Day')).toBe(true);
    for (const secret of ['Flu', 'Secret trip', 'Private comment', 'Sick leave', 'requested']) {
      expect(text).not.toContain(secret);
    }
    for (const [body, status] of [
      [{ scope: 'team', teamId: team.id }, 404],
      [{ scope: 'team' }, 400],
      [{ scope: 'all' }, 400],
    ] as const) {
      expect((await outsider.api.call(timeOffApi.createFeed, { body: body as never })).statusCode).toBe(
        status,
      );
    }
    // An admin may follow any team.
    const admins = await make(app.admin.api, { scope: 'team', teamId: team.id });
    expect((await events(admins.url)).events.length).toBe(list.length);
  });

  it('answers 404 once revoked, for an unknown token, a deactivated owner or one who left the team', async () => {
    const { anna, ben, team } = people;
    const first = await make(anna.api, { scope: 'mine' });
    const second = await make(anna.api, { scope: 'mine' });
    expect(second.url).not.toBe(first.url);
    expect((await ok(anna.api, timeOffApi.feeds, {})).map((f) => f.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    // Nobody else revokes it.
    expect((await ben.api.call(timeOffApi.revokeFeed, { params: { id: first.id } })).statusCode).toBe(404);
    expect((await anna.api.call(timeOffApi.revokeFeed, { params: { id: first.id } })).statusCode).toBe(204);
    const revoked = await fetchFeed(first.url);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toBe('Calendar feed not found');
    expect((await anna.api.call(timeOffApi.revokeFeed, { params: { id: first.id } })).statusCode).toBe(404);
    expect((await ok(anna.api, timeOffApi.feeds, {})).map((f) => f.id)).not.toContain(first.id);
    // The regenerated one works.
    expect((await fetchFeed(second.url)).statusCode).toBe(200);
    const unknown = await app.t.anonymous.call(timeOffApi.feed, { params: { token: 'a'.repeat(43) } });
    expect(unknown.statusCode).toBe(404);

    // An owner who left the team loses its feed; a deactivated owner every feed.
    const teamFeed = await make(ben.api, { scope: 'team', teamId: team.id });
    const benMine = await make(ben.api, { scope: 'mine' });
    await app.t.db.delete(teamMembers).where(eq(teamMembers.userId, ben.user.id));
    expect((await fetchFeed(teamFeed.url)).statusCode).toBe(404);
    expect((await fetchFeed(benMine.url)).statusCode).toBe(200);
    await app.t.db.update(users).set({ isActive: false }).where(eq(users.id, ben.user.id));
    expect((await fetchFeed(benMine.url)).statusCode).toBe(404);

    const audit = await ok(app.admin.api, adminApi.audit, { query: { targetId: anna.user.id } });
    expect(
      audit.filter((e) => e.action.startsWith('calendar_feed')).map((e) => [e.action, e.details?.feedId]),
    ).toEqual(
      expect.arrayContaining([
        ['calendar_feed_created', first.id],
        ['calendar_feed_created', second.id],
        ['calendar_feed_revoked', first.id],
      ]),
    );
  });

  it('keeps at most ten open feeds a person', async () => {
    const { api } = await app.t.userClient('employee', app.joined);
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await make(api, { scope: 'mine' }));
    const eleventh = await api.call(timeOffApi.createFeed, { body: { scope: 'mine' } });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe('You have 10 calendar feeds: revoke one before making another');
    await ok(api, timeOffApi.revokeFeed, { params: { id: made[0].id } }, 204);
    await make(api, { scope: 'mine' });
  });

  it("writes a feed in its owner's language (docs/decisions/035-languages.md#exports)", async () => {
    const { anna } = people;
    await app.t.db.update(users).set({ language: 'de' }).where(eq(users.id, anna.user.id));
    try {
      const feed = await make(anna.api, { scope: 'mine' });
      const { name, events: list, text } = await events(feed.url);
      expect(name).toBe('Workbench: meine Abwesenheiten');
      expect(list.filter((e) => e.uid.startsWith('leave-')).map((e) => e.summary)).toEqual([
        'Abwesend',
        'Vacation',
        'Vacation (halber Tag) (beantragt)',
      ]);
      expect(text).toContain('PRODID:-//Workbench//time-off//DE');
    } finally {
      await app.t.db.update(users).set({ language: null }).where(eq(users.id, anna.user.id));
    }
  });
});
