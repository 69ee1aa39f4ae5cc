import type { TimeEntry } from '@contract/time-entries';
import { AlertTriangle, Clock, Lock, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DisabledReason } from '@/components/ui/disabled-reason';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatDuration } from '@/lib/format';
import { useTimeEntries } from './api';
import { DeleteEntryDialog, EditEntryDialog } from './entry-dialogs';
import { overlapWarning, timeRange } from './zoned';

/**
 * 'Recent Time Entries' (docs/product/time-tracking.md#entry-list): newest first, more on demand, own
 * entries editable unless their week is locked; times in the person's own zone (`timeZone`).
 */
export function EntriesList({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('time');
  const entries = useTimeEntries();
  const [editing, setEditing] = useState<TimeEntry | null>(null);
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);
  const list = entries.data?.pages.flat() ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('entries.title')}</CardTitle>
      </CardHeader>
      <CardContent className="px-0 pb-2">
        {entries.isLoading ? (
          <div className="grid gap-3 px-5 pb-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : entries.isError ? (
          <p className="px-5 pb-4 text-sm text-destructive">{t('entries.loadFailed')}</p>
        ) : list.length === 0 ? (
          <EmptyState
            icon={Clock}
            title={t('entries.emptyTitle')}
            description={t('entries.emptyDescription')}
          />
        ) : (
          <ul className="divide-y" aria-label={t('entries.listLabel')}>
            {list.map((entry) => (
              <EntryRow
                key={entry.id}
                entry={entry}
                timeZone={timeZone}
                onEdit={() => setEditing(entry)}
                onDelete={() => setDeleting(entry)}
              />
            ))}
          </ul>
        )}
        {entries.hasNextPage && (
          <div className="flex justify-center border-t px-5 pt-3">
            <Button
              variant="ghost"
              onClick={() => entries.fetchNextPage()}
              disabled={entries.isFetchingNextPage}
            >
              {entries.isFetchingNextPage ? t('entries.loadingMore') : t('common:actions.loadMore')}
            </Button>
          </div>
        )}
      </CardContent>
      {editing && (
        <EditEntryDialog entry={editing} timeZone={timeZone} others={list} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteEntryDialog entry={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}

type RowProps = { entry: TimeEntry; timeZone: string; onEdit: () => void; onDelete: () => void };

function EntryRow({ entry, timeZone, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation('time');
  const title = entry.project ?? t('noProject');
  const name = entry.description || title;
  // A submitted week or an invoice locks the entry (docs/product/billing.md#invoices).
  const locked = entry.locked || entry.invoiced;
  const actions = (
    <div className="flex shrink-0 items-center">
      <Button
        variant="ghost"
        size="icon"
        onClick={onEdit}
        disabled={locked}
        aria-label={t('entries.edit', { name })}
      >
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-muted-foreground hover:text-destructive"
        onClick={onDelete}
        disabled={locked}
        aria-label={t('entries.delete', { name })}
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
  return (
    <li
      className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:gap-3"
      data-testid="time-entry"
    >
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 truncate-wide font-medium text-foreground">{title}</p>
          {entry.autoStopped && (
            // docs/product/time-tracking.md#forgotten-timers: the server ended it at the limit.
            <Badge variant="amber" title={t('entries.autoStoppedHint')}>
              {t('entries.autoStopped')}
            </Badge>
          )}
          {entry.locked && (
            <Badge variant="gray">
              <Lock aria-hidden /> {t('entries.locked')}
            </Badge>
          )}
          {entry.billable && (
            <Badge variant="gray" title={t('common:billing.billable')}>
              <span aria-hidden>$</span>
              <span className="sr-only">{t('common:billing.billable')}</span>
            </Badge>
          )}
          {entry.invoiced && (
            <Badge variant="gray">
              <Lock aria-hidden /> {t('common:billing.billed')}
            </Badge>
          )}
        </div>
        <p className="truncate-wide text-sm text-muted-foreground">
          {entry.task && entry.task !== entry.description ? `${entry.task} · ` : ''}
          {entry.description || '—'}
        </p>
        <p className="mt-0.5 text-xs tabular-nums text-muted-foreground" data-testid="entry-times">
          {formatDate(entry.date)} · {timeRange(entry.startTime, entry.endTime, timeZone, entry.endsNextDay)}
        </p>
        {entry.overlaps.length > 0 && (
          // docs/product/time-tracking.md#overlaps: shown, and counted once.
          <p
            className="mt-1 flex items-start gap-1.5 text-xs text-warning-foreground"
            data-testid="entry-overlap"
          >
            <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
            {overlapWarning(entry.overlaps, timeZone)}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center justify-between gap-2">
        <span
          className="shrink-0 rounded-md bg-muted px-2 py-1 text-sm font-semibold tabular-nums text-subtle-foreground"
          data-testid="entry-duration"
        >
          {formatDuration(entry.duration)}
        </span>
        {locked ? (
          <DisabledReason reason={t(entry.invoiced ? 'entries.invoicedReason' : 'entries.lockedReason')}>
            {actions}
          </DisabledReason>
        ) : (
          actions
        )}
      </div>
    </li>
  );
}
