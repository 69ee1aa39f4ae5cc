import { ArrowDown, MessagesSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useMessages } from './api';
import { MessageItem } from './message-item';

const LOAD_OLDER_WITHIN_PX = 80;
const STICK_TO_BOTTOM_WITHIN_PX = 120;

/** A message to bring into view (a search result); `at` makes choosing the same one again count. */
export type JumpTarget = { id: string; at: number };
const HIGHLIGHT_MS = 2_500;
/** Older pages fetched at most, looking for a message to jump to. */
const JUMP_PAGES_MAX = 40;

/**
 * The history, newest at the bottom; scrolling near the top loads the previous page in place.
 * `jumpTo` loads older pages until that message is held, scrolls to it and highlights it.
 */
export function MessageList({
  conversationId,
  myId,
  jumpTo,
}: {
  conversationId: string;
  myId: string | undefined;
  jumpTo?: JumpTarget | null;
}) {
  const { t } = useTranslation('chat');
  const query = useMessages(conversationId);
  const scroller = useRef<HTMLDivElement>(null);
  const heightBefore = useRef<number | null>(null);
  const lastSeenNewest = useRef<string | undefined>(undefined);
  // Measured on every scroll, before a new message changes the height: was the reader at the bottom?
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(0);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const jumpPages = useRef(0);

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

  // A message on screen grew or shrank (a reaction, an edit, a deletion): a reader at the bottom
  // stays there, so the last message's reactions and time are not cut off below the fold.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && messages.length > 0 && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  // A jump: fetch older pages until the message is held, then bring it into view and mark it.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (!jumpTo) return;
    if (messages.some((m) => m.id === jumpTo.id)) {
      jumpPages.current = 0;
      const el = scroller.current?.querySelector(`[data-message-id="${jumpTo.id}"]`);
      el?.scrollIntoView({ block: 'center' });
      // Away from the bottom now, whatever the scroll event (which comes later) will say.
      atBottom.current = false;
      setHighlighted(jumpTo.id);
      const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
      return () => clearTimeout(timer);
    }
    if (hasNextPage && !isFetchingNextPage && jumpPages.current < JUMP_PAGES_MAX) {
      jumpPages.current += 1;
      void fetchNextPage();
    }
  }, [jumpTo, messages, hasNextPage, isFetchingNextPage, fetchNextPage]);

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
        aria-label={t('messages.loading')}
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
        title={t('messages.emptyTitle')}
        description={t('messages.emptyDescription')}
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
          <p className="pb-4 text-center text-xs text-muted-foreground">{t('messages.beginning')}</p>
        )}
        <ol className="flex flex-col gap-3" aria-label={t('messages.label')} aria-live="polite">
          {messages.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              own={m.senderId === myId}
              highlighted={m.id === highlighted}
            />
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
          {t('messages.newMessages', { count: unseen })}
        </Button>
      )}
    </div>
  );
}
