import type { AttendanceRecord } from '@contract/attendance';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Clock out now?</DialogTitle>
          <DialogDescription>
            You clocked in at {t.time(record.clockIn)} (
            <span className="font-mono tabular-nums">
              {formatElapsed(secondsSince(record.clockIn, now.getTime()))}
            </span>{' '}
            elapsed). Clocking out closes today's attendance record.
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          onCancel={() => onOpenChange(false)}
          label="Clock Out"
          pendingLabel="Clocking out..."
          pending={pending}
          destructive
          onConfirm={onConfirm}
        />
      </DialogContent>
    </Dialog>
  );
}
