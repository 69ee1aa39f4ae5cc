import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END_AFTER_START } from '@contract/time-entries';
import { tasks } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import type { TestContext, TestApi } from '../../test/harness';
import { berlinTimeApp, timeFixtures } from '../../test/time-fixtures';
import { english } from '../../test/messages';

// 09:05:10.250 in Berlin (CET, UTC+1) on a Friday: the entry keeps whole seconds (09:05:10).
const START = '2025-03-28T08:05:10.250Z';
const STARTED = '2025-03-28T08:05:10.000Z';
const clock = fixedClock(START);
let t: TestContext;
let projectId: string;
beforeAll(async () => {
  ({ t, projectId } = await berlinTimeApp(clock));
});
afterAll(() => t.close());

/** A task timer run for 30 seconds: its entry starts and ends within the minute 09:05. */
async function thirtySecondEntry() {
  const { user, api } = await t.userClient('employee');
  const task = await timeFixtures(t.db).task(user.id, { projectId });
  clock.set(START);
  expect((await api.post('/api/timer/start', { taskId: task.id })).statusCode).toBe(201);
  clock.advance(30_000);
  const stopped = await api.post('/api/timer/stop', {});
  expect(stopped.statusCode).toBe(200);
  clock.set('2025-03-28T12:00:00Z');
  const seconds = async () =>
    (await t.db.select().from(tasks).where(eq(tasks.id, task.id)))[0].timeSpentSeconds;
  return { api, entry: stopped.json(), seconds };
}

/** What the edit dialog sends when nothing is touched: every field, times as HH:MM. */
const asEditForm = (entry: { projectId: string; description: string }) => ({
  projectId: entry.projectId,
  description: entry.description,
  date: '2025-03-28',
  startTime: '09:05',
  endTime: '09:05',
});

const patch = (api: TestApi, id: string, body: Record<string, unknown>) =>
  api.patch(`/api/time-entries/${id}`, body);

describe('a timer entry shorter than a minute', () => {
  it('keeps the seconds the timer measured', async () => {
    const { entry, seconds } = await thirtySecondEntry();
    expect(entry).toMatchObject({
      startTime: STARTED,
      endTime: '2025-03-28T08:05:40.000Z',
      duration: 30,
      date: '2025-03-28',
    });
    expect(await seconds()).toBe(30);
  });

  it('saves unchanged, as the edit form sends it, and loses nothing', async () => {
    const { api, entry, seconds } = await thirtySecondEntry();
    const saved = await patch(api, entry.id, asEditForm(entry));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(entry);
    expect(await seconds()).toBe(30);
  });

  it('takes a new description and keeps its times to the second', async () => {
    const { api, entry } = await thirtySecondEntry();
    const saved = await patch(api, entry.id, { ...asEditForm(entry), description: 'Quick call' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...entry, description: 'Quick call' });
  });

  it('moves only the time that was changed; the other keeps its seconds', async () => {
    const { api, entry, seconds } = await thirtySecondEntry();
    const longer = await patch(api, entry.id, { ...asEditForm(entry), endTime: '09:07' });
    expect(longer.statusCode).toBe(200);
    expect(longer.json()).toMatchObject({
      startTime: STARTED,
      endTime: '2025-03-28T08:07:00.000Z',
      duration: 110,
    });
    expect(await seconds()).toBe(110);
  });

  it('moves to another day with its times, seconds included', async () => {
    const { api, entry } = await thirtySecondEntry();
    const moved = await patch(api, entry.id, { ...asEditForm(entry), date: '2025-03-27' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      date: '2025-03-27',
      startTime: '2025-03-27T08:05:10.000Z',
      endTime: '2025-03-27T08:05:40.000Z',
      duration: 30,
    });
  });

  it('still refuses an end that a change puts before the start', async () => {
    const { api, entry } = await thirtySecondEntry();
    const reversed = await patch(api, entry.id, { ...asEditForm(entry), startTime: '09:06' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      message: english(END_AFTER_START),
      fieldErrors: { endTime: [english(END_AFTER_START)] },
    });
    expect((await api.get('/api/time-entries')).json()).toEqual([entry]);
  });
});
