import type { Conversation } from '@contract/chat';
import { ArrowLeft, Hash, Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { conversationTitle } from './conversation-list';
import { ConversationSearch } from './conversation-search';
import { setOpenConversation, useTypingNames } from './live';
import { MessageComposer } from './message-composer';
import { type JumpTarget, MessageList } from './message-list';

interface ConversationViewProps {
  conversation: Conversation;
  myId: string | undefined;
  /** Narrow screens: back to the list. */
  onBack?: () => void;
}

export function ConversationView({ conversation, myId, onBack }: ConversationViewProps) {
  const { t } = useTranslation('chat');
  const typing = useTypingNames(conversation.id);
  const title = conversationTitle(conversation, t);
  const typingText =
    typing.length === 0
      ? ''
      : typing.length === 1
        ? t('view.typingOne', { name: typing[0] })
        : typing.length === 2
          ? t('view.typingTwo', { first: typing[0], second: typing[1] })
          : t('view.typingMany');
  const count = conversation.participantCount;
  const Icon = conversation.isGeneral ? Hash : Users;
  const [searching, setSearching] = useState(false);
  // A search result to scroll to, for this conversation only (the view stays when another is chosen).
  const [jump, setJump] = useState<(JumpTarget & { conversationId: string }) | null>(null);
  const jumpTo = jump?.conversationId === conversation.id ? jump : null;

  useEffect(() => {
    setOpenConversation(conversation.id);
    return () => setOpenConversation(null);
  }, [conversation.id]);

  return (
    <section className="flex min-h-0 min-w-0 flex-1 flex-col" aria-label={title}>
      <header className="flex h-16 shrink-0 items-center gap-3 border-b border-border px-4">
        {onBack && (
          <Button
            variant="ghost"
            size="icon"
            className="-ml-2 md:hidden"
            aria-label={t('view.back')}
            onClick={onBack}
          >
            <ArrowLeft aria-hidden />
          </Button>
        )}
        {conversation.type === 'direct' ? (
          <Avatar name={title} src={conversation.imageUrl} />
        ) : (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-subtle-foreground">
            <Icon className="size-[18px]" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-foreground" data-testid="conversation-title">
            {title}
          </h2>
          <p className="text-xs text-muted-foreground" data-testid="participant-count">
            {t('view.participants', { count })}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('view.search')}
          aria-expanded={searching}
          className="text-muted-foreground"
          onClick={() => setSearching((s) => !s)}
        >
          <Search aria-hidden />
        </Button>
      </header>
      {searching && (
        <ConversationSearch
          key={`search-${conversation.id}`}
          conversationId={conversation.id}
          onJump={(id) => setJump({ id, at: Date.now(), conversationId: conversation.id })}
          onClose={() => setSearching(false)}
        />
      )}
      <MessageList
        key={`list-${conversation.id}`}
        conversationId={conversation.id}
        myId={myId}
        jumpTo={jumpTo}
      />
      <p className="h-5 shrink-0 px-4 text-xs italic text-muted-foreground" aria-live="polite">
        {typingText}
      </p>
      <MessageComposer
        key={`composer-${conversation.id}`}
        conversationId={conversation.id}
        participants={conversation.participants}
        myId={myId}
      />
    </section>
  );
}
