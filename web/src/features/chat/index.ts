/** What pages (and other screens' pages) may use from the chat feature. */
export { ChatPanel } from './chat-panel';
export { useChatUnreadTotal } from './live';
export { NewConversationDialog } from './new-conversation-dialog';
