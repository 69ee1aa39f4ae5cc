import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { DecisionButtons } from '@/components/ui/decision-buttons';
import { toast } from '@/components/ui/use-toast';
import { Badge } from '@/components/ui/badge';
import { formatBalance, formatDuration, formatWeekOf } from '@/lib/format';
import { useApproveWeek, useReviewQueue } from './api';
import { RejectDialog } from './reject-dialog';

/** Weeks waiting for the caller (managers: their teams' people; admins: everyone but themselves). */
export function ReviewQueue({ onOpen }: { onOpen: (userId: string, week: string) => void }) {
  const { t } = useTranslation('timesheets');
  const queue = useReviewQueue(true);
  const approve = useApproveWeek();
  const [rejecting, setRejecting] = useState<{ id: string; userName: string; weekStart: string } | null>(
    null,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('review.title')}</CardTitle>
        <CardDescription>{t('review.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {queue.isLoading ? (
          <Skeleton className="h-16" />
        ) : !queue.data?.length ? (
          <EmptyState
            icon={CheckCircle2}
            title={t('review.emptyTitle')}
            description={t('review.emptyDescription')}
          />
        ) : (
          <ul className="flex flex-col divide-y" aria-label={t('review.listLabel')}>
            {queue.data.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="review-item"
              >
                <div className="grid min-w-0 gap-1">
                  <p className="font-medium">{item.userName}</p>
                  <p className="text-sm text-muted-foreground">
                    {t('review.summary', {
                      day: formatWeekOf(item.weekStart),
                      tracked: formatDuration(item.trackedSeconds),
                      expected: formatDuration(item.expectedSeconds),
                      balance: formatBalance(item.trackedSeconds - item.expectedSeconds),
                      zone: item.timeZone,
                    })}
                  </p>
                  <ReviewFlags overlapping={item.overlappingEntries} gapDays={item.gapDays} />
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('review.viewWeek', { name: item.userName })}
                    onClick={() => onOpen(item.userId, item.weekStart)}
                  >
                    {t('common:actions.view')}
                  </Button>
                  <DecisionButtons
                    what={t('review.what', { name: item.userName })}
                    approving={approve.isPending}
                    onReject={() => setRejecting(item)}
                    onApprove={() =>
                      approve.mutate(
                        { params: { id: item.id } },
                        {
                          onSuccess: () =>
                            toast({ title: t('actions.approved'), description: item.userName }),
                          onError: (error) =>
                            toast({
                              variant: 'destructive',
                              title: t('review.approveFailed'),
                              description: error.message,
                            }),
                        },
                      )
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <RejectDialog sheet={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}

/** What a reviewer should look at before deciding (docs/product/timesheets.md#review). */
function ReviewFlags({ overlapping, gapDays }: { overlapping: number; gapDays: number }) {
  const { t } = useTranslation('timesheets');
  if (overlapping === 0 && gapDays === 0)
    return <p className="text-xs text-muted-foreground">{t('review.noFlags')}</p>;
  return (
    <p className="flex flex-wrap gap-1.5">
      {overlapping > 0 && (
        <Badge variant="amber" data-testid="review-overlaps">
          <AlertTriangle aria-hidden /> {t('review.overlapping', { count: overlapping })}
        </Badge>
      )}
      {gapDays > 0 && (
        <Badge variant="amber" data-testid="review-gaps">
          <AlertTriangle aria-hidden /> {t('review.gaps', { count: gapDays })}
        </Badge>
      )}
    </p>
  );
}
