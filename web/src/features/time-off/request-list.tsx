import type { LeaveRequest } from '@contract/time-off';
import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
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
  const [cancelling, setCancelling] = useState<LeaveRequest | null>(null);
  if (loading) return <Skeleton className="h-24" />;
  if (!requests?.length)
    return (
      <EmptyState icon={CalendarX2} title="No requests yet" description="Requests you make appear here." />
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
                {showPerson ? `${r.userName} · ${r.typeName}` : r.typeName}
                <LeaveStatusBadge status={r.status} />
              </p>
              <p className="text-sm text-muted-foreground">
                {formatRange(r)} · {formatCost(r)}
              </p>
              {r.note && <p className="whitespace-pre-wrap break-words text-sm">{r.note}</p>}
              {r.comment && (
                <p className="whitespace-pre-wrap break-words text-sm text-subtle-foreground">
                  {r.decidedBy ?? 'Decided'}: “{r.comment}”
                </p>
              )}
            </div>
            {r.can.cancel && (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Cancel ${r.typeName}, ${formatRange(r)}`}
                onClick={() => setCancelling(r)}
              >
                Cancel
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
  const cancel = useCancelLeave();
  return (
    <ConfirmDialog
      open={request !== null}
      onClose={onClose}
      testId="cancel-dialog"
      title="Cancel this time off?"
      description={
        <>
          {request && `${request.typeName}, ${formatRange(request)}.`} Its days go back to the balance, and
          whoever else is concerned hears of it.
        </>
      }
      cancelLabel="Keep it"
      confirmLabel="Cancel time off"
      pendingLabel="Cancelling..."
      pending={cancel.isPending}
      destructive
      onConfirm={() =>
        request &&
        cancel.mutate(
          { params: { id: request.id } },
          {
            onSuccess: () => {
              toast({ title: 'Time off cancelled', description: formatRange(request) });
              onClose();
            },
            onError: (error) =>
              toast({ variant: 'destructive', title: 'Could not cancel', description: error.message }),
          },
        )
      }
    />
  );
}
