import type { Role } from '@contract/auth';
import type { ServerEvent } from '@contract/chat';
import type { WebSocket } from 'ws';
import { liveSessionTokens } from '../lib/auth';
import type { Context } from '../lib/context';
import type { Db } from '../db/types';
import type { Clock } from '../lib/clock';
import { type BusEvent, type EventBus, secondsSincePublished } from '../lib/events';
import type { Metrics } from '../lib/metrics';

/**
 * The live events features publish (docs/product/client-behaviour.md#live-screens,
 * docs/decisions/037-live-screens.md). Each names who hears of it: the people it lists, and everyone
 * of the roles `heardByRole` gives it; the hub pushes one small frame to their sockets, and their open
 * screens fetch again what shows it (the server answers those reads by its own visibility rules). Ids
 * only: NOTIFY carries at most 8000 bytes, and receivers load the rows.
 */
export type LiveEvent =
  /** a task changed (created, edited, moved, commented, deleted): its people, and every manager and admin */
  | { type: 'tasks.changed'; taskId: string; userIds: string[] }
  /** someone's bell changed */
  | { type: 'notifications.changed'; userIds: string[] }
  /** a week was submitted, withdrawn, decided or reopened: its owner, the managers of their teams, every admin */
  | { type: 'timesheets.changed'; userIds: string[] }
  /** a team was created, changed or deleted: its members before and after, every admin */
  | { type: 'teams.changed'; userIds: string[] }
  /**
   * a leave request was made, decided or cancelled: its owner and their managers (an approved one:
   * everyone of their teams), every admin
   */
  | { type: 'leave.changed'; userIds: string[] }
  /** a person's entitlement or allowance changed: they and their managers, every admin */
  | { type: 'allowances.changed'; userIds: string[] }
  /** leave types or the allowance rules changed: everyone */
  | { type: 'leaveSettings.changed'; userIds: string[] }
  /** the holiday region or a company day changed: everyone */
  | { type: 'holidays.changed'; userIds: string[] };

/**
 * Who hears an event besides the people it names, by their role: managers and admins see every task
 * (core/visibility.ts), admins every week in the review queue, every team and everyone's time off;
 * everyone reads the leave types, the allowance rules and the holidays.
 */
const heardByRole: Record<LiveEvent['type'], readonly Role[]> = {
  'tasks.changed': ['manager', 'admin'],
  'notifications.changed': [],
  'timesheets.changed': ['admin'],
  'teams.changed': ['admin'],
  // Admins read everyone's time off; types, rules and holidays are everyone's.
  'leave.changed': ['admin'],
  'allowances.changed': ['admin'],
  'leaveSettings.changed': ['employee', 'manager', 'admin'],
  'holidays.changed': ['employee', 'manager', 'admin'],
};

const isGeneric = (event: BusEvent): event is BusEvent & LiveEvent => Object.hasOwn(heardByRole, event.type);

/** The frame a generic event becomes: its type, and for a task the task's id. */
function frameOf(event: LiveEvent): ServerEvent {
  return event.type === 'tasks.changed'
    ? { type: event.type, data: { taskId: event.taskId } }
    : { type: event.type, data: {} };
}

/**
 * Tells every instance's hub about a change that is already committed. A lost event only delays the
 * others' screens until their next fetch, so it is logged, never thrown.
 */
export async function publishLive(ctx: Pick<Context, 'events' | 'log'>, event: LiveEvent) {
  const userIds = [...new Set(event.userIds.filter(Boolean))];
  await ctx.events
    .publish({ ...event, userIds })
    .catch((err) => ctx.log.warn({ err, type: event.type }, 'live event not published'));
}

export type LiveClient = {
  socket: WebSocket;
  userId: string;
  userName: string;
  /** the user's role, read again at every heartbeat: some events go to everyone of a role */
  role?: Role;
  sessionToken: string;
  alive: boolean;
  lastTypingAt: number;
};

export const HEARTBEAT_MS = 25_000;

/**
 * Delivers a feature's own events (chat's messages, reads, typing) to this instance's sockets:
 * `sockets(userIds)` gives the sockets here of those people. Answers how many were sent to.
 */
export type LiveDelivery = (
  event: BusEvent,
  tools: {
    socketsOf: (userIds: readonly string[]) => LiveClient[];
    send: (c: LiveClient, frame: ServerEvent | string) => void;
  },
) => Promise<number>;

/**
 * This instance's live sockets, by user. Every instance receives every event through the event bus
 * (LISTEN/NOTIFY) and pushes it to its own sockets of the people it names: the generic events here,
 * a feature's own through the delivery it registered for its prefix (`deliver('chat.', …)`).
 */
export function createLiveHub(
  deps: { db: Db; events: EventBus; clock: Clock; metrics?: Metrics },
  heartbeatMs = HEARTBEAT_MS,
) {
  const byUser = new Map<string, Set<LiveClient>>();
  const deliveries = new Map<string, LiveDelivery>();

  /** The fan-out lag of an event that reached at least one socket here (the metrics). */
  const delivered = (event: BusEvent, count: number) => {
    if (count === 0 || !deps.metrics) return;
    const lag = secondsSincePublished(event);
    if (lag !== undefined) deps.metrics.fanOutLag.observe(lag);
  };

  const send = (client: LiveClient, event: ServerEvent | string) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(typeof event === 'string' ? event : JSON.stringify(event));
  };
  const socketsOf = (userIds: readonly string[]) => userIds.flatMap((id) => [...(byUser.get(id) ?? [])]);

  /** The generic events: one frame to the people named and to everyone of the event's roles. */
  function handleGeneric(event: LiveEvent): number {
    const frame = JSON.stringify(frameOf(event));
    const roles = heardByRole[event.type];
    const named = new Set(event.userIds);
    let count = 0;
    for (const [userId, clients] of byUser)
      for (const c of clients)
        if (named.has(userId) || (c.role !== undefined && roles.includes(c.role))) {
          send(c, frame);
          count += 1;
        }
    return count;
  }

  const unsubscribe = deps.events.subscribe((event: BusEvent) => {
    if (isGeneric(event)) {
      delivered(event, handleGeneric(event));
      return;
    }
    for (const [prefix, deliver] of deliveries) {
      if (!event.type.startsWith(prefix)) continue;
      deliver(event, { socketsOf, send }).then(
        (count) => delivered(event, count),
        () => {
          // a failed load (database restarting) loses only the push; clients catch up on their next fetch
        },
      );
      return;
    }
  });

  // Events published while the bus was reconnecting never arrived: every socket catches up by fetching.
  const unsubscribeResync = deps.events.onResync(() => {
    const frame = JSON.stringify({ type: 'resync', data: {} } satisfies ServerEvent);
    for (const clients of byUser.values()) for (const c of clients) send(c, frame);
  });

  // Protocol pings find dead peers; the JSON heartbeat lets browsers (which cannot see pings) notice
  // a silent connection; re-checking the sessions (all of this instance's in one read-only query, which
  // does not count as activity) closes sockets of users who signed out, were suspended or went idle.
  const timer = setInterval(() => {
    const checked: LiveClient[] = [];
    for (const clients of byUser.values()) {
      for (const c of clients) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        c.socket.ping();
        send(c, { type: 'heartbeat', data: { at: deps.clock.now().toISOString() } });
        checked.push(c);
      }
    }
    if (checked.length === 0) return;
    liveSessionTokens(
      deps.db,
      checked.map((c) => c.sessionToken),
      deps.clock,
    )
      .then((live) => {
        for (const c of checked) {
          const role = live.get(c.sessionToken);
          if (role === undefined) c.socket.close(4401, 'Session ended');
          // A changed role changes which events by role this socket hears, from this heartbeat on.
          else c.role = role;
        }
      })
      .catch(() => {
        // the database is restarting: check again at the next heartbeat
      });
  }, heartbeatMs);
  timer.unref();

  const hub = {
    add(client: LiveClient) {
      const set = byUser.get(client.userId) ?? new Set();
      set.add(client);
      byUser.set(client.userId, set);
      client.socket.on('pong', () => {
        client.alive = true;
      });
      client.socket.on('close', () => {
        set.delete(client);
        if (set.size === 0) byUser.delete(client.userId);
      });
      send(client, { type: 'ready', data: { userId: client.userId } });
    },
    /** A feature delivers its own events, those whose type starts with `prefix` (e.g. 'chat.'). */
    deliver(prefix: string, delivery: LiveDelivery) {
      deliveries.set(prefix, delivery);
    },
    /**
     * Whether the user has a socket on THIS instance. Presence is per instance: behind a proxy with
     * several instances, a user connected elsewhere counts as offline here
     * (docs/decisions/013-notifications-and-profile.md).
     */
    isOnline: (userId: string) => byUser.has(userId),
    get socketCount() {
      let n = 0;
      for (const s of byUser.values()) n += s.size;
      return n;
    },
    stop() {
      clearInterval(timer);
      unsubscribe();
      unsubscribeResync();
      deps.metrics?.socketHolders.delete(hub);
      for (const clients of byUser.values()) for (const c of clients) c.socket.close(1001, 'Server stopping');
    },
  };
  deps.metrics?.socketHolders.add(hub);
  return hub;
}

export type LiveHub = ReturnType<typeof createLiveHub>;
