import type { Conversation } from '@contract/chat';
import { Hash, MessageSquare, Users } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatMessageTime } from './format';

interface ConversationListProps {
  conversations: Conversation[] | undefined;
  isLoading: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

export function conversationTitle(c: Conversation) {
  return c.name || 'Direct Message';
}

function ConversationIcon({ conversation }: { conversation: Conversation }) {
  // A direct conversation shows the other person: their picture, else their initials.
  if (conversation.type === 'direct') {
    return (
      <span role="img" aria-label="Direct conversation" className="shrink-0">
        <Avatar
          name={conversationTitle(conversation)}
          src={conversation.imageUrl}
          size="lg"
          testId="conversation-avatar"
        />
      </span>
    );
  }
  const Icon = conversation.isGeneral ? Hash : Users;
  return (
    <span
      aria-label="Group conversation"
      role="img"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary"
    >
      <Icon className="size-5" aria-hidden />
    </span>
  );
}

export function ConversationList({ conversations, isLoading, selectedId, onSelect }: ConversationListProps) {
  if (isLoading) {
    return (
      <div
        className="flex flex-col gap-1 p-2"
        role="status"
        aria-busy="true"
        aria-label="Loading conversations"
      >
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-3 p-2">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-3.5 w-2/3" />
              <Skeleton className="h-3 w-5/6" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (!conversations || conversations.length === 0) {
    return (
      <EmptyState
        icon={MessageSquare}
        title="No conversations yet"
        description="Start one with 'New conversation'."
      />
    );
  }
  return (
    <ul className="flex flex-col gap-0.5 p-2" aria-label="Conversations">
      {conversations.map((c) => {
        const selected = c.id === selectedId;
        return (
          <li key={c.id}>
            <button
              type="button"
              data-testid="conversation-item"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
              className={cn(
                'flex w-full cursor-pointer items-center gap-3 rounded-lg p-2.5 text-left transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                selected ? 'bg-primary-soft' : 'hover:bg-subtle',
              )}
            >
              <ConversationIcon conversation={c} />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={cn(
                      'truncate text-sm',
                      c.unreadCount > 0 ? 'font-semibold text-foreground' : 'font-medium text-foreground',
                    )}
                  >
                    {conversationTitle(c)}
                  </span>
                  {c.lastMessageTime && (
                    <time dateTime={c.lastMessageTime} className="shrink-0 text-xs text-subtle-foreground">
                      {formatMessageTime(c.lastMessageTime)}
                    </time>
                  )}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-subtle-foreground">
                    {c.lastMessage ?? 'No messages yet'}
                  </span>
                  {c.unreadCount > 0 && (
                    <span
                      data-testid="unread-badge"
                      className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground"
                    >
                      {c.unreadCount > 99 ? '99+' : c.unreadCount}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
