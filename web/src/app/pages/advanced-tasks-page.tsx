import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { AdvancedTaskBoard, LabelsLink, TaskDialog } from '@/features/tasks';
import { TrashLink } from '@/features/trash';

export function AdvancedTasksPage() {
  const { t } = useTranslation('tasks');
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title={t('pages.advanced.title')}
        description={t('pages.advanced.description')}
        actions={
          <>
            <LabelsLink />
            <TrashLink />
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> {t('pages.advanced.createTask')}
            </Button>
          </>
        }
      />
      <AdvancedTaskBoard onCreate={() => setCreating(true)} />
      <TaskDialog open={creating} onOpenChange={setCreating} variant="assign" />
    </div>
  );
}
