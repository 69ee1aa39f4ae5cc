import type { TrashItem } from '@contract/trash';
import { Clock, ListTodo, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatDateTime, formatDuration } from '@/lib/format';
import { useRestoreEntry, useRestoreTask, useTrash } from './api';

/**
 * The Trash (docs/product/tasks.md#trash): deleted tasks and time entries, newest deletion first, each
 * with Restore and the day it is deleted for good.
 */
export function TrashList() {
  const { t } = useTranslation('tasks');
  const trash = useTrash();
  if (trash.isLoading)
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  const items = trash.data?.pages.flat() ?? [];
  if (items.length === 0)
    return (
      <Card>
        <EmptyState icon={Trash2} title={t('trash.empty')} description={t('trash.emptyDescription')} />
      </Card>
    );
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label={t('trash.title')}>
        {items.map((item) => (
          <TrashRow key={item.id} item={item} />
        ))}
      </ul>
      <LoadMore pages={trash} />
    </div>
  );
}

function TrashRow({ item }: { item: TrashItem }) {
  const { t } = useTranslation('tasks');
  const restoreTask = useRestoreTask();
  const restoreEntry = useRestoreEntry();
  const pending = restoreTask.isPending || restoreEntry.isPending;
  const isTask = item.kind === 'task';
  const Icon = isTask ? ListTodo : Clock;
  const title = item.title || t('trash.untitledEntry');
  const restore = () => {
    const done = {
      onSuccess: () => toast({ title: t('common:undo.restored'), description: title }),
      onError: (error: Error) =>
        toast({ variant: 'destructive', title: t('common:undo.failed'), description: error.message }),
    };
    if (isTask) restoreTask.mutate({ params: { id: item.id } }, done);
    else restoreEntry.mutate({ params: { id: item.id } }, done);
  };
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="min-w-0">
            <p className="break-words font-medium text-foreground">{title}</p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
              <Badge variant="gray">{isTask ? t('trash.kind.task') : t('trash.kind.entry')}</Badge>
              {item.project && <span>{item.project}</span>}
              {item.startTime && item.seconds !== null && (
                <span>
                  {formatDateTime(item.startTime)} · {formatDuration(item.seconds)}
                </span>
              )}
              <span>{t('trash.owner', { name: item.owner })}</span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              {item.deletedBy
                ? t('trash.deletedBy', { when: formatDateTime(item.deletedAt), name: item.deletedBy })
                : t('trash.deleted', { when: formatDateTime(item.deletedAt) })}{' '}
              · {t('trash.purgeAt', { date: formatDate(item.purgeAt) })}
            </p>
          </div>
        </div>
        <Button
          variant="outline"
          onClick={restore}
          disabled={pending}
          aria-label={t('trash.restoreNamed', { title })}
          className="shrink-0"
        >
          {pending ? t('trash.restoring') : t('trash.restore')}
        </Button>
      </Card>
    </li>
  );
}
