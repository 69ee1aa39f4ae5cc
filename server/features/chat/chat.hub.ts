import type { ServerEvent } from '@contract/chat';
import type { WebSocket } from 'ws';
import type { AppDeps } from '../../deps';
import type { BusEvent } from '../../lib/events';
import { liveSessionTokens } from '../../lib/auth';
import type { ChatBusEvent } from './chat.events';
import type { NotificationsBusEvent } from '../notifications/notify';
import { participantIds } from './conversations.service';
import { loadMessage } from './messages.service';

export type LiveClient = {
  socket: WebSocket;
  userId: string;
  userName: string;
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
export function createChatHub(deps: Pick<AppDeps, 'db' | 'events' | 'clock'>, heartbeatMs = HEARTBEAT_MS) {
  const byUser = new Map<string, Set<LiveClient>>();

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

  async function handle(event: ChatBusEvent) {
    switch (event.type) {
      case 'chat.message': {
        const clients = await localParticipants(event.conversationId);
        if (clients.length === 0) return;
        const message = await loadMessage(deps.db, event.messageId);
        if (!message) return;
        // Serialised once for every recipient: with hundreds of sockets this is most of the CPU.
        const frame = JSON.stringify({ type: 'message.created', data: message } satisfies ServerEvent);
        for (const c of clients) send(c, frame);
        return;
      }
      case 'chat.conversation': {
        for (const c of await localParticipants(event.conversationId))
          send(c, { type: 'conversation.created', data: { conversationId: event.conversationId } });
        return;
      }
      case 'chat.read': {
        for (const c of byUser.get(event.userId) ?? [])
          send(c, { type: 'conversation.read', data: { conversationId: event.conversationId } });
        return;
      }
      case 'chat.typing': {
        for (const c of await localParticipants(event.conversationId)) {
          if (c.userId === event.userId) continue;
          send(c, {
            type: 'typing',
            data: { conversationId: event.conversationId, userId: event.userId, userName: event.userName },
          });
        }
      }
    }
  }

  const unsubscribe = deps.events.subscribe((event: BusEvent) => {
    // The one socket carries every live event of the user; notifications ride along (decisions 013).
    if (event.type === 'notifications.changed') {
      const frame = JSON.stringify({ type: 'notifications.changed', data: {} } satisfies ServerEvent);
      for (const userId of (event as unknown as NotificationsBusEvent).userIds)
        for (const c of byUser.get(userId) ?? []) send(c, frame);
      return;
    }
    if (!event.type.startsWith('chat.')) return;
    handle(event as unknown as ChatBusEvent).catch(() => {
      // a failed load (database restarting) loses only the push; clients catch up on their next fetch
    });
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

  return {
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
      for (const clients of byUser.values()) for (const c of clients) c.socket.close(1001, 'Server stopping');
    },
  };
}

export type ChatHub = ReturnType<typeof createChatHub>;
