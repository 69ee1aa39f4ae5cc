import { FolderKanban, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useProjects } from './api';
import { ProjectCard } from './project-card';

const grid = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

export function ProjectGrid({ canManage, onCreate }: { canManage: boolean; onCreate: () => void }) {
  const projects = useProjects();
  if (projects.isLoading)
    return (
      <div className={grid} role="status" aria-busy="true" aria-label="Loading projects">
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
          title="Projects could not be loaded"
          description={projects.error.message}
          action={<Button onClick={() => projects.refetch()}>Try again</Button>}
        />
      </Card>
    );
  const list = projects.data ?? [];
  if (list.length === 0)
    return (
      <Card>
        <EmptyState
          icon={FolderKanban}
          title="No projects yet"
          description={
            canManage
              ? 'Create the first project to group your team’s tasks.'
              : 'Projects your managers create will appear here.'
          }
          action={
            canManage && (
              <Button onClick={onCreate}>
                <Plus aria-hidden /> New Project
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
