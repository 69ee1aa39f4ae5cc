import {
  chatMessage,
  conversation,
  createConversationBody,
  messagesQuery,
  sendMessageBody,
} from '@contract/chat';
import { idParam } from '@contract/common';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppDeps, ZodApp } from '../../app';
import { currentUser } from '../../lib/auth';
import { type ChatBusEvent, createChatHub } from './chat.hub';
import { chatSocketRoute } from './chat.socket';
import { createConversation, listConversations } from './conversations.service';
import { listMessages, markRead, postMessage } from './messages.service';

export async function chatRoutes(app: ZodApp, deps: AppDeps) {
  const hub = createChatHub(deps);
  app.addHook('onClose', async () => hub.stop());
  chatSocketRoute(app, deps, hub);

  // The write is already committed; a lost notice only delays delivery until the client's next fetch.
  const announce = (log: FastifyBaseLogger, event: ChatBusEvent) =>
    hub.publish(event).catch((err) => log.warn({ err }, 'chat event not published'));

  app.get(
    '/api/chat/conversations',
    { preValidation: deps.guard(), schema: { response: { 200: z.array(conversation) } } },
    async (request) => listConversations(deps.db, currentUser(request).id),
  );

  app.post(
    '/api/chat/conversations',
    {
      preValidation: deps.guard(),
      schema: { body: createConversationBody, response: { 200: conversation, 201: conversation } },
    },
    async (request, reply) => {
      const result = await createConversation(deps.db, deps.clock, currentUser(request).id, request.body);
      if (result.created)
        await announce(request.log, { type: 'chat.conversation', conversationId: result.conversation.id });
      return reply.status(result.created ? 201 : 200).send(result.conversation);
    },
  );

  app.get(
    '/api/chat/:id/messages',
    {
      preValidation: deps.guard(),
      schema: { params: idParam, querystring: messagesQuery, response: { 200: z.array(chatMessage) } },
    },
    async (request) => {
      const user = currentUser(request);
      const { messages, unread } = await listMessages(deps.db, user.id, request.params.id, request.query);
      // Reading the newest messages marks the conversation read; nothing is written when nothing
      // was unread, and the user's other tabs hear of it only when the mark changed.
      if (!request.query.before && unread && (await markRead(deps.db, user.id, request.params.id))) {
        await announce(request.log, {
          type: 'chat.read',
          conversationId: request.params.id,
          userId: user.id,
        });
      }
      return messages;
    },
  );

  app.post(
    '/api/chat/:id/messages',
    {
      preValidation: deps.guard(),
      schema: { params: idParam, body: sendMessageBody, response: { 201: chatMessage } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const message = await postMessage(
        deps.db,
        deps.clock,
        user.id,
        request.params.id,
        request.body.content,
      );
      await announce(request.log, {
        type: 'chat.message',
        conversationId: message.conversationId,
        messageId: message.id,
      });
      return reply.status(201).send(message);
    },
  );

  /** Marks the conversation read when a message arrives while it is open (no page is fetched then). */
  app.post(
    '/api/chat/:id/read',
    { preValidation: deps.guard(), schema: { params: idParam } },
    async (request, reply) => {
      const user = currentUser(request);
      if (await markRead(deps.db, user.id, request.params.id, true)) {
        await announce(request.log, {
          type: 'chat.read',
          conversationId: request.params.id,
          userId: user.id,
        });
      }
      return reply.status(204).send();
    },
  );
}
