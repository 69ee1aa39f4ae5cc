import { chatApi } from '@contract/chat';
import type { SearchResults } from '@contract/search';
import { FileText, FolderKanban, type LucideIcon, MessageSquare, Search, User } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { call } from '@/lib/api';
import { useStoredUser } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useSearch } from './api';

/** Something the palette can do without a search: a command, or a page to go to. */
export type PaletteCommand = {
  id: string;
  label: string;
  group: 'commands' | 'goTo';
  icon: LucideIcon;
  /** its keyboard shortcut, as the help dialog shows it */
  shortcut?: string[];
  run: () => void;
};

type Item = {
  id: string;
  /** its heading's message key, under palette.groups */
  group: string;
  label: string;
  detail?: string;
  icon: LucideIcon;
  shortcut?: string[];
  run: () => void;
};

const DEBOUNCE_MS = 200;

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Search results as palette items, each going where the product shows that thing. */
function resultItems(
  results: SearchResults | undefined,
  myId: string | undefined,
  go: (to: string) => void,
  openDirect: (personId: string) => void,
  t: TFunction<'search'>,
): Item[] {
  if (!results) return [];
  return [
    ...results.tasks.map((t) => ({
      id: `task-${t.id}`,
      group: 'tasks',
      label: t.title,
      detail: [t.assigneeId === myId ? null : t.assignee, t.project].filter(Boolean).join(' · '),
      icon: FileText,
      // Each task has its own page (docs/product/tasks.md#task-page).
      run: () => go(`/tasks/${t.id}`),
    })),
    ...results.projects.map((p) => ({
      id: `project-${p.id}`,
      group: 'projects',
      label: p.name,
      icon: FolderKanban,
      run: () => go(`/projects/${p.id}`),
    })),
    ...results.people.map((p) => ({
      id: `person-${p.id}`,
      group: 'people',
      label: p.name,
      detail: [
        t(`search:palette.roles.${p.role}`),
        p.status === 'active' ? null : t(`search:palette.status.${p.status}`),
      ]
        .filter(Boolean)
        .join(' · '),
      icon: User,
      // Someone active: a direct conversation with them; an account awaiting an admin: the admin pages.
      run: () =>
        p.status === 'active'
          ? p.id === myId
            ? go('/profile')
            : openDirect(p.id)
          : go(p.status === 'pending' ? '/admin/pending-users' : '/admin'),
    })),
    ...results.messages.map((m) => ({
      id: `message-${m.id}`,
      group: 'messages',
      label: m.content,
      detail: t('search:palette.messageDetail', { sender: m.senderName, conversation: m.conversation }),
      icon: MessageSquare,
      run: () => go(`/chat?c=${m.conversationId}`),
    })),
  ];
}

/**
 * ⌘K / Ctrl+K: commands, pages, and everything the server finds for the text (GET /api/search),
 * grouped, chosen with the arrow keys and Enter (docs/product/search.md). A combobox whose listbox
 * is the results, so a screen reader follows the active option.
 */
export function CommandPalette({
  open,
  onOpenChange,
  commands,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  commands: PaletteCommand[];
}) {
  const { t } = useTranslation('search');
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const search = useSearch(open ? q : '');
  const navigate = useNavigate();
  const me = useStoredUser();
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) setText('');
  }, [open]);

  const items = useMemo(() => {
    const close = () => onOpenChange(false);
    const go = (to: string) => {
      close();
      navigate(to);
    };
    const openDirect = (personId: string) => {
      close();
      call(chatApi.createConversation, { body: { type: 'direct', participantIds: [personId] } })
        .then((conversation) => navigate(`/chat?c=${conversation.id}`))
        .catch((error: Error) =>
          toast({
            title: t('palette.openFailed'),
            description: error.message,
            variant: 'destructive',
          }),
        );
    };
    const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const matching: Item[] = commands
      .filter((c) => words.every((w) => c.label.toLowerCase().includes(w)))
      .map((c) => ({
        ...c,
        run: () => {
          close();
          c.run();
        },
      }));
    const found = text.trim() && q === text.trim() ? resultItems(search.data, me?.id, go, openDirect, t) : [];
    return [...matching, ...found];
  }, [commands, text, q, search.data, me?.id, navigate, onOpenChange, t]);

  // A new list starts at its first item.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the items change
  useEffect(() => setActive(0), [items]);
  const current = items[Math.min(active, items.length - 1)];
  const optionId = (item: Item) => `${listId}-${item.id}`;

  useEffect(() => {
    if (!current) return;
    document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (Math.min(i, items.length - 1) + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      current?.run();
    }
  };

  const groups = [...new Set(items.map((i) => i.group))];
  const searching = text.trim() !== '' && (q !== text.trim() || search.isFetching);
  const nothing = text.trim() !== '' && !searching && items.length === 0;

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/40 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          data-command-palette
          aria-describedby={undefined}
          className="fixed top-[10dvh] left-1/2 z-50 flex max-h-[80dvh] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-lg border border-border bg-card text-card-foreground shadow-xl focus:outline-none data-[state=open]:animate-fade-in"
        >
          <DialogPrimitive.Title className="sr-only">{t('palette.title')}</DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b border-border px-3">
            <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <input
              role="combobox"
              aria-expanded={items.length > 0}
              aria-controls={listId}
              aria-activedescendant={current ? optionId(current) : undefined}
              aria-autocomplete="list"
              aria-label={t('palette.inputLabel')}
              placeholder={t('palette.placeholder')}
              className="h-12 min-w-0 flex-1 bg-transparent text-sm text-foreground outline-none placeholder:text-muted-foreground"
              value={text}
              maxLength={100}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
            />
            {searching && <Spinner label={t('palette.searching')} className="size-4" />}
          </div>
          <div
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={t('palette.results')}
            className="min-h-0 flex-1 overflow-y-auto p-2"
          >
            {groups.map((group) => (
              // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA), not a form's fieldset
              <div key={group} role="group" aria-labelledby={`${listId}-${group}`} className="pb-2">
                <div
                  id={`${listId}-${group}`}
                  className="px-2 py-1.5 text-xs font-semibold uppercase tracking-wider text-muted-foreground"
                >
                  {t(`palette.groups.${group}`)}
                </div>
                {items
                  .filter((i) => i.group === group)
                  .map((item) => {
                    const Icon = item.icon;
                    const selected = item === current;
                    return (
                      <div
                        key={item.id}
                        id={optionId(item)}
                        role="option"
                        aria-selected={selected}
                        tabIndex={-1}
                        onMouseMove={() => setActive(items.indexOf(item))}
                        onClick={() => item.run()}
                        onKeyDown={() => undefined}
                        className={cn(
                          'flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm',
                          selected ? 'bg-accent text-accent-foreground' : 'text-foreground',
                        )}
                      >
                        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate">{item.label}</span>
                          {item.detail && (
                            <span className="block truncate text-xs text-muted-foreground">
                              {item.detail}
                            </span>
                          )}
                        </span>
                        {item.shortcut && (
                          <span className="hidden shrink-0 gap-1 sm:flex" aria-hidden>
                            {item.shortcut.map((k) => (
                              <kbd
                                key={k}
                                className="rounded border border-border bg-muted px-1.5 font-mono text-xs text-muted-foreground"
                              >
                                {k}
                              </kbd>
                            ))}
                          </span>
                        )}
                      </div>
                    );
                  })}
              </div>
            ))}
            {nothing && (
              <p className="px-2 py-6 text-center text-sm text-muted-foreground">{t('palette.noResults')}</p>
            )}
            {search.isError && text.trim() !== '' && (
              <p role="alert" className="px-2 py-2 text-sm text-destructive">
                {search.error.message}
              </p>
            )}
          </div>
          <p className="hidden border-t border-border px-3 py-2 text-xs text-muted-foreground sm:block">
            {t('palette.footer')}
          </p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
