import { type Conversation, DELETED_MESSAGE } from '@contract/chat';
import type { TFunction } from 'i18next';
import { Hash, MessageSquare, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatMessageTime } from './format';

interface ConversationListProps {
  conversations: Conversation[] | undefined;
  isLoading: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** A conversation's name; a direct one without a name (the other person gone) says what it is. */
export function conversationTitle(c: Conversation, t: TFunction<'chat'>) {
  return c.name || t('chat:list.directMessage');
}

function ConversationIcon({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('chat');
  // A direct conversation shows the other person: their picture, else their initials.
  if (conversation.type === 'direct') {
    return (
      <span role="img" aria-label={t('list.direct')} className="shrink-0">
        <Avatar
          name={conversationTitle(conversation, t)}
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
      aria-label={t('list.group')}
      role="img"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary"
    >
      <Icon className="size-5" aria-hidden />
    </span>
  );
}

export function ConversationList({ conversations, isLoading, selectedId, onSelect }: ConversationListProps) {
  const { t } = useTranslation('chat');
  if (isLoading) {
    return (
      <div className="flex flex-col gap-1 p-2" role="status" aria-busy="true" aria-label={t('list.loading')}>
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
        title={t('list.emptyTitle')}
        description={t('list.emptyDescription')}
      />
    );
  }
  return (
    <ul className="flex flex-col gap-0.5 p-2" aria-label={t('list.label')}>
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
                    {conversationTitle(c, t)}
                  </span>
                  {c.lastMessageTime && (
                    <time dateTime={c.lastMessageTime} className="shrink-0 text-xs text-subtle-foreground">
                      {formatMessageTime(c.lastMessageTime)}
                    </time>
                  )}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-subtle-foreground">
                    {c.lastMessage === DELETED_MESSAGE
                      ? t('message.deleted')
                      : (c.lastMessage ?? t('list.noMessages'))}
                  </span>
                  {c.unreadCount > 0 && (
                    <span
                      data-testid="unread-badge"
                      className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground"
                    >
                      {c.unreadCount > 99 ? `${formatNumber(99)}+` : formatNumber(c.unreadCount)}
                      <span className="sr-only"> {t('list.unread')}</span>
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
