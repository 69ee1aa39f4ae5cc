import type { AttendanceRecord } from '@contract/attendance';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatElapsed, secondsSince } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { useOwnTime } from './time-format';

/** Clocking out ends the day's record, so it is confirmed first: a stray tap would end a work day. */
export function ClockOutDialog({
  record,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  record: AttendanceRecord;
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const now = useNow();
  const t = useOwnTime();
  return (
    <ConfirmDialog
      open={open}
      onClose={() => onOpenChange(false)}
      className="sm:max-w-md"
      title="Clock out now?"
      description={
        <>
          You clocked in at {t.time(record.clockIn)} (
          <span className="font-mono tabular-nums">
            {formatElapsed(secondsSince(record.clockIn, now.getTime()))}
          </span>{' '}
          elapsed). Clocking out closes today's attendance record.
        </>
      }
      confirmLabel="Clock Out"
      pendingLabel="Clocking out..."
      pending={pending}
      destructive
      onConfirm={onConfirm}
    />
  );
}
