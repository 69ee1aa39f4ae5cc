import { languages } from '@contract/languages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeTimers, notifications, outbox, timeEntries } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { contextFor } from '../../lib/context';
import { translator } from '../../lib/i18n';
import { createTestApp, type TestContext } from '../../test/harness';
import { stopForgottenTimers } from './forgotten-timers';

// Wednesday 29 October 2025, 20:00 UTC.
const NOW = new Date('2025-10-29T20:00:00Z');
const H = 3600 * 1000;
const clock = fixedClock(NOW);
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { TZ: 'Europe/Berlin' } });
});
afterAll(() => t.close());
beforeEach(() => clock.set(NOW));

/** What the every-minute job does: one sweep over everyone's timers, as the server itself. */
const sweep = () => stopForgottenTimers(contextFor(t.app.deps, null, t.app.log));

/** A user whose timer was started `hoursAgo` before NOW, through the API. */
async function timerStarted(hoursAgo: number, description = 'Forgot to stop') {
  const client = await t.userClient('employee');
  clock.set(new Date(NOW.getTime() - hoursAgo * H));
  const res = await client.api.post('/api/timer/start', { description });
  expect(res.statusCode).toBe(201);
  clock.set(NOW);
  return client;
}

const entriesOf = (userId: string) => t.db.select().from(timeEntries).where(eq(timeEntries.userId, userId));
const noticesOf = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'timer_auto_stopped')));

describe('forgotten timers (docs/product/time-tracking.md#forgotten-timers)', () => {
  it('stops a timer started 11 h ago AT the 10 h default, marks the entry and tells its owner', async () => {
    const { user, api } = await timerStarted(11);
    const { user: fresh } = await timerStarted(9.5, 'Still working');
    expect(await sweep()).toBeGreaterThanOrEqual(1);

    const [entry] = await entriesOf(user.id);
    expect(entry.startTime.toISOString()).toBe('2025-10-29T09:00:00.000Z');
    expect(entry.endTime.toISOString()).toBe('2025-10-29T19:00:00.000Z');
    expect(entry.duration).toBe(10 * 3600);
    expect(entry.autoStopped).toBe(true);
    expect(await t.db.select().from(activeTimers).where(eq(activeTimers.userId, user.id))).toEqual([]);
    expect((await api.get('/api/timer/active')).json()).toEqual({ isActive: false, timer: null });

    // The tracker's list and the entry say so; the owner's bell and mail (default 'both') too.
    const listed = (await api.get('/api/time-entries')).json();
    expect(listed.map((e: { autoStopped: boolean }) => e.autoStopped)).toEqual([true]);
    const [n] = await noticesOf(user.id);
    expect(n).toMatchObject({
      title: 'Your timer “Forgot to stop” was stopped after 10 hours',
      link: '/tracker',
      actorId: null,
      data: { entryId: entry.id },
    });
    // The screen is named as the menu names it, in each language (docs/product/glossary.md).
    expect(n.body).toContain('correct the entry on Time Tracker.');
    for (const language of languages) {
      const words = translator(language);
      expect(words('notifications:timer_auto_stopped.body')).toContain(words('shell:nav.tracker'));
    }
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, user.email), eq(outbox.kind, 'notification:timer_auto_stopped')));
    expect(mails).toHaveLength(1);

    // The timer under the limit runs on: no entry, no notice.
    expect(await entriesOf(fresh.id)).toEqual([]);
    expect(await t.db.select().from(activeTimers).where(eq(activeTimers.userId, fresh.id))).toHaveLength(1);
    expect(await noticesOf(fresh.id)).toEqual([]);
    // A second sweep changes nothing: each timer is stopped once.
    await sweep();
    expect(await entriesOf(user.id)).toHaveLength(1);
    expect(await noticesOf(user.id)).toHaveLength(1);
  });

  it('stops the caller’s forgotten timer when their timer is read, before the next sweep', async () => {
    const { user, api } = await timerStarted(10.5);
    const res = await api.get('/api/timer/active');
    expect(res.json()).toEqual({ isActive: false, timer: null });
    const [entry] = await entriesOf(user.id);
    expect(entry).toMatchObject({ autoStopped: true, duration: 10 * 3600 });
    expect(await noticesOf(user.id)).toHaveLength(1);
    // A new description keeps the mark; the owner's correction of the times (week open) clears it.
    const renamed = await api.patch(`/api/time-entries/${entry.id}`, { description: 'Report' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ autoStopped: true, duration: 10 * 3600 });
    const fix = await api.patch(`/api/time-entries/${entry.id}`, { startTime: '10:00', endTime: '18:30' });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(fix.json()).toMatchObject({ duration: 8.5 * 3600, autoStopped: false });
  });

  it('honours the admin’s limit, and a timer stopped by hand is never marked', async () => {
    const { api: admin } = await t.userClient('admin');
    const settings = (await admin.get('/api/settings')).json();
    expect(settings.autoStopTimerHours).toBe(10);
    expect((await admin.put('/api/settings', { ...settings, autoStopTimerHours: 2 })).statusCode).toBe(200);
    try {
      const { user } = await timerStarted(3);
      const { user: byHand, api: byHandApi } = await timerStarted(1.5);
      await sweep();
      const [entry] = await entriesOf(user.id);
      expect(entry.endTime.getTime() - entry.startTime.getTime()).toBe(2 * H);
      expect(entry.autoStopped).toBe(true);
      expect((await noticesOf(user.id))[0].title).toBe(
        'Your timer “Forgot to stop” was stopped after 2 hours',
      );
      const stopped = await byHandApi.post('/api/timer/stop');
      expect(stopped.statusCode).toBe(200);
      expect(stopped.json()).toMatchObject({ autoStopped: false, duration: 1.5 * 3600 });
      expect(await noticesOf(byHand.id)).toEqual([]);
    } finally {
      await admin.put('/api/settings', { ...settings, autoStopTimerHours: 10 });
    }
  });
});
