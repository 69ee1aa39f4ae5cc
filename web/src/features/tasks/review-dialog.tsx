import { reviewTaskRequest, type Task } from '@contract/tasks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FormDialog, TextareaField, useZodForm } from '@/components/form';
import { toast } from '@/components/ui/use-toast';
import { useReviewTask } from './api';
import { errorDescription } from './error-description';

export type ReviewAction = 'approve' | 'rework';

interface ReviewDialogProps {
  task: Task;
  action: ReviewAction | null;
  onClose: () => void;
}

/** Approve (comments optional) or send back for rework (a reason is required, as the server insists). */
export function ReviewDialog({ task, action, onClose }: ReviewDialogProps) {
  const { t } = useTranslation('tasks');
  const review = useReviewTask();
  const approving = action === 'approve';
  const form = useZodForm(reviewTaskRequest, { defaultValues: { action: 'approve', reviewComments: '' } });
  // The chosen action is part of what is validated: a rework needs its reason.
  useEffect(() => {
    if (action) form.setValue('action', action);
  }, [action, form]);

  const submit = (body: { action: ReviewAction; reviewComments: string }) =>
    review.mutate(
      { params: { id: task.id }, body },
      {
        onSuccess: () => {
          toast({
            title: approving ? t('reviewDialog.approved') : t('reviewDialog.sentForRework'),
            description: task.title,
          });
          form.reset();
          onClose();
        },
        onError: (failure) => {
          applyServerErrors(form, failure);
          toast({
            variant: 'destructive',
            title: t('toast.error'),
            description: errorDescription(t('reviewDialog.failed'), failure),
          });
        },
      },
    );

  return (
    <FormDialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      testId="review-dialog"
      title={approving ? t('reviewDialog.approveTitle') : t('reviewDialog.reworkTitle')}
      description={
        approving
          ? t('reviewDialog.approveDescription', { title: task.title })
          : t('reviewDialog.reworkDescription', { title: task.title, assignee: task.assignee })
      }
      before={
        task.submissionNotes && (
          <div className="rounded-md border border-border bg-subtle px-3 py-2 text-sm text-subtle-foreground">
            <p className="text-xs font-medium text-subtle-foreground">{t('reviewDialog.submissionNotes')}</p>
            <p className="mt-0.5 break-words">{task.submissionNotes}</p>
          </div>
        )
      }
      form={form}
      onSubmit={submit}
      idPrefix="review"
      submitLabel={approving ? t('reviewDialog.approve') : t('reviewDialog.sendForRework')}
      pendingLabel={approving ? t('reviewDialog.approving') : t('reviewDialog.sending')}
      pending={review.isPending}
      destructive={!approving}
    >
      <TextareaField
        name="reviewComments"
        label={approving ? t('reviewDialog.commentsLabel') : t('reviewDialog.reasonLabel')}
        placeholder={approving ? t('reviewDialog.commentsPlaceholder') : t('reviewDialog.reasonPlaceholder')}
        maxLength={2000}
        rows={4}
        autoFocus
      />
    </FormDialog>
  );
}
