import { SEARCH_MIN } from '@contract/chat';
import { X } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { useMessageSearch } from './api';
import { formatMessageStamp } from './format';

/** The words around the first match, the match marked. */
function Snippet({ text, query }: { text: string; query: string }) {
  const at = text.toLowerCase().indexOf(query.toLowerCase());
  if (at < 0) return <>{text}</>;
  const start = Math.max(0, at - 40);
  return (
    <>
      {start > 0 && '…'}
      {text.slice(start, at)}
      <mark className="rounded-sm bg-primary/15 px-0.5 text-foreground">
        {text.slice(at, at + query.length)}
      </mark>
      {text.slice(at + query.length)}
    </>
  );
}

/**
 * Search within the conversation (docs/product/chat.md#search): results newest first, a page at a
 * time; choosing one scrolls the history to it and highlights it.
 */
export function ConversationSearch({
  conversationId,
  onJump,
  onClose,
}: {
  conversationId: string;
  onJump: (messageId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const [value, setValue] = useState('');
  const q = useDeferredValue(value.trim());
  const search = useMessageSearch(conversationId, q);
  const results = search.data?.pages.flat() ?? [];
  const ready = q.length >= SEARCH_MIN;

  return (
    <div className="shrink-0 border-b border-border bg-card px-4 py-3" data-testid="conversation-search">
      <div className="flex items-center gap-2">
        <SearchInput
          value={value}
          onValueChange={setValue}
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          className="flex-1"
          autoFocus
          onKeyDown={(e) => e.key === 'Escape' && onClose()}
        />
        <Button variant="ghost" size="icon" aria-label={t('search.close')} onClick={onClose}>
          <X aria-hidden />
        </Button>
      </div>
      {ready && (
        <div className="mt-2 max-h-64 overflow-y-auto" aria-live="polite">
          {search.isLoading ? (
            <div className="flex justify-center p-3">
              <Spinner />
            </div>
          ) : results.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground">{t('search.noMatch', { query: q })}</p>
          ) : (
            <ul aria-label={t('search.results')} className="flex flex-col">
              {results.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    className="flex w-full cursor-pointer flex-col gap-0.5 rounded-md px-2 py-1.5 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => onJump(m.id)}
                  >
                    <span className="flex justify-between gap-2 text-xs text-muted-foreground">
                      <span className="truncate font-medium">{m.senderName}</span>
                      <time dateTime={m.timestamp} className="shrink-0">
                        {formatMessageStamp(m.timestamp)}
                      </time>
                    </span>
                    <span className="line-clamp-2 text-sm text-foreground">
                      <Snippet text={m.content} query={q} />
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <LoadMore pages={search} label={t('search.more')} />
        </div>
      )}
    </div>
  );
}
