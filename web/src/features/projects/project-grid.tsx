import { FolderKanban, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useProjects } from './api';
import { ProjectCard } from './project-card';

const grid = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

export function ProjectGrid({ canManage, onCreate }: { canManage: boolean; onCreate: () => void }) {
  const { t } = useTranslation('projects');
  const projects = useProjects();
  if (projects.isLoading)
    return (
      <div className={grid} role="status" aria-busy="true" aria-label={t('grid.loading')}>
        {Array.from({ length: 3 }, (_, i) => (
          <Card key={i} className="grid gap-3 p-5">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-1/2" />
          </Card>
        ))}
      </div>
    );
  if (projects.isError)
    return (
      <Card>
        <EmptyState
          icon={FolderKanban}
          title={t('grid.loadFailed')}
          description={projects.error.message}
          action={<Button onClick={() => projects.refetch()}>{t('common:actions.retry')}</Button>}
        />
      </Card>
    );
  const list = projects.data ?? [];
  if (list.length === 0)
    return (
      <Card>
        <EmptyState
          icon={FolderKanban}
          title={t('grid.emptyTitle')}
          description={canManage ? t('grid.emptyManager') : t('grid.emptyEmployee')}
          action={
            canManage && (
              <Button onClick={onCreate}>
                <Plus aria-hidden /> {t('pages.list.newProject')}
              </Button>
            )
          }
        />
      </Card>
    );
  return (
    <div className={grid} data-testid="project-grid">
      {list.map((project) => (
        <ProjectCard key={project.id} project={project} canManage={canManage} />
      ))}
    </div>
  );
}
