import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { AdvancedTaskBoard, TaskDialog } from '@/features/tasks';

export function AdvancedTasksPage() {
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Advanced Task Management"
        description="Assign work, track progress and review what your team submits."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden /> Create Task
          </Button>
        }
      />
      <AdvancedTaskBoard onCreate={() => setCreating(true)} />
      <TaskDialog open={creating} onOpenChange={setCreating} variant="assign" />
    </div>
  );
}
