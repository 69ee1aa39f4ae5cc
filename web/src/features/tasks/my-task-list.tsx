import type { Task } from '@contract/tasks';
import { ListTodo, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useLiveTasks, useMyTasks } from './api';
import { MyTaskCard } from './my-task-card';
import { LoadMore, TaskListEmpty, TaskListSkeleton } from './task-list-states';

interface MyTaskListProps {
  /** Per-task controls the page composes in (the time tracker's timer button). */
  renderActions?: (task: Task) => ReactNode;
  onCreate?: () => void;
}

export function MyTaskList({ renderActions, onCreate }: MyTaskListProps) {
  const query = useMyTasks();
  useLiveTasks();
  if (query.isLoading) return <TaskListSkeleton />;
  if (query.isError)
    return (
      <TaskListEmpty
        icon={ListTodo}
        title="Your tasks could not be loaded"
        description={query.error.message}
        action={<Button onClick={() => query.refetch()}>Try again</Button>}
      />
    );
  const tasks = query.data?.pages.flat() ?? [];
  if (tasks.length === 0)
    return (
      <TaskListEmpty
        icon={ListTodo}
        title="No tasks yet"
        description="Tasks assigned to you, and the ones you create for yourself, appear here."
        action={
          onCreate && (
            <Button onClick={onCreate}>
              <Plus aria-hidden /> New Task
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
