import { ArrowLeft, FileX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { TaskDetails, useTask } from '@/features/tasks';
import { TaskTimerButton } from '@/features/timers';
import { useCurrentUser } from '@/lib/auth';

/**
 * /tasks/{id}: one task in full (docs/product/tasks.md#task-page). A task that does not exist, or
 * that the signed-in person may not see, is the app's own "not found", never the server's answer.
 */
export function TaskPage() {
  const { t } = useTranslation('tasks');
  const { id = '' } = useParams();
  const task = useTask(id);
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  // Deleted: back where the user came from in the app (a list, the board, the page a notification
  // was opened on); opened straight from its address (or after signing in, which replaces the entry),
  // to Advanced Tasks. The toast's Undo brings the task back there. The router numbers its history
  // entries (`idx`): 0 is the first one of this visit.
  const leave = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/advanced-tasks', { replace: true });
  };
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <nav aria-label={t('page.breadcrumb')} className="min-w-0">
        <ol className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <li>
            <Link to="/advanced-tasks" className="inline-flex items-center gap-1 hover:text-foreground">
              <ArrowLeft className="size-4" aria-hidden /> {t('page.tasks')}
            </Link>
          </li>
          {task.data && (
            <>
              <li aria-hidden>/</li>
              <li aria-current="page" className="min-w-0 truncate text-foreground">
                {task.data.title}
              </li>
            </>
          )}
        </ol>
      </nav>
      {task.isLoading ? (
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : !task.data ? (
        <Card>
          <EmptyState
            icon={FileX}
            headingLevel="h1"
            title={t('page.notFound')}
            description={t('page.notFoundDescription')}
            action={
              <Button asChild variant="outline">
                <Link to="/advanced-tasks">{t('page.back')}</Link>
              </Button>
            }
          />
        </Card>
      ) : (
        <TaskDetails
          task={task.data}
          onDeleted={leave}
          actions={
            // Only the assignee times a task (docs/product/time-tracking.md#task-timers).
            task.data.assigneeId === user?.id && (
              <TaskTimerButton
                taskId={task.data.id}
                status={task.data.status}
                isPaused={task.data.isPaused}
              />
            )
          }
        />
      )}
    </div>
  );
}
