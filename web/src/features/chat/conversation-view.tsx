import type { Conversation } from '@contract/chat';
import { ArrowLeft, Hash, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { conversationTitle } from './conversation-list';
import { setOpenConversation, useTypingNames } from './live';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

interface ConversationViewProps {
  conversation: Conversation;
  myId: string | undefined;
  /** Narrow screens: back to the list. */
  onBack?: () => void;
}

function typingText(names: string[]) {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}

export function ConversationView({ conversation, myId, onBack }: ConversationViewProps) {
  const typing = useTypingNames(conversation.id);
  const count = conversation.participantCount;
  const Icon = conversation.isGeneral ? Hash : Users;

  useEffect(() => {
    setOpenConversation(conversation.id);
    return () => setOpenConversation(null);
  }, [conversation.id]);

  return (
    <section className="flex min-h-0 min-w-0 flex-1 flex-col" aria-label={conversationTitle(conversation)}>
      <header className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 px-4">
        {onBack && (
          <Button
            variant="ghost"
            size="icon"
            className="-ml-2 md:hidden"
            aria-label="Back to conversations"
            onClick={onBack}
          >
            <ArrowLeft aria-hidden />
          </Button>
        )}
        {conversation.type === 'direct' ? (
          <Avatar name={conversationTitle(conversation)} src={conversation.imageUrl} />
        ) : (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
            <Icon className="size-[18px]" aria-hidden />
          </span>
        )}
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900" data-testid="conversation-title">
            {conversationTitle(conversation)}
          </h2>
          <p className="text-xs text-slate-500" data-testid="participant-count">
            {count} {count === 1 ? 'participant' : 'participants'}
          </p>
        </div>
      </header>
      <MessageList key={conversation.id} conversationId={conversation.id} myId={myId} />
      <p className="h-5 shrink-0 px-4 text-xs italic text-slate-500" aria-live="polite">
        {typingText(typing)}
      </p>
      <MessageComposer
        key={conversation.id}
        conversationId={conversation.id}
        participants={conversation.participants}
        myId={myId}
      />
    </section>
  );
}
