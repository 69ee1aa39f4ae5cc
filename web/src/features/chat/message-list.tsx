import type { ChatMessage } from '@contract/chat';
import { ArrowDown, MessagesSquare } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useMessages } from './api';
import { formatMessageStamp } from './format';

const LOAD_OLDER_WITHIN_PX = 80;
const STICK_TO_BOTTOM_WITHIN_PX = 120;

function MessageBubble({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <li
      data-testid="message"
      data-own={own || undefined}
      className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start')}
    >
      {!own && (
        <span className="flex items-center gap-1.5 px-1 text-xs font-medium text-slate-600">
          <Avatar name={message.senderName} src={message.senderImageUrl} size="xs" testId="message-avatar" />
          {message.senderName}
        </span>
      )}
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm leading-relaxed sm:max-w-[70%]',
          own ? 'rounded-br-md bg-indigo-600 text-white' : 'rounded-bl-md bg-slate-100 text-slate-900',
        )}
      >
        {message.content}
      </div>
      <time dateTime={message.timestamp} className="px-1 text-[11px] text-slate-500">
        {formatMessageStamp(message.timestamp)}
      </time>
    </li>
  );
}

/** The history, newest at the bottom; scrolling near the top loads the previous page in place. */
export function MessageList({ conversationId, myId }: { conversationId: string; myId: string | undefined }) {
  const query = useMessages(conversationId);
  const scroller = useRef<HTMLDivElement>(null);
  const heightBefore = useRef<number | null>(null);
  const lastSeenNewest = useRef<string | undefined>(undefined);
  // Measured on every scroll, before a new message changes the height: was the reader at the bottom?
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(0);

  const messages = useMemo(() => (query.data ? [...query.data.pages].reverse().flat() : []), [query.data]);
  const oldestId = messages[0]?.id;
  const newest = messages.at(-1);

  // Older page prepended: keep the same message under the reader's eyes.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && heightBefore.current !== null && oldestId) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    }
  }, [oldestId]);

  // New messages at the bottom: follow them if the reader was at the bottom or wrote the last one;
  // otherwise leave the reader's place alone and count them for the "new messages" button.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !newest || newest.id === lastSeenNewest.current) return;
    const previous = lastSeenNewest.current;
    lastSeenNewest.current = newest.id;
    if (previous === undefined || atBottom.current || newest.senderId === myId) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
      setUnseen(0);
      return;
    }
    const arrived = messages.length - 1 - messages.findIndex((m) => m.id === previous);
    setUnseen((n) => n + arrived);
  }, [newest, myId, messages]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_WITHIN_PX;
    if (atBottom.current) setUnseen(0);
    if (el.scrollTop > LOAD_OLDER_WITHIN_PX) return;
    if (query.hasNextPage && !query.isFetchingNextPage) {
      heightBefore.current = el.scrollHeight;
      void query.fetchNextPage();
    }
  };

  const showNewest = () => {
    const el = scroller.current;
    el?.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
  };

  if (query.isLoading) {
    return (
      <div
        className="flex flex-1 flex-col gap-4 p-4"
        role="status"
        aria-busy="true"
        aria-label="Loading messages"
      >
        <Skeleton className="h-10 w-2/3 rounded-2xl" />
        <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
        <Skeleton className="h-14 w-3/5 rounded-2xl" />
      </div>
    );
  }
  if (messages.length === 0) {
    return (
      <EmptyState
        className="flex-1"
        icon={MessagesSquare}
        title="No messages yet"
        description="Say hello to get the conversation going."
      />
    );
  }
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        data-testid="message-scroller"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for the history to scroll from the keyboard (the messages are plain text)
        tabIndex={0}
      >
        {query.isFetchingNextPage && (
          <div className="flex justify-center pb-3">
            <Spinner />
          </div>
        )}
        {!query.hasNextPage && messages.length > 0 && (
          <p className="pb-4 text-center text-xs text-slate-500">Beginning of the conversation</p>
        )}
        <ol className="flex flex-col gap-3" aria-label="Messages" aria-live="polite">
          {messages.map((m) => (
            <MessageBubble key={m.id} message={m} own={m.senderId === myId} />
          ))}
        </ol>
      </div>
      {unseen > 0 && (
        <Button
          size="sm"
          onClick={showNewest}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full shadow-md"
        >
          <ArrowDown aria-hidden />
          {unseen === 1 ? '1 new message' : `${unseen} new messages`}
        </Button>
      )}
    </div>
  );
}
