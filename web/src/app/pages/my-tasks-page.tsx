import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { TaskDialog, MyTaskList } from '@/features/tasks';
import { ActiveTimerBanner, TaskTimerButton } from '@/features/timers';
import { TrashLink } from '@/features/trash';

export function MyTasksPage() {
  const { t } = useTranslation('tasks');
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title={t('pages.myTasks.title')}
        description={t('pages.myTasks.description')}
        actions={
          <>
            <TrashLink />
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> {t('pages.myTasks.newTask')}
            </Button>
          </>
        }
      />
      <ActiveTimerBanner />
      <div className="grid gap-4">
        <MyTaskList
          onCreate={() => setCreating(true)}
          renderActions={(task) => (
            <TaskTimerButton taskId={task.id} status={task.status} isPaused={task.isPaused} />
          )}
        />
      </div>
      <TaskDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
