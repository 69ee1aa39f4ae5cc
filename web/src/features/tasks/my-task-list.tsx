import type { Task } from '@contract/tasks';
import { ListTodo, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useMyTasks } from './api';
import { MyTaskCard } from './my-task-card';
import { LoadMore, TaskListEmpty, TaskListSkeleton } from './task-list-states';

interface MyTaskListProps {
  /** Per-task controls the page composes in (the time tracker's timer button). */
  renderActions?: (task: Task) => ReactNode;
  onCreate?: () => void;
}

export function MyTaskList({ renderActions, onCreate }: MyTaskListProps) {
  const { t } = useTranslation('tasks');
  const query = useMyTasks();
  if (query.isLoading) return <TaskListSkeleton />;
  if (query.isError)
    return (
      <TaskListEmpty
        icon={ListTodo}
        title={t('list.myLoadFailed')}
        description={query.error.message}
        action={<Button onClick={() => query.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  const tasks = query.data?.pages.flat() ?? [];
  if (tasks.length === 0)
    return (
      <TaskListEmpty
        icon={ListTodo}
        title={t('list.emptyTitle')}
        description={t('list.myEmptyDescription')}
        action={
          onCreate && (
            <Button onClick={onCreate}>
              <Plus aria-hidden /> {t('pages.myTasks.newTask')}
            </Button>
          )
        }
      />
    );
  return (
    <div className="grid gap-3" data-testid="my-task-list">
      {tasks.map((task) => (
        <MyTaskCard key={task.id} task={task} actions={renderActions?.(task)} />
      ))}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => query.fetchNextPage()}
      />
    </div>
  );
}
