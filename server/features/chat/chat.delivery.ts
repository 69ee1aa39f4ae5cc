import type { ServerEvent } from '@contract/chat';
import type { LiveClient, LiveDelivery } from '../../core/live';
import type { Db } from '../../db/types';
import type { ChatBusEvent } from './chat.events';
import { participantIds } from './conversations.service';
import { loadMessage } from './messages.service';

/**
 * Chat's own live events (docs/product/chat.md#live-events), delivered by the live hub
 * (server/core/live.ts) to this instance's sockets of the conversation's participants: a new or
 * changed message is loaded once and sent to each, nothing to anyone else.
 */
export function chatDelivery(db: Db): LiveDelivery {
  return (busEvent, { socketsOf, send }) => {
    /** The participants that have a socket on this instance; none means no further work here. */
    async function localParticipants(conversationId: string): Promise<LiveClient[]> {
      const ids = await participantIds(db, conversationId);
      return socketsOf(ids);
    }

    /** Pushes what the event names to this instance's sockets; answers how many were sent to. */
    const handle = async (event: ChatBusEvent): Promise<number> => {
      switch (event.type) {
        case 'chat.message':
        case 'chat.updated': {
          const clients = await localParticipants(event.conversationId);
          if (clients.length === 0) return 0;
          const loaded = await loadMessage(db, event.messageId);
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
          const clients = socketsOf([event.userId]);
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
    };

    return handle(busEvent as unknown as ChatBusEvent);
  };
}
