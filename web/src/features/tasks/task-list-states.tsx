import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';

export function TaskListSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation('tasks');
  return (
    <div className="grid gap-3" role="status" aria-busy="true" aria-label={t('list.loading')}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className="grid gap-3 p-5">
          <div className="flex justify-between gap-4">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-24" />
          </div>
          <Skeleton className="h-4 w-3/4" />
          <div className="flex gap-4">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-4 w-28" />
          </div>
        </Card>
      ))}
    </div>
  );
}

export function TaskListEmpty(props: {
  icon: LucideIcon;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Card>
      <EmptyState {...props} />
    </Card>
  );
}

export function LoadMore({
  hasMore,
  loading,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  const { t } = useTranslation('tasks');
  if (!hasMore) return null;
  return (
    <div className="flex justify-center pt-2">
      <Button variant="outline" onClick={onLoad} disabled={loading}>
        {loading ? t('list.loadingMore') : t('list.loadMore')}
      </Button>
    </div>
  );
}
