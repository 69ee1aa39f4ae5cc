import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { DecisionButtons } from '@/components/ui/decision-buttons';
import { toast } from '@/components/ui/use-toast';
import { Badge } from '@/components/ui/badge';
import { formatBalance, formatDayShort, formatDuration } from '@/lib/format';
import { useApproveWeek, useReviewQueue } from './api';
import { RejectDialog } from './reject-dialog';

/** Weeks waiting for the caller (managers: their teams' people; admins: everyone but themselves). */
export function ReviewQueue({ onOpen }: { onOpen: (userId: string, week: string) => void }) {
  const queue = useReviewQueue(true);
  const approve = useApproveWeek();
  const [rejecting, setRejecting] = useState<{ id: string; userName: string; weekStart: string } | null>(
    null,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Review queue</CardTitle>
        <CardDescription>Submitted weeks waiting for your decision, oldest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {queue.isLoading ? (
          <Skeleton className="h-16" />
        ) : !queue.data?.length ? (
          <EmptyState
            icon={CheckCircle2}
            title="Nothing to review"
            description="No submitted weeks are waiting."
          />
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Weeks to review">
            {queue.data.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="review-item"
              >
                <div className="grid min-w-0 gap-1">
                  <p className="font-medium">{item.userName}</p>
                  <p className="text-sm text-muted-foreground">
                    Week of {formatDayShort(item.weekStart)} · {formatDuration(item.trackedSeconds)} of{' '}
                    {formatDuration(item.expectedSeconds)} (
                    {formatBalance(item.trackedSeconds - item.expectedSeconds)}) · {item.timeZone}
                  </p>
                  <ReviewFlags overlapping={item.overlappingEntries} gapDays={item.gapDays} />
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`View ${item.userName}'s week`}
                    onClick={() => onOpen(item.userId, item.weekStart)}
                  >
                    View
                  </Button>
                  <DecisionButtons
                    what={`${item.userName}'s week`}
                    approving={approve.isPending}
                    onReject={() => setRejecting(item)}
                    onApprove={() =>
                      approve.mutate(
                        { params: { id: item.id } },
                        {
                          onSuccess: () => toast({ title: 'Week Approved', description: item.userName }),
                          onError: (error) =>
                            toast({
                              variant: 'destructive',
                              title: 'Failed to approve',
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a reviewer should look at before deciding (docs/product/timesheets.md#review). */
function ReviewFlags({ overlapping, gapDays }: { overlapping: number; gapDays: number }) {
  if (overlapping === 0 && gapDays === 0)
    return <p className="text-xs text-muted-foreground">No overlaps, no attendance gaps.</p>;
  return (
    <p className="flex flex-wrap gap-1.5">
      {overlapping > 0 && (
        <Badge variant="amber" data-testid="review-overlaps">
          <AlertTriangle aria-hidden /> {plural(overlapping, 'overlapping entry', 'overlapping entries')}
        </Badge>
      )}
      {gapDays > 0 && (
        <Badge variant="amber" data-testid="review-gaps">
          <AlertTriangle aria-hidden />{' '}
          {plural(gapDays, 'day with an attendance gap', 'days with an attendance gap')}
        </Badge>
      )}
    </p>
  );
}
