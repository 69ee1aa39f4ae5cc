import type { LeaveRequest } from '@contract/time-off';
import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCancelLeave } from './api';
import { formatCost, formatRange } from './format';
import { LeaveStatusBadge, Swatch } from './status-badge';

/** Requests, newest first, with their status, the decider's comment and Cancel where the server allows it. */
export function RequestList({
  requests,
  loading,
  showPerson = false,
  label,
}: {
  requests: LeaveRequest[] | undefined;
  loading: boolean;
  showPerson?: boolean;
  label: string;
}) {
  const { t } = useTranslation('time-off');
  const [cancelling, setCancelling] = useState<LeaveRequest | null>(null);
  if (loading) return <Skeleton className="h-24" />;
  if (!requests?.length)
    return (
      <EmptyState icon={CalendarX2} title={t('list.emptyTitle')} description={t('list.emptyDescription')} />
    );
  return (
    <>
      <ul className="flex flex-col divide-y" aria-label={label}>
        {requests.map((r) => (
          <li
            key={r.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-testid="leave-item"
          >
            <div className="grid min-w-0 gap-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <Swatch color={r.color} />
                {showPerson ? t('list.personType', { name: r.userName, type: r.typeName }) : r.typeName}
                <LeaveStatusBadge status={r.status} />
              </p>
              <p className="text-sm text-muted-foreground">
                {t('list.rangeCost', { range: formatRange(r, t), cost: formatCost(r, t) })}
              </p>
              {r.note && <p className="whitespace-pre-wrap break-words text-sm">{r.note}</p>}
              {r.comment && (
                <p className="whitespace-pre-wrap break-words text-sm text-subtle-foreground">
                  {t('list.comment', { by: r.decidedBy ?? t('list.decided'), comment: r.comment })}
                </p>
              )}
            </div>
            {r.can.cancel && (
              <Button
                variant="outline"
                size="sm"
                aria-label={t('list.cancelLabel', { type: r.typeName, range: formatRange(r, t) })}
                onClick={() => setCancelling(r)}
              >
                {t('list.cancel')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <CancelDialog request={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

function CancelDialog({ request, onClose }: { request: LeaveRequest | null; onClose: () => void }) {
  const { t } = useTranslation('time-off');
  const cancel = useCancelLeave();
  return (
    <ConfirmDialog
      open={request !== null}
      onClose={onClose}
      testId="cancel-dialog"
      title={t('cancel.title')}
      description={
        request ? t('cancel.description', { type: request.typeName, range: formatRange(request, t) }) : ''
      }
      cancelLabel={t('cancel.keep')}
      confirmLabel={t('cancel.confirm')}
      pendingLabel={t('cancel.pending')}
      pending={cancel.isPending}
      destructive
      onConfirm={() =>
        request &&
        cancel.mutate(
          { params: { id: request.id } },
          {
            onSuccess: () => {
              toast({ title: t('cancel.done'), description: formatRange(request, t) });
              onClose();
            },
            onError: (error) =>
              toast({ variant: 'destructive', title: t('cancel.failed'), description: error.message }),
          },
        )
      }
    />
  );
}
