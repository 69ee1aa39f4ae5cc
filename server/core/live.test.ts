import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import { createSession, endAllSessions, resolveSession } from '../lib/auth';
import { fixedClock } from '../lib/clock';
import { createTestApp, type TestContext } from '../test/harness';
import { until } from '../test/until';
import { createLiveHub, type LiveClient } from './live';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Just enough of a ws socket to watch what the hub does with it. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: { type: string }[] = [];
  pings = 0;
  terminated = false;
  closedWith: number | undefined;
  send(frame: string) {
    this.sent.push(JSON.parse(frame));
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
    this.emit('close');
  }
  close(code: number) {
    this.closedWith = code;
    this.emit('close');
  }
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function clientFor(answersPings: boolean) {
  const user = await t.createUser();
  const token = await createSession(t.db, user.id, t.clock);
  const socket = new FakeSocket();
  if (answersPings) {
    socket.ping = () => {
      socket.pings++;
      queueMicrotask(() => socket.emit('pong'));
    };
  }
  const client: LiveClient = {
    socket: socket as unknown as LiveClient['socket'],
    userId: user.id,
    userName: 'x',
    sessionToken: token,
    alive: true,
    lastTypingAt: 0,
  };
  return { user, socket, client };
}

describe('chat hub heartbeats', () => {
  it('pings, sends JSON heartbeats, drops peers that stop answering and sockets whose session ended', async () => {
    const hub = createLiveHub({ db: t.db, events: t.app.deps.events, clock: t.clock }, 100);
    const healthy = await clientFor(true);
    const silent = await clientFor(false);
    const signedOut = await clientFor(true);
    for (const c of [healthy, silent, signedOut]) hub.add(c.client);
    expect(hub.socketCount).toBe(3);
    await endAllSessions(t.db, signedOut.user.id);
    await wait(380);

    expect(healthy.socket.sent.map((e) => e.type)).toContain('ready');
    expect(healthy.socket.sent.filter((e) => e.type === 'heartbeat').length).toBeGreaterThanOrEqual(2);
    expect(healthy.socket.pings).toBeGreaterThanOrEqual(2);
    expect(healthy.socket.terminated || healthy.socket.closedWith !== undefined).toBe(false);
    expect(silent.socket.terminated).toBe(true);
    expect(signedOut.socket.closedWith).toBe(4401);
    expect(hub.socketCount).toBe(1);
    hub.stop();
  });

  it('heartbeats do not keep a session alive: after 12 h without requests the socket is closed', async () => {
    const clock = fixedClock('2030-01-01T08:00:00Z');
    const hub = createLiveHub({ db: t.db, events: t.app.deps.events, clock }, 20);
    const idle = await clientFor(true);
    const active = await clientFor(true);
    for (const c of [idle, active]) {
      await endAllSessions(t.db, c.user.id);
      c.client.sessionToken = await createSession(t.db, c.user.id, clock);
      hub.add(c.client);
    }
    const lastSeen = async (userId: string) =>
      (await t.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]?.lastSeenAt.toISOString();

    clock.advance(6 * 60 * 60 * 1000);
    await wait(100);
    expect(idle.socket.closedWith).toBeUndefined();
    expect(await lastSeen(idle.user.id)).toBe('2030-01-01T08:00:00.000Z');
    // A request through the API (resolveSession) is what keeps a session alive.
    expect(await resolveSession(t.db, active.client.sessionToken, clock)).not.toBeNull();

    clock.advance(6 * 60 * 60 * 1000 + 60_000);
    await wait(100);
    expect(idle.socket.closedWith).toBe(4401);
    expect(active.socket.closedWith).toBeUndefined();
    expect(hub.socketCount).toBe(1);
    hub.stop();
  });

  it('hears the events of a role by the role the user has now: a demoted manager stops hearing every task at the next heartbeat', async () => {
    const hub = createLiveHub({ db: t.db, events: t.app.deps.events, clock: t.clock }, 100);
    const manager = await clientFor(true);
    manager.client.role = 'manager';
    await t.db.update(users).set({ role: 'manager' }).where(eq(users.id, manager.user.id));
    hub.add(manager.client);
    const taskEvents = () => manager.socket.sent.filter((e) => e.type === 'tasks.changed').length;
    await t.app.deps.events.publish({ type: 'tasks.changed', taskId: 'a', userIds: [] });
    await until(() => taskEvents() === 1, 'the task event a manager hears');

    await t.db.update(users).set({ role: 'employee' }).where(eq(users.id, manager.user.id));
    await wait(250);
    await t.app.deps.events.publish({ type: 'tasks.changed', taskId: 'b', userIds: [] });
    // Events arrive in the order published: once the bell's event naming them is here, so would the task's be.
    await t.app.deps.events.publish({ type: 'notifications.changed', userIds: [manager.user.id] });
    await until(() => manager.socket.sent.some((e) => e.type === 'notifications.changed'), 'the bell event');
    expect(taskEvents()).toBe(1);
    expect(manager.client.role).toBe('employee');
    hub.stop();
  });
});
