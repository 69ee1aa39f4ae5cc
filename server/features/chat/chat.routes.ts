import { chatApi } from '@contract/chat';
import { type FeatureRoutes, implement, respond } from '../../lib/routes';
import { createChatHub } from './chat.hub';
import { chatSocketRoute } from './chat.socket';
import { createConversation, listConversations } from './conversations.service';
import { listMessages, markRead, postMessage } from './messages.service';

/** The chat endpoints, plus the live socket and the hub that fans events out to it. */
export const chatRoutes: FeatureRoutes = {
  register(app, deps) {
    const hub = createChatHub(deps);
    app.addHook('onClose', async () => hub.stop());
    chatSocketRoute(app, deps, hub);

    implement(chatApi, {
      conversations: (ctx) => listConversations(ctx),
      createConversation: async (ctx, { body }) => {
        const { conversation, created } = await createConversation(ctx, body);
        return created ? respond(chatApi.createConversation, 201, conversation) : conversation;
      },
      messages: (ctx, { params, query }) => listMessages(ctx, params.id, query),
      send: (ctx, { params, body }) => postMessage(ctx, params.id, body.content, hub),
      markRead: (ctx, { params }) => markRead(ctx, params.id),
    }).register(app, deps);
  },
};
