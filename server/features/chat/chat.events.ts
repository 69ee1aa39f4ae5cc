import type { Context } from '../../lib/context';

/** What a post, a new conversation, a read or a typing notice publishes: ids only (NOTIFY ≤ 8000 bytes). */
export type ChatBusEvent =
  | { type: 'chat.message'; conversationId: string; messageId: string }
  /** edited, deleted, reacted to */
  | { type: 'chat.updated'; conversationId: string; messageId: string }
  | { type: 'chat.conversation'; conversationId: string }
  | { type: 'chat.read'; conversationId: string; userId: string }
  | { type: 'chat.typing'; conversationId: string; userId: string; userName: string };

/**
 * Tells every instance's hub about a change that is already committed. A lost notice only delays
 * delivery until the client's next fetch, so it is logged, never thrown.
 */
export async function announce(ctx: Pick<Context, 'events' | 'log'>, event: ChatBusEvent) {
  await ctx.events.publish(event).catch((err) => ctx.log.warn({ err }, 'chat event not published'));
}
