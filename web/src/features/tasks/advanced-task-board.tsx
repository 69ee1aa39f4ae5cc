import type { TaskFilters } from '@contract/tasks';
import { ClipboardList, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { useProjectOptions } from '@/lib/use-project-options';
import { useAssignableUsers, useTaskList } from './api';
import { AdvancedTaskCard } from './advanced-task-card';
import { TaskFiltersBar } from './task-filters';
import { LoadMore, TaskListEmpty, TaskListSkeleton } from './task-list-states';

/** Advanced Tasks: the page's tasks, users and projects load side by side; filters run on the server. */
export function AdvancedTaskBoard({ onCreate }: { onCreate: () => void }) {
  const { user } = useCurrentUser();
  const canReview = user?.role === 'manager' || user?.role === 'admin';
  const [filters, setFilters] = useState<TaskFilters>({});
  // Remounts the filter bar on "Clear filters" so its typed search text is cleared too.
  const [filterBarKey, setFilterBarKey] = useState(0);
  const clearFilters = () => {
    setFilters({});
    setFilterBarKey((k) => k + 1);
  };
  const tasks = useTaskList(filters);
  const users = useAssignableUsers();
  const projects = useProjectOptions();
  const failed = tasks.isError || users.isError || projects.isError;

  useEffect(() => {
    if (failed) toast({ variant: 'destructive', title: 'Error', description: 'Failed to load data' });
  }, [failed]);

  const filtering = Boolean(filters.status || filters.assigneeId || filters.projectId || filters.search);
  const list = tasks.data?.pages.flat() ?? [];

  return (
    <>
      <TaskFiltersBar
        key={filterBarKey}
        value={filters}
        onChange={setFilters}
        users={users.data ?? []}
        projects={projects.data ?? []}
        showAssignee={canReview}
      />
      {tasks.isLoading ? (
        <TaskListSkeleton />
      ) : failed && list.length === 0 ? (
        <TaskListEmpty
          icon={ClipboardList}
          title="Tasks could not be loaded"
          description="Check your connection and try again."
          action={
            <Button
              onClick={() => {
                void tasks.refetch();
                void users.refetch();
                void projects.refetch();
              }}
            >
              Try again
            </Button>
          }
        />
      ) : list.length === 0 ? (
        filtering ? (
          <TaskListEmpty
            icon={SearchX}
            title="No matching tasks"
            description="No task matches these filters. Change or clear them to see more."
            action={
              <Button variant="outline" onClick={clearFilters}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <TaskListEmpty
            icon={ClipboardList}
            title="No tasks yet"
            description={
              canReview
                ? 'Create a task and assign it to someone on your team.'
                : 'Tasks assigned to you will appear here.'
            }
            action={<Button onClick={onCreate}>Create Task</Button>}
          />
        )
      ) : (
        <div className="grid gap-3" data-testid="advanced-task-list">
          {list.map((task) => (
            <AdvancedTaskCard key={task.id} task={task} canReview={canReview} myId={user?.id} />
          ))}
          <LoadMore
            hasMore={tasks.hasNextPage}
            loading={tasks.isFetchingNextPage}
            onLoad={() => tasks.fetchNextPage()}
          />
        </div>
      )}
    </>
  );
}
