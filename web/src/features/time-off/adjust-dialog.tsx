import { adjustmentRequest, type LeaveBalance } from '@contract/time-off';
import { applyServerErrors, FormDialog, TextField, useZodForm } from '@/components/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { useAdjustAllowance } from './api';
import { formatDays } from './format';

/** An admin adds days to (or, below zero, removes them from) a person's allowance of a year, with a reason. */
export function AdjustDialog({ balance, onClose }: { balance: LeaveBalance | null; onClose: () => void }) {
  const { t } = useTranslation('time-off');
  const adjust = useAdjustAllowance();
  const form = useZodForm(adjustmentRequest, { defaultValues: { reason: '' } });
  const year = balance?.year;
  useEffect(() => {
    if (year) form.reset({ year, reason: '' });
  }, [year, form]);
  return (
    <FormDialog
      open={balance !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('adjust.title', { name: balance?.userName ?? '' })}
      description={
        balance
          ? t('adjust.description', { year: balance.year, days: formatDays(balance.remainingDays, t) })
          : ''
      }
      form={form}
      idPrefix="adjust"
      submitLabel={t('adjust.submit')}
      pendingLabel={t('adjust.pending')}
      pending={adjust.isPending}
      testId="adjust-dialog"
      onSubmit={(values) =>
        balance &&
        adjust.mutate(
          { params: { userId: balance.userId }, body: values },
          {
            onSuccess: (after) => {
              toast({
                title: t('adjust.done'),
                description: t('adjust.doneDescription', {
                  name: after.userName,
                  days: formatDays(after.remainingDays, t),
                }),
              });
              onClose();
            },
            onError: (error) => {
              applyServerErrors(form, error);
              toast({ variant: 'destructive', title: t('adjust.failed'), description: error.message });
            },
          },
        )
      }
    >
      <TextField name="days" label={t('adjust.days')} type="number" step={0.5} hint={t('adjust.daysHint')} />
      <TextField name="reason" label={t('adjust.reason')} maxLength={300} />
    </FormDialog>
  );
}
