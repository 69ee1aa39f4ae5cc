import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ProjectDialog, ProjectGrid } from '@/features/projects';
import { useCurrentUser } from '@/lib/auth';

export function ProjectsPage() {
  const { t } = useTranslation('projects');
  const { user } = useCurrentUser();
  // The server enforces this too (docs/product/roles.md#client-hiding); hiding the controls keeps the screen honest.
  const canManage = user?.role === 'manager' || user?.role === 'admin';
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title={t('pages.list.title')}
        description={t('pages.list.description')}
        actions={
          canManage && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> {t('pages.list.newProject')}
            </Button>
          )
        }
      />
      <ProjectGrid canManage={canManage} onCreate={() => setCreating(true)} />
      {canManage && <ProjectDialog open={creating} onOpenChange={setCreating} />}
    </div>
  );
}
