import type { AttendanceRecord } from '@contract/attendance';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
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
  const { t } = useTranslation('attendance');
  const now = useNow();
  const own = useOwnTime();
  return (
    <ConfirmDialog
      open={open}
      onClose={() => onOpenChange(false)}
      className="sm:max-w-md"
      title={t('clockOutDialog.title')}
      description={
        <Trans
          t={t}
          i18nKey="clockOutDialog.description"
          values={{
            time: own.time(record.clockIn),
            elapsed: formatElapsed(secondsSince(record.clockIn, now.getTime())),
          }}
          components={{ mono: <span className="font-mono tabular-nums" /> }}
        />
      }
      confirmLabel={t('clock.clockOut')}
      pendingLabel={t('clock.clockingOut')}
      pending={pending}
      destructive
      onConfirm={onConfirm}
    />
  );
}
