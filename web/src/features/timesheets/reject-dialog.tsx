import { rejectBody } from '@contract/timesheets';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FormDialog, TextareaField, useZodForm } from '@/components/form';
import { toast } from '@/components/ui/use-toast';
import { formatWeekOf } from '@/lib/format';
import { useRejectWeek } from './api';

/** Rejecting needs a comment: it tells the person what to correct. */
export function RejectDialog({
  sheet,
  onClose,
}: {
  sheet: { id: string; userName: string; weekStart: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('timesheets');
  const reject = useRejectWeek();
  const form = useZodForm(rejectBody, { defaultValues: { comment: '' } });
  return (
    <FormDialog
      open={sheet !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('reject.title', { week: sheet ? formatWeekOf(sheet.weekStart) : '' })}
      description={t('reject.description', { name: sheet?.userName ?? '' })}
      form={form}
      idPrefix="reject"
      submitLabel={t('reject.submit')}
      pendingLabel={t('reject.pending')}
      pending={reject.isPending}
      destructive
      testId="reject-dialog"
      onSubmit={(values) =>
        sheet &&
        reject.mutate(
          { params: { id: sheet.id }, body: values },
          {
            onSuccess: () => {
              toast({ title: t('reject.done'), description: sheet.userName });
              form.reset();
              onClose();
            },
            onError: (error) => {
              applyServerErrors(form, error);
              toast({ variant: 'destructive', title: t('reject.failed'), description: error.message });
            },
          },
        )
      }
    >
      <TextareaField
        name="comment"
        label={t('reject.comment')}
        maxLength={1000}
        placeholder={t('reject.placeholder')}
      />
    </FormDialog>
  );
}
