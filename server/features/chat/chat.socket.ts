import { clientEvent } from '@contract/chat';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, ZodApp } from '../../deps';
import { currentUser, SESSION_COOKIE } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { announce } from './chat.events';
import { assertParticipant } from './conversations.service';

const TYPING_EVERY_MS = 1_000;

/**
 * A browser always sends Origin on a WebSocket upgrade and the cookie rides along, so a foreign page
 * could otherwise open a socket as the user (cross-site WebSocket hijacking). Non-browser clients
 * without an Origin still need the session cookie.
 */
async function refuseForeignOrigin(request: FastifyRequest) {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string | undefined;
  try {
    host = new URL(origin).host;
  } catch {
    host = undefined;
  }
  if (host !== request.host) throw new AppError(403, 'cross_site_refused');
}

/** GET /api/ws: the live event stream of the signed-in user (docs/product/chat.md#live-events). */
export function chatSocketRoute(app: ZodApp, deps: AppDeps) {
  const hub = deps.live;
  app.get(
    '/api/ws',
    {
      websocket: true,
      // A socket lives on its session (heartbeats check it): an API token is refused at the upgrade.
      preValidation: [refuseForeignOrigin, deps.guard([], { sessionOnly: true, method: 'GET' })],
      schema: {
        summary:
          'Live events (WebSocket upgrade): JSON `{type, data}` such as message.created, conversation.read, typing',
        tags: ['Chat'],
        security: [{ session: [] }],
      },
    },
    (socket, request) => {
      const user = currentUser(request);
      const client = {
        socket,
        userId: user.id,
        userName: `${user.firstName} ${user.lastName}`,
        role: user.role,
        sessionToken: request.cookies[SESSION_COOKIE] ?? '',
        alive: true,
        lastTypingAt: 0,
      };
      socket.on('message', (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString());
        } catch {
          return;
        }
        const event = clientEvent.safeParse(parsed);
        if (!event.success) return;
        const now = Date.now();
        if (now - client.lastTypingAt < TYPING_EVERY_MS) return;
        client.lastTypingAt = now;
        const { conversationId } = event.data.data;
        assertParticipant(deps.db, user.id, conversationId)
          .then(() =>
            announce(
              { events: deps.events, log: request.log },
              { type: 'chat.typing', conversationId, userId: user.id, userName: client.userName },
            ),
          )
          .catch(() => {
            // not a participant, or the bus is down: a typing notice is not worth an error
          });
      });
      hub.add(client);
    },
  );
}
