import type { Task } from '@contract/tasks';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useReviewTask } from './api';
import { errorDescription } from './error-description';
import { FormField } from './form-field';

export type ReviewAction = 'approve' | 'rework';

interface ReviewDialogProps {
  task: Task;
  action: ReviewAction | null;
  onClose: () => void;
}

/** Approve or send back for rework, with optional comments for the assignee. */
export function ReviewDialog({ task, action, onClose }: ReviewDialogProps) {
  const review = useReviewTask();
  const [comments, setComments] = useState('');
  const approving = action === 'approve';

  function close() {
    setComments('');
    onClose();
  }

  function submit() {
    if (!action) return;
    review.mutate(
      { id: task.id, action, reviewComments: comments },
      {
        onSuccess: () => {
          toast({ title: approving ? 'Task approved' : 'Task sent for rework', description: task.title });
          close();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorDescription('Failed to review task', error),
          }),
      },
    );
  }

  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent data-testid="review-dialog">
        <DialogHeader>
          <DialogTitle>{approving ? 'Approve Task' : 'Request Rework'}</DialogTitle>
          <DialogDescription>
            {approving
              ? `Mark “${task.title}” as completed and approved.`
              : `Send “${task.title}” back to ${task.assignee} with what needs to change.`}
          </DialogDescription>
        </DialogHeader>
        {task.submissionNotes && (
          <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
            <p className="text-xs font-medium text-slate-500">Submission notes</p>
            <p className="mt-0.5 break-words">{task.submissionNotes}</p>
          </div>
        )}
        <FormField id="review-comments" label="Review comments">
          <Textarea
            id="review-comments"
            value={comments}
            onChange={(e) => setComments(e.target.value)}
            placeholder={approving ? 'Optional feedback' : 'What should be changed?'}
            maxLength={2000}
            rows={4}
            autoFocus
          />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            variant={approving ? 'default' : 'destructive'}
            onClick={submit}
            disabled={review.isPending}
          >
            {approving ? 'Approve' : 'Send for Rework'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
