import { type LeaveRequest, rejectRequestBody } from '@contract/time-off';
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
  const reject = useRejectLeave();
  const form = useZodForm(rejectRequestBody, { defaultValues: { comment: '' } });
  return (
    <FormDialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Reject ${request?.userName ?? ''}'s request`}
      description={request ? `${request.typeName}, ${formatRange(request)}. They read your comment.` : ''}
      form={form}
      idPrefix="reject-leave"
      submitLabel="Reject request"
      pendingLabel="Rejecting..."
      pending={reject.isPending}
      destructive
      testId="reject-leave-dialog"
      onSubmit={(values) =>
        request &&
        reject.mutate(
          { params: { id: request.id }, body: values },
          {
            onSuccess: () => {
              toast({ title: 'Request rejected', description: request.userName });
              form.reset();
              onClose();
            },
            onError: (error) => {
              applyServerErrors(form, error);
              toast({ variant: 'destructive', title: 'Could not reject', description: error.message });
            },
          },
        )
      }
    >
      <TextareaField name="comment" label="Comment" maxLength={500} placeholder="Why not these days?" />
    </FormDialog>
  );
}
