import { type LeaveRequest, rejectRequestBody } from '@contract/time-off';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FormDialog, TextareaField, useZodForm } from '@/components/form';
import { toast } from '@/components/ui/use-toast';
import { useRejectLeave } from './api';
import { formatRange } from './format';

/** Rejecting needs a comment (docs/product/time-off.md#requests): the person reads why. */
export function RejectLeaveDialog({
  request,
  onClose,
}: {
  request: LeaveRequest | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('time-off');
  const reject = useRejectLeave();
  const form = useZodForm(rejectRequestBody, { defaultValues: { comment: '' } });
  return (
    <FormDialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('reject.title', { name: request?.userName ?? '' })}
      description={
        request ? t('reject.description', { type: request.typeName, range: formatRange(request, t) }) : ''
      }
      form={form}
      idPrefix="reject-leave"
      submitLabel={t('reject.submit')}
      pendingLabel={t('reject.pending')}
      pending={reject.isPending}
      destructive
      testId="reject-leave-dialog"
      onSubmit={(values) =>
        request &&
        reject.mutate(
          { params: { id: request.id }, body: values },
          {
            onSuccess: () => {
              toast({ title: t('reject.done'), description: request.userName });
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
        maxLength={500}
        placeholder={t('reject.placeholder')}
      />
    </FormDialog>
  );
}
