import { ArrowRight, ListTodo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import type { Task } from '@contract/tasks';
import { RECENT_TASKS, useRecentTasks } from './api';

const STATUS: Record<Task['status'], BadgeVariant> = {
  todo: 'gray',
  in_progress: 'blue',
  pending_review: 'amber',
  completed: 'green',
};

const PRIORITY: Record<Task['priority'], BadgeVariant> = { low: 'gray', medium: 'indigo', high: 'red' };

/** The first 3 of My Tasks (docs/product/dashboard.md#recent-tasks). */
export function RecentTasks() {
  const { t } = useTranslation('dashboard');
  const tasks = useRecentTasks();
  const recent = (tasks.data ?? []).slice(0, RECENT_TASKS);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{t('recentTasks.title')}</CardTitle>
        <Button variant="link" size="sm" asChild className="h-auto px-0">
          <Link to="/my-tasks">
            {t('recentTasks.viewAll')} <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {tasks.isLoading ? (
          <div className="grid gap-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : tasks.isError ? (
          <p className="text-sm text-destructive">{t('recentTasks.failed')}</p>
        ) : recent.length === 0 ? (
          <EmptyState
            icon={ListTodo}
            title={t('recentTasks.emptyTitle')}
            description={t('recentTasks.emptyDescription')}
            className="py-6"
          />
        ) : (
          <ul className="grid grid-cols-1 gap-2" aria-label={t('recentTasks.listLabel')}>
            {recent.map((task) => (
              <li
                key={task.id}
                className="flex items-center justify-between gap-3 rounded-md border px-3 py-2.5"
              >
                <div className="min-w-0">
                  <p className="truncate-wide text-sm font-medium">{task.title}</p>
                  <p className="truncate-wide text-xs text-muted-foreground">
                    {task.project ?? t('recentTasks.noProject')}
                    {task.dueDate ? ` · ${t('recentTasks.due', { date: formatDate(task.dueDate) })}` : ''}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center">
                  <Badge variant={PRIORITY[task.priority] ?? 'gray'} className="capitalize">
                    {t(`recentTasks.priority.${task.priority}`)}
                  </Badge>
                  <Badge variant={STATUS[task.status] ?? 'gray'}>
                    {t(`recentTasks.status.${task.status}`, { defaultValue: task.status })}
                  </Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
