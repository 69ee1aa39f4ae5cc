import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import type { TestContext } from '../../test/harness';
import { berlinTimeApp, type timeFixtures } from '../../test/time-fixtures';

// Europe/Berlin springs forward on 2025-03-30 (02:00 → 03:00): that day has 23 hours.
const clock = fixedClock('2025-03-30T12:00:00Z'); // 14:00 in Berlin
let t: TestContext;
let fx: ReturnType<typeof timeFixtures>;
let projectId: string;
beforeAll(async () => {
  ({ t, fx, projectId } = await berlinTimeApp(clock));
});
afterAll(() => t.close());

const manual = (fields: Record<string, unknown> = {}) => ({
  projectId,
  description: 'Planning',
  date: '2025-03-28',
  startTime: '09:00',
  endTime: '10:30',
  ...fields,
});

describe('time entry routes', () => {
  it('need a session', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['get', '/api/time-entries'],
      ['get', '/api/time-entries/summary'],
      ['get', '/api/time-entries/export?from=2025-03-01&to=2025-03-31'],
      ['post', '/api/time-entries'],
      ['patch', `/api/time-entries/${id}`],
      ['delete', `/api/time-entries/${id}`],
    ] as const) {
      const res = await t.anonymous[method](url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('adds a manual entry in the org zone with a server-computed duration', async () => {
    const { api } = await t.userClient('employee');
    const res = await api.post('/api/time-entries', manual({ duration: 999_999 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      projectId,
      project: 'Apollo',
      description: 'Planning',
      date: '2025-03-28',
      startTime: '2025-03-28T08:00:00.000Z',
      endTime: '2025-03-28T09:30:00.000Z',
      duration: 5400,
    });
    // 01:30 CET → 03:30 CEST is one real hour: the skipped hour does not count.
    const dst = await api.post(
      '/api/time-entries',
      manual({ date: '2025-03-30', startTime: '01:30', endTime: '03:30' }),
    );
    expect(dst.json()).toMatchObject({
      startTime: '2025-03-30T00:30:00.000Z',
      duration: 3600,
      date: '2025-03-30',
    });
  });

  it('refuses reversed, empty, future and malformed entries with 400 and clear messages', async () => {
    const { api } = await t.userClient('employee');
    const expectations: [Record<string, unknown>, string][] = [
      [manual({ endTime: '09:00' }), 'End time must be after start time'],
      // An end before the start is on the next day: 22:00 on the 29th to 14:30 on the 30th ends after
      // now (14:00 on the 30th).
      [
        manual({ date: '2025-03-29', startTime: '22:00', endTime: '14:30' }),
        'Time entries cannot be in the future',
      ],
      [
        manual({ date: '2025-03-30', startTime: '13:00', endTime: '15:00' }),
        'Time entries cannot be in the future',
      ],
      [manual({ date: '2025-04-02' }), 'Time entries cannot be in the future'],
      [manual({ projectId: undefined }), 'Please select a project'],
      [manual({ projectId: '00000000-0000-4000-8000-000000000000' }), 'Please select a project'],
      [manual({ date: '28.03.2025' }), 'Use the format YYYY-MM-DD'],
      [manual({ startTime: '25:00' }), 'Use the format HH:MM'],
      [manual({ description: 'x'.repeat(501) }), 'Description is too long'],
      [manual({ description: 5 }), 'Description must be text'],
    ];
    for (const [body, message] of expectations) {
      const res = await api.post('/api/time-entries', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await api.get('/api/time-entries')).json()).toEqual([]);
  });

  it('lists newest first with limit and a before cursor', async () => {
    const { user, api } = await t.userClient('employee');
    for (let day = 1; day <= 5; day += 1)
      await fx.entry(user.id, `2025-03-0${day}T08:00:00Z`, `2025-03-0${day}T09:00:00Z`, {
        description: `d${day}`,
      });
    const first = (await api.get('/api/time-entries?limit=2')).json();
    expect(first.map((e: { description: string }) => e.description)).toEqual(['d5', 'd4']);
    const next = (await api.get(`/api/time-entries?limit=2&before=${first[1].id}`)).json();
    expect(next.map((e: { description: string }) => e.description)).toEqual(['d3', 'd2']);
    const last = (await api.get(`/api/time-entries?limit=2&before=${next[1].id}`)).json();
    expect(last.map((e: { description: string }) => e.description)).toEqual(['d1']);
    expect((await api.get('/api/time-entries?limit=0')).statusCode).toBe(400);
    expect((await api.get('/api/time-entries?limit=501')).statusCode).toBe(400);
    expect((await api.get('/api/time-entries?before=junk')).statusCode).toBe(400);
  });

  it('edits and deletes only own entries; others get 404', async () => {
    const { api } = await t.userClient('employee');
    const { api: stranger } = await t.userClient('admin');
    const entry = (await api.post('/api/time-entries', manual())).json();
    expect((await stranger.patch(`/api/time-entries/${entry.id}`, { description: 'mine' })).statusCode).toBe(
      404,
    );
    expect((await stranger.delete(`/api/time-entries/${entry.id}`)).statusCode).toBe(404);
    expect((await api.patch('/api/time-entries/not-a-uuid', { description: 'x' })).statusCode).toBe(404);

    const renamed = await api.patch(`/api/time-entries/${entry.id}`, { description: 'Review' });
    expect(renamed.json()).toMatchObject({ description: 'Review', duration: 5400 });
    const moved = await api.patch(`/api/time-entries/${entry.id}`, { endTime: '11:00' });
    expect(moved.json()).toMatchObject({ endTime: '2025-03-28T10:00:00.000Z', duration: 7200 });
    // An end typed before the start is the next morning: a night shift of 23 hours, accepted.
    const overnight = await api.patch(`/api/time-entries/${entry.id}`, { endTime: '08:00' });
    expect(overnight.statusCode).toBe(200);
    expect(overnight.json()).toMatchObject({
      endTime: '2025-03-29T07:00:00.000Z',
      duration: 23 * 3600,
      endsNextDay: true,
    });

    expect((await api.delete(`/api/time-entries/${entry.id}`)).statusCode).toBe(204);
    expect((await api.delete(`/api/time-entries/${entry.id}`)).statusCode).toBe(404);
  });

  it('keeps a task’s tracked seconds in step when its timer entry is edited or deleted', async () => {
    const { user, api } = await t.userClient('employee');
    const task = await fx.task(user.id, { timeSpentSeconds: 3600 });
    const entry = await fx.entry(user.id, '2025-03-27T08:00:00Z', '2025-03-27T09:00:00Z', {
      taskId: task.id,
    });
    await api.patch(`/api/time-entries/${entry.id}`, { startTime: '09:30' }); // 08:30Z–09:00Z
    const seconds = async () =>
      (await t.db.select().from(tasks).where(eq(tasks.id, task.id)))[0].timeSpentSeconds;
    expect(await seconds()).toBe(1800);
    await api.delete(`/api/time-entries/${entry.id}`);
    expect(await seconds()).toBe(0);
  });

  it('summarises totals and today’s hours in the org zone, running timer included', async () => {
    const { user, api } = await t.userClient('employee');
    const empty = (await api.get('/api/time-entries/summary')).json();
    expect(empty).toEqual({
      totalHours: 0,
      entries: 0,
      todayHours: 0,
      today: '2025-03-30',
      timeZone: 'Europe/Berlin',
    });

    // Berlin's 2025-03-30 runs from 2025-03-29T23:00Z to 2025-03-30T22:00Z.
    await fx.entry(user.id, '2025-03-29T22:00:00Z', '2025-03-29T23:30:00Z'); // 1.5 h, 0.5 h of it today
    await fx.entry(user.id, '2025-03-30T06:00:00Z', '2025-03-30T08:00:00Z'); // 2 h today
    await fx.entry(user.id, '2025-03-29T10:00:00Z', '2025-03-29T11:00:00Z'); // yesterday
    const summary = (await api.get('/api/time-entries/summary')).json();
    expect(summary).toMatchObject({ totalHours: 4.5, entries: 3, todayHours: 2.5 });

    await api.post('/api/timer/start', { description: 'Live' });
    clock.advance(30 * 60_000);
    // The running timer counts up to now, in the total as in today (the ledger's rule).
    const running = (await api.get('/api/time-entries/summary')).json();
    expect(running).toMatchObject({ totalHours: 5, entries: 3, todayHours: 3 });
    await api.post('/api/timer/stop');
    clock.set('2025-03-30T12:00:00Z');
  });

  it('splits a timer running over midnight: the entry starts yesterday, today counts only its part', async () => {
    clock.set('2025-03-29T22:30:00Z'); // 23:30 in Berlin on the 29th
    const { api } = await t.userClient('employee');
    await api.post('/api/timer/start', { description: 'Late shift' });
    clock.set('2025-03-30T00:30:00Z'); // 01:30 CET on the 30th
    const entry = (await api.post('/api/timer/stop')).json();
    expect(entry).toMatchObject({ date: '2025-03-29', duration: 7200 });
    const summary = (await api.get('/api/time-entries/summary')).json();
    expect(summary).toMatchObject({ today: '2025-03-30', totalHours: 2, todayHours: 1.5 });
    clock.set('2025-03-30T12:00:00Z');
  });

  it('exports the user’s entries of a date range as escaped CSV', async () => {
    const { user, api } = await t.userClient('employee');
    const other = await t.createUser('employee');
    await fx.entry(user.id, '2025-03-10T08:00:00Z', '2025-03-10T09:30:00Z', {
      projectId,
      description: 'Said "hi", then\nleft',
    });
    await fx.entry(user.id, '2025-03-11T08:00:00Z', '2025-03-11T08:15:00Z', { description: '=SUM(A1)' });
    await fx.entry(user.id, '2025-03-20T08:00:00Z', '2025-03-20T09:00:00Z', { description: 'outside' });
    await fx.entry(other.id, '2025-03-10T08:00:00Z', '2025-03-10T09:00:00Z', { description: 'not mine' });
    const res = await api.get('/api/time-entries/export?from=2025-03-10&to=2025-03-11');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="time-entries-2025-03-10-to-2025-03-11.csv"',
    );
    expect(res.body).toBe(
      [
        'Date,Start,End,Duration (h),Duration (s),Project,Task,Description',
        '2025-03-10,09:00,10:30,1.50,5400,Apollo,,"Said ""hi"", then\nleft"',
        "2025-03-11,09:00,09:15,0.25,900,,,'=SUM(A1)",
        '',
      ].join('\r\n'),
    );
    expect((await api.get('/api/time-entries/export?from=2025-03-12&to=2025-03-11')).statusCode).toBe(400);
    expect((await api.get('/api/time-entries/export?from=2025-03-12')).statusCode).toBe(400);
    expect((await api.get('/api/time-entries/export?from=2020-01-01&to=2025-01-01')).statusCode).toBe(400);
  });
});
