import type { Notification } from '@contract/notifications';
import { Bell, Check, CheckCheck } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatNumber, formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useMarkRead, useNotificationPages, useUnreadCount } from './api';

function Item({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const { t } = useTranslation('notifications');
  const markRead = useMarkRead();
  const unread = n.readAt === null;
  return (
    <li className={cn('group relative flex gap-2 px-4 py-3', unread && 'bg-primary-soft/60')}>
      <span
        aria-hidden
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
      />
      <Link
        to={n.link}
        onClick={() => onOpen(n)}
        className="min-w-0 flex-1 rounded-sm focus-visible:outline-2 focus-visible:outline-primary"
      >
        <span className={cn('block text-sm text-foreground', unread && 'font-semibold')}>
          {n.title}
          {unread && <span className="sr-only"> {t('item.unread')}</span>}
        </span>
        {n.body && <span className="mt-0.5 line-clamp-2 block text-sm text-subtle-foreground">{n.body}</span>}
        <time
          dateTime={n.createdAt}
          title={formatDateTime(n.createdAt)}
          className="mt-1 block text-xs text-muted-foreground"
        >
          {formatRelative(n.createdAt)}
        </time>
      </Link>
      {unread && (
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0 text-muted-foreground"
          aria-label={t('item.markRead', { title: n.title })}
          disabled={markRead.isPending}
          onClick={() => markRead.mutate({ body: { ids: [n.id] } })}
        >
          <Check aria-hidden />
        </Button>
      )}
    </li>
  );
}

function Panel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const pages = useNotificationPages(true);
  const markRead = useMarkRead();
  const items = pages.data?.pages.flat() ?? [];
  const anyUnread = items.some((n) => n.readAt === null);
  const open = (n: Notification) => {
    if (n.readAt === null) markRead.mutate({ body: { ids: [n.id] } });
    onClose();
  };
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-b border-border px-4 py-2.5">
        <h2 className="text-sm font-semibold text-foreground">{t('panel.title')}</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={!anyUnread || markRead.isPending}
          onClick={() => markRead.mutate({ body: { all: true } })}
        >
          <CheckCheck aria-hidden /> {t('panel.markAllRead')}
        </Button>
      </div>
      <div className="max-h-[min(28rem,70dvh)] overflow-y-auto">
        {pages.isPending ? (
          <div className="grid gap-3 p-4" aria-busy="true">
            <span className="sr-only">{t('panel.loading')}</span>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : pages.isError ? (
          <p role="alert" className="p-4 text-sm text-danger-foreground">
            {pages.error.message}
          </p>
        ) : items.length === 0 ? (
          <EmptyState
            icon={Bell}
            title={t('panel.emptyTitle')}
            description={t('panel.emptyDescription')}
            className="py-8"
          />
        ) : (
          <>
            <ul aria-label={t('panel.list')} className="divide-y divide-border">
              {items.map((n) => (
                <Item key={n.id} n={n} onOpen={open} />
              ))}
            </ul>
            <LoadMore pages={pages} label={t('panel.older')} />
          </>
        )}
      </div>
    </>
  );
}

/** The bell in the header: the unread count, live, and the panel (docs/product/notifications.md). */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const count = useUnreadCount().data?.count ?? 0;
  const shown = count > 99 ? `${formatNumber(99)}+` : formatNumber(count);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative text-subtle-foreground"
          data-testid="notification-bell"
          aria-label={count > 0 ? t('bell.labelUnread', { count }) : t('bell.label')}
        >
          <Bell aria-hidden />
          {count > 0 && (
            <span
              aria-hidden
              data-testid="notification-count"
              className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-semibold leading-none text-primary-foreground ring-2 ring-card"
            >
              {shown}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t('bell.label')}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-lg border border-border bg-card shadow-lg focus:outline-none"
        >
          <Panel onClose={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
