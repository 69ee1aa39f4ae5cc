import { chatApi } from '@contract/chat';
import type { AppDeps } from '../../deps';
import { type FeatureRoutes, implement, respond } from '../../lib/routes';
import { chatDelivery } from './chat.delivery';
import { chatSocketRoute } from './chat.socket';
import { createConversation, listConversations } from './conversations.service';
import {
  deleteMessage,
  restoreMessage,
  editMessage,
  listMessages,
  markRead,
  postMessage,
  searchMessages,
  toggleReaction,
} from './messages.service';
import { attachmentFile, readAttachment, sendAttachment } from './attachments.service';

/** The chat endpoints, plus the live socket (whose hub is the core's) and chat's own live events. */
export const chatRoutes: FeatureRoutes<AppDeps> = {
  register(app, deps) {
    const hub = deps.live;
    hub.deliver('chat.', chatDelivery(deps.db));
    chatSocketRoute(app, deps);

    implement(chatApi, {
      conversations: (ctx) => listConversations(ctx),
      createConversation: async (ctx, { body }) => {
        const { conversation, created } = await createConversation(ctx, body);
        return created ? respond(chatApi.createConversation, 201, conversation) : conversation;
      },
      messages: (ctx, { params, query }) => listMessages(ctx, params.id, query),
      send: (ctx, { params, body }) => postMessage(ctx, params.id, body.content, hub),
      markRead: (ctx, { params }) => markRead(ctx, params.id),
      editMessage: (ctx, { params, body }) => editMessage(ctx, params.id, params.messageId, body.content),
      deleteMessage: (ctx, { params }) => deleteMessage(ctx, params.id, params.messageId),
      restoreMessage: (ctx, { params }) => restoreMessage(ctx, params.id, params.messageId),
      react: (ctx, { params, body }) => toggleReaction(ctx, params.id, params.messageId, body.emoji),
      attach: (ctx, { params }, { request }) =>
        sendAttachment(ctx, params.id, () => readAttachment(request), hub),
      attachment: (ctx, { params }) => attachmentFile(ctx, params.id, params.attachmentId),
      search: (ctx, { params, query }) => searchMessages(ctx, params.id, query),
    }).register(app, deps);
  },
};
