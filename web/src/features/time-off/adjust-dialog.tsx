import { adjustmentRequest, type LeaveBalance } from '@contract/time-off';
import { applyServerErrors, FormDialog, TextField, useZodForm } from '@/components/form';
import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useAdjustAllowance } from './api';
import { formatDays } from './format';

/** An admin adds days to (or, below zero, removes them from) a person's allowance of a year, with a reason. */
export function AdjustDialog({ balance, onClose }: { balance: LeaveBalance | null; onClose: () => void }) {
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
      title={`Adjust ${balance?.userName ?? ''}'s allowance`}
      description={`${balance?.year ?? ''}: ${balance ? formatDays(balance.remainingDays) : ''} remaining now. The change and its reason are audited.`}
      form={form}
      idPrefix="adjust"
      submitLabel="Save adjustment"
      pendingLabel="Saving..."
      pending={adjust.isPending}
      testId="adjust-dialog"
      onSubmit={(values) =>
        balance &&
        adjust.mutate(
          { params: { userId: balance.userId }, body: values },
          {
            onSuccess: (after) => {
              toast({
                title: 'Allowance adjusted',
                description: `${after.userName}: ${formatDays(after.remainingDays)} remaining`,
              });
              onClose();
            },
            onError: (error) => {
              applyServerErrors(form, error);
              toast({ variant: 'destructive', title: 'Could not adjust', description: error.message });
            },
          },
        )
      }
    >
      <TextField
        name="days"
        label="Days"
        type="number"
        step={0.5}
        hint="Below zero removes days, e.g. −1.5"
      />
      <TextField name="reason" label="Reason" maxLength={300} />
    </FormDialog>
  );
}
