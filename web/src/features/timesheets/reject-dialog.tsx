import { rejectBody } from '@contract/timesheets';
import { applyServerErrors, FormDialog, TextareaField, useZodForm } from '@/components/form';
import { toast } from '@/components/ui/use-toast';
import { useRejectWeek } from './api';

/** Rejecting needs a comment: it tells the person what to correct. */
export function RejectDialog({
  sheet,
  onClose,
}: {
  sheet: { id: string; userName: string; weekStart: string } | null;
  onClose: () => void;
}) {
  const reject = useRejectWeek();
  const form = useZodForm(rejectBody, { defaultValues: { comment: '' } });
  return (
    <FormDialog
      open={sheet !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Reject the week of ${sheet?.weekStart ?? ''}`}
      description={`${sheet?.userName ?? ''} sees your comment and can correct the week and submit it again.`}
      form={form}
      idPrefix="reject"
      submitLabel="Reject Week"
      pendingLabel="Rejecting..."
      pending={reject.isPending}
      destructive
      testId="reject-dialog"
      onSubmit={(values) =>
        sheet &&
        reject.mutate(
          { params: { id: sheet.id }, body: values },
          {
            onSuccess: () => {
              toast({ title: 'Week Rejected', description: sheet.userName });
              form.reset();
              onClose();
            },
            onError: (error) => {
              applyServerErrors(form, error);
              toast({ variant: 'destructive', title: 'Failed to reject', description: error.message });
            },
          },
        )
      }
    >
      <TextareaField name="comment" label="Comment" maxLength={1000} placeholder="What needs correcting?" />
    </FormDialog>
  );
}
