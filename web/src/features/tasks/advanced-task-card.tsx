import { SUBMISSION_NOTES, type Task } from '@contract/tasks';
import { CheckCircle2, MessageSquare, Pause, Play, RotateCcw, Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatRelative } from '@/lib/format';
import { useSubmitTask, useTogglePause } from './api';
import { CommentsDialog } from './comments-dialog';
import { errorDescription } from './error-description';
import { useOpenSubtasksConfirm } from './open-subtasks-confirm';
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
  const { t } = useTranslation('tasks');
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
        <Trans
          t={t}
          i18nKey="card.reviewedBy"
          values={{ name: task.reviewedBy ?? t('card.formerUser'), when: formatRelative(task.reviewedAt) }}
          components={{ strong: <span className="font-medium text-subtle-foreground" /> }}
        />
      </p>
      {task.reviewComments && (
        <p className="mt-0.5 whitespace-pre-wrap break-words text-subtle-foreground">{task.reviewComments}</p>
      )}
    </div>
  );
}

export function AdvancedTaskCard({ task, canReview, myId, actions }: AdvancedTaskCardProps) {
  const { t } = useTranslation('tasks');
  const pause = useTogglePause();
  const submit = useSubmitTask();
  const [review, setReview] = useState<ReviewAction | null>(null);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const open = task.status === 'todo' || task.status === 'in_progress';

  const togglePause = () =>
    pause.mutate(
      { params: { id: task.id } },
      {
        onSuccess: () => toast({ title: t('toast.statusUpdated'), description: task.title }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('toast.error'),
            description: errorDescription(t('toast.updateFailed'), error),
          }),
      },
    );

  const confirm = useOpenSubtasksConfirm();
  const submitForReview = (force = false) =>
    submit.mutate(
      { params: { id: task.id }, body: { submissionNotes: SUBMISSION_NOTES, force } },
      {
        onSuccess: () => toast({ title: t('toast.submitted'), description: task.title }),
        onError: (error) => {
          if (confirm.refused(error, () => submitForReview(true))) return;
          toast({
            variant: 'destructive',
            title: t('toast.error'),
            description: errorDescription(t('toast.submitFailed'), error),
          });
        },
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
                <Trans
                  t={t}
                  i18nKey="card.assignedBy"
                  values={{ name: task.assignedBy }}
                  components={{ strong: <span className="font-medium text-subtle-foreground" /> }}
                />
              </p>
            )}
            <ReviewNotes task={task} />
          </>
        }
      >
        {open && (
          <Button size="sm" variant="outline" onClick={togglePause} disabled={pause.isPending}>
            {task.isPaused ? <Play aria-hidden /> : <Pause aria-hidden />}
            {task.isPaused ? t('card.resume') : t('card.pause')}
          </Button>
        )}
        {open && !task.isPaused && task.assigneeId === myId && (
          <Button size="sm" onClick={() => submitForReview()} disabled={submit.isPending}>
            <Send aria-hidden /> {t('card.submitForReview')}
          </Button>
        )}
        {canReview && task.status === 'pending_review' && (
          <>
            <Button size="sm" onClick={() => setReview('approve')}>
              <CheckCircle2 aria-hidden /> {t('card.approve')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setReview('rework')}>
              <RotateCcw aria-hidden /> {t('card.rework')}
            </Button>
          </>
        )}
        <TaskManageActions task={task} />
        <Button size="sm" variant="ghost" className="sm:ml-auto" onClick={() => setCommentsOpen(true)}>
          <MessageSquare aria-hidden />
          {t('card.comments', { count: task.comments.length })}
        </Button>
      </TaskCard>
      <ReviewDialog task={task} action={review} onClose={() => setReview(null)} />
      <CommentsDialog task={task} open={commentsOpen} onOpenChange={setCommentsOpen} />
      {confirm.dialog}
    </>
  );
}
