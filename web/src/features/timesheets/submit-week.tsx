import type { Timesheet } from '@contract/timesheets';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { formatDayShort, formatDuration, formatWeekOf } from '@/lib/format';
import { todayIn } from '@/lib/time-zone';
import { useSubmitWeek } from './api';

/**
 * Submitting one's own week (docs/product/timesheets.md#submitting): asked for confirmation, since
 * the week then locks. Before its last working day the button is disabled and says from when.
 */
export function SubmitWeek({ sheet }: { sheet: Timesheet }) {
  const { t } = useTranslation('timesheets');
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = useSubmitWeek();
  if (sheet.status !== 'open' && sheet.status !== 'rejected') return null;
  if (!sheet.can.submit) {
    if (todayIn(sheet.timeZone) >= sheet.submittableFrom) return null;
    return (
      <div className="grid justify-items-start gap-1">
        <Button disabled data-testid="submit-from" aria-describedby="submit-from-why">
          <Send aria-hidden /> {t('submit.from', { day: formatDayShort(sheet.submittableFrom) })}
        </Button>
        <p id="submit-from-why" className="text-xs text-muted-foreground">
          {t('submit.fromWhy')}
        </p>
      </div>
    );
  }
  const close = () => {
    setConfirming(false);
    setFailure(null);
  };
  return (
    <>
      <Button onClick={() => setConfirming(true)}>
        <Send aria-hidden /> {t('submit.button')}
      </Button>
      <Dialog open={confirming} onOpenChange={(open) => !open && close()}>
        <DialogContent className="sm:max-w-md" data-testid="submit-dialog">
          <DialogHeader>
            <DialogTitle>{t('submit.confirmTitle')}</DialogTitle>
            <DialogDescription>
              {t('submit.confirmDescription', {
                day: formatWeekOf(sheet.weekStart),
                tracked: formatDuration(sheet.totals.trackedSeconds),
                expected: formatDuration(sheet.totals.expectedSeconds),
              })}
            </DialogDescription>
          </DialogHeader>
          {failure && (
            <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-sm text-danger-foreground">
              {failure}
            </p>
          )}
          <DialogActions
            onCancel={close}
            label={t('submit.button')}
            pendingLabel={t('submit.pending')}
            pending={submit.isPending}
            onConfirm={() =>
              submit.mutate(
                { body: { week: sheet.weekStart } },
                {
                  onSuccess: () => {
                    close();
                    toast({ title: t('submit.done') });
                  },
                  // The server's reason (a running timer, an open attendance record) stays in view.
                  onError: (error) => setFailure(error.message),
                },
              )
            }
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
