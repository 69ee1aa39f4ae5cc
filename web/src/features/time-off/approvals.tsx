import type { LeaveRequest } from '@contract/time-off';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { DecisionButtons } from '@/components/ui/decision-buttons';
import { toast } from '@/components/ui/use-toast';
import { useApproveLeave, useRequests } from './api';
import { formatCost, formatRange } from './format';
import { RejectLeaveDialog } from './reject-dialog';
import { Swatch } from './status-badge';

/** Pending requests of the people the caller decides for (docs/product/time-off.md#requests). */
export function Approvals() {
  const { t } = useTranslation('time-off');
  const queue = useRequests({ decidable: 'true' });
  const approve = useApproveLeave();
  const [rejecting, setRejecting] = useState<LeaveRequest | null>(null);
  const items = [...(queue.data ?? [])].sort((a, b) => a.startDate.localeCompare(b.startDate));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('approvals.title')}</CardTitle>
        <CardDescription>{t('approvals.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {queue.isLoading ? (
          <Skeleton className="h-16" />
        ) : !items.length ? (
          <EmptyState
            icon={CheckCircle2}
            title={t('approvals.emptyTitle')}
            description={t('approvals.emptyDescription')}
          />
        ) : (
          <ul className="flex flex-col divide-y" aria-label={t('approvals.list')}>
            {items.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="approval-item"
              >
                <div className="grid min-w-0 gap-1">
                  <p className="font-medium">{r.userName}</p>
                  <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
                    <Swatch color={r.color} />{' '}
                    {t('approvals.detail', {
                      type: r.typeName,
                      range: formatRange(r, t),
                      cost: formatCost(r, t),
                    })}
                  </p>
                  {r.note && <p className="whitespace-pre-wrap break-words text-sm">{r.note}</p>}
                </div>
                <div className="flex flex-wrap gap-2">
                  <DecisionButtons
                    what={t('approvals.what', { name: r.userName })}
                    approving={approve.isPending}
                    onReject={() => setRejecting(r)}
                    onApprove={() =>
                      approve.mutate(
                        { params: { id: r.id }, body: {} },
                        {
                          onSuccess: () => toast({ title: t('approvals.approved'), description: r.userName }),
                          onError: (error) =>
                            toast({
                              variant: 'destructive',
                              title: t('approvals.approveFailed'),
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
      <RejectLeaveDialog request={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}
