import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { TaskDialog, MyTaskList } from '@/features/tasks';
import { ActiveTimerBanner, TaskTimerButton } from '@/features/timers';

export function MyTasksPage() {
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title="My Tasks"
        description="Everything assigned to you, newest first."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden /> New Task
          </Button>
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
