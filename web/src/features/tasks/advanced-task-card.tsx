import { SUBMISSION_NOTES, type Task } from '@contract/tasks';
import { CheckCircle2, MessageSquare, Pause, Play, RotateCcw, Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatRelative } from '@/lib/format';
import { useSubmitTask, useTogglePause } from './api';
import { CommentsDialog } from './comments-dialog';
import { errorDescription } from './error-description';
import { type ReviewAction, ReviewDialog } from './review-dialog';
import { TaskCard } from './task-card';
import { TaskManageActions } from './task-manage-actions';

interface AdvancedTaskCardProps {
  task: Task;
  /** Managers and admins approve and send back; everyone else only sees the outcome. */
  canReview: boolean;
  /** Only the assignee submits their work for review (a reviewer could otherwise approve it alone). */
  myId: string | undefined;
  actions?: ReactNode;
}

function ReviewNotes({ task }: { task: Task }) {
  if (!task.reviewComments && !task.reviewedBy) return null;
  const rework = task.reviewStatus === 'rework';
  return (
    <div
      className={
        rework
          ? 'rounded-md border border-danger-border bg-danger-soft/60 px-3 py-2 text-sm'
          : 'rounded-md border border-border bg-subtle px-3 py-2 text-sm'
      }
    >
      <p className="text-xs text-muted-foreground">
        Reviewed by{' '}
        <span className="font-medium text-subtle-foreground">{task.reviewedBy ?? 'a former user'}</span>{' '}
        {formatRelative(task.reviewedAt)}
      </p>
      {task.reviewComments && (
        <p className="mt-0.5 whitespace-pre-wrap break-words text-subtle-foreground">{task.reviewComments}</p>
      )}
    </div>
  );
}

export function AdvancedTaskCard({ task, canReview, myId, actions }: AdvancedTaskCardProps) {
  const pause = useTogglePause();
  const submit = useSubmitTask();
  const [review, setReview] = useState<ReviewAction | null>(null);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const open = task.status === 'todo' || task.status === 'in_progress';

  const togglePause = () =>
    pause.mutate(
      { params: { id: task.id } },
      {
        onSuccess: () => toast({ title: 'Task status updated', description: task.title }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorDescription('Failed to update task', error),
          }),
      },
    );

  const submitForReview = () =>
    submit.mutate(
      { params: { id: task.id }, body: { submissionNotes: SUBMISSION_NOTES } },
      {
        onSuccess: () => toast({ title: 'Task submitted for review', description: task.title }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorDescription('Failed to submit task', error),
          }),
      },
    );

  return (
    <>
      <TaskCard
        task={task}
        showAssignee
        actions={actions}
        footer={
          <>
            {task.assignedBy && (
              <p className="text-xs text-muted-foreground">
                Assigned by <span className="font-medium text-subtle-foreground">{task.assignedBy}</span>
              </p>
            )}
            <ReviewNotes task={task} />
          </>
        }
      >
        {open && (
          <Button size="sm" variant="outline" onClick={togglePause} disabled={pause.isPending}>
            {task.isPaused ? <Play aria-hidden /> : <Pause aria-hidden />}
            {task.isPaused ? 'Resume' : 'Pause'}
          </Button>
        )}
        {open && !task.isPaused && task.assigneeId === myId && (
          <Button size="sm" onClick={submitForReview} disabled={submit.isPending}>
            <Send aria-hidden /> Submit for Review
          </Button>
        )}
        {canReview && task.status === 'pending_review' && (
          <>
            <Button size="sm" onClick={() => setReview('approve')}>
              <CheckCircle2 aria-hidden /> Approve
            </Button>
            <Button size="sm" variant="outline" onClick={() => setReview('rework')}>
              <RotateCcw aria-hidden /> Rework
            </Button>
          </>
        )}
        <TaskManageActions task={task} />
        <Button size="sm" variant="ghost" className="sm:ml-auto" onClick={() => setCommentsOpen(true)}>
          <MessageSquare aria-hidden />
          Comments{task.comments.length > 0 && ` (${task.comments.length})`}
        </Button>
      </TaskCard>
      <ReviewDialog task={task} action={review} onClose={() => setReview(null)} />
      <CommentsDialog task={task} open={commentsOpen} onOpenChange={setCommentsOpen} />
    </>
  );
}
