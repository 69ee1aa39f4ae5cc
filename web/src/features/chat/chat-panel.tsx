import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { useStoredUser } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useConversations } from './api';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { useChatLive } from './live';

interface ChatPanelProps {
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

/**
 * The list beside the selected conversation; below the md breakpoint one of the two at a time.
 * Height: the viewport minus 200 px (docs/product/chat.md#chat-screen).
 */
export function ChatPanel({ selectedId, onSelect }: ChatPanelProps) {
  const { t } = useTranslation('chat');
  useChatLive();
  const me = useStoredUser();
  const { data: conversations, isLoading } = useConversations();
  const selected = conversations?.find((c) => c.id === selectedId) ?? null;

  return (
    <div
      data-testid="chat-panel"
      className="flex h-[calc(100dvh-200px)] min-h-[420px] overflow-hidden rounded-lg border border-border bg-card shadow-sm"
    >
      <aside
        aria-label={t('panel.list')}
        className={cn(
          'min-h-0 w-full shrink-0 overflow-y-auto border-border md:w-80 md:border-r',
          selected ? 'hidden md:block' : 'block',
        )}
      >
        <ConversationList
          conversations={conversations}
          isLoading={isLoading}
          selectedId={selected?.id ?? null}
          onSelect={onSelect}
        />
      </aside>
      {selected ? (
        <ConversationView
          key={selected.id}
          conversation={selected}
          myId={me?.id}
          onBack={() => onSelect(null)}
        />
      ) : (
        <div className="hidden flex-1 items-center justify-center md:flex">
          <EmptyState
            icon={MessageSquare}
            title={t('panel.selectTitle')}
            description={t('panel.selectDescription')}
          />
        </div>
      )}
    </div>
  );
}
