import { reviewTaskRequest, type Task } from '@contract/tasks';
import { useEffect } from 'react';
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
          toast({ title: approving ? 'Task approved' : 'Task sent for rework', description: task.title });
          form.reset();
          onClose();
        },
        onError: (failure) => {
          applyServerErrors(form, failure);
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorDescription('Failed to review task', failure),
          });
        },
      },
    );

  return (
    <FormDialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      testId="review-dialog"
      title={approving ? 'Approve Task' : 'Request Rework'}
      description={
        approving
          ? `Mark “${task.title}” as completed and approved.`
          : `Send “${task.title}” back to ${task.assignee}. Say what needs to change: a reason is required.`
      }
      before={
        task.submissionNotes && (
          <div className="rounded-md border border-border bg-subtle px-3 py-2 text-sm text-subtle-foreground">
            <p className="text-xs font-medium text-subtle-foreground">Submission notes</p>
            <p className="mt-0.5 break-words">{task.submissionNotes}</p>
          </div>
        )
      }
      form={form}
      onSubmit={submit}
      idPrefix="review"
      submitLabel={approving ? 'Approve' : 'Send for Rework'}
      pendingLabel={approving ? 'Approving...' : 'Sending...'}
      pending={review.isPending}
      destructive={!approving}
    >
      <TextareaField
        name="reviewComments"
        label={approving ? 'Review comments' : 'Reason for rework'}
        placeholder={approving ? 'Optional feedback' : 'What should be changed?'}
        maxLength={2000}
        rows={4}
        autoFocus
      />
    </FormDialog>
  );
}
