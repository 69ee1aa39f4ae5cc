import type { ServerEvent } from '@contract/chat';
import type { WebSocket } from 'ws';
import type { AppDeps } from '../../deps';
import { type BusEvent, secondsSincePublished } from '../../lib/events';
import { liveSessionTokens } from '../../lib/auth';
import type { ChatBusEvent } from './chat.events';
import type { NotificationsBusEvent } from '../notifications/notify';
import type { TasksBusEvent } from '../tasks/tasks.events';
import { participantIds } from './conversations.service';
import { loadMessage } from './messages.service';

export type LiveClient = {
  socket: WebSocket;
  userId: string;
  userName: string;
  /** the role at connection time: managers and admins hear about every task (tasks.events.ts) */
  role?: string;
  sessionToken: string;
  alive: boolean;
  lastTypingAt: number;
};

export const HEARTBEAT_MS = 25_000;

/**
 * This instance's live sockets, by user. Every instance receives every chat event through the
 * event bus (LISTEN/NOTIFY), loads what the event names once, and pushes it to its own sockets of
 * the conversation's participants. Nothing is pushed to anyone else.
 */
export function createChatHub(
  deps: Pick<AppDeps, 'db' | 'events' | 'clock'> & Partial<Pick<AppDeps, 'metrics'>>,
  heartbeatMs = HEARTBEAT_MS,
) {
  const byUser = new Map<string, Set<LiveClient>>();

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

  /** The participants that have a socket on this instance; none means no further work here. */
  async function localParticipants(conversationId: string): Promise<LiveClient[]> {
    if (byUser.size === 0) return [];
    const ids = await participantIds(deps.db, conversationId);
    return ids.flatMap((id) => [...(byUser.get(id) ?? [])]);
  }

  /** Pushes what the event names to this instance's sockets; answers how many were sent to. */
  async function handle(event: ChatBusEvent): Promise<number> {
    switch (event.type) {
      case 'chat.message':
      case 'chat.updated': {
        const clients = await localParticipants(event.conversationId);
        if (clients.length === 0) return 0;
        const loaded = await loadMessage(deps.db, event.messageId);
        if (!loaded) return 0;
        const { message, reactors } = loaded;
        const type = event.type === 'chat.message' ? 'message.created' : 'message.updated';
        // Serialised once per distinct view: everyone who reacted with nothing shares one frame (with
        // hundreds of sockets this is most of the CPU); a reactor's own `mine` flags get theirs.
        const frames = new Map<string, string>();
        for (const c of clients) {
          const mine = message.reactions.map((r) => reactors.get(r.emoji)?.includes(c.userId) ?? false);
          const key = mine.map(Number).join('');
          let frame = frames.get(key);
          if (!frame) {
            const reactions = message.reactions.map((r, i) => ({ ...r, mine: mine[i] }));
            frame = JSON.stringify({ type, data: { ...message, reactions } } satisfies ServerEvent);
            frames.set(key, frame);
          }
          send(c, frame);
        }
        return clients.length;
      }
      case 'chat.conversation': {
        const clients = await localParticipants(event.conversationId);
        for (const c of clients)
          send(c, { type: 'conversation.created', data: { conversationId: event.conversationId } });
        return clients.length;
      }
      case 'chat.read': {
        const clients = [...(byUser.get(event.userId) ?? [])];
        for (const c of clients)
          send(c, { type: 'conversation.read', data: { conversationId: event.conversationId } });
        return clients.length;
      }
      case 'chat.typing': {
        const clients = (await localParticipants(event.conversationId)).filter(
          (c) => c.userId !== event.userId,
        );
        for (const c of clients) {
          send(c, {
            type: 'typing',
            data: { conversationId: event.conversationId, userId: event.userId, userName: event.userName },
          });
        }
        return clients.length;
      }
    }
    return 0;
  }

  const unsubscribe = deps.events.subscribe((event: BusEvent) => {
    // The one socket carries every live event of the user; notifications ride along (decisions 013).
    if (event.type === 'notifications.changed') {
      const frame = JSON.stringify({ type: 'notifications.changed', data: {} } satisfies ServerEvent);
      let count = 0;
      for (const userId of (event as unknown as NotificationsBusEvent).userIds)
        for (const c of byUser.get(userId) ?? []) {
          send(c, frame);
          count += 1;
        }
      delivered(event, count);
      return;
    }
    // A task changed: those who may see it (its people, and every manager and admin) refetch what shows it.
    if (event.type === 'tasks.changed') {
      const { taskId, userIds } = event as unknown as TasksBusEvent;
      const frame = JSON.stringify({ type: 'tasks.changed', data: { taskId } } satisfies ServerEvent);
      for (const [userId, clients] of byUser)
        for (const c of clients)
          if (userIds.includes(userId) || c.role === 'manager' || c.role === 'admin') send(c, frame);
      return;
    }
    if (!event.type.startsWith('chat.')) return;
    handle(event as unknown as ChatBusEvent).then(
      (count) => delivered(event, count),
      () => {
        // a failed load (database restarting) loses only the push; clients catch up on their next fetch
      },
    );
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
        for (const c of checked) if (!live.has(c.sessionToken)) c.socket.close(4401, 'Session ended');
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
    publish: (event: ChatBusEvent) => deps.events.publish(event),
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

export type ChatHub = ReturnType<typeof createChatHub>;
