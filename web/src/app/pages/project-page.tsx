import { ArrowLeft, FolderX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ProjectMembers, ProjectOverview, ProjectOverviewSkeleton, useProject } from '@/features/projects';
import { ProjectTaskLists } from '@/features/tasks';
import { ProjectBillingCard } from '@/features/billing';
import { useCurrentUser } from '@/lib/auth';

/** /projects/{id}: a project, its tasks by status and its people (docs/product/projects.md#project-page). */
export function ProjectPage() {
  const { t } = useTranslation('projects');
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const canManage = user?.role === 'manager' || user?.role === 'admin';
  const project = useProject(id);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <nav aria-label={t('pages.detail.breadcrumb')} className="min-w-0">
        <ol className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <li>
            <Link to="/projects" className="inline-flex items-center gap-1 hover:text-foreground">
              <ArrowLeft className="size-4" aria-hidden /> {t('pages.detail.projects')}
            </Link>
          </li>
          {project.data && (
            <>
              <li aria-hidden>/</li>
              <li aria-current="page" className="min-w-0 truncate text-foreground">
                {project.data.name}
              </li>
            </>
          )}
        </ol>
      </nav>
      {project.isLoading ? (
        <ProjectOverviewSkeleton />
      ) : !project.data ? (
        <Card>
          <EmptyState
            icon={FolderX}
            headingLevel="h1"
            title={t('pages.detail.notFound')}
            description={project.error?.message ?? t('pages.detail.notFoundDescription')}
            action={
              <Button asChild variant="outline">
                <Link to="/projects">{t('pages.detail.back')}</Link>
              </Button>
            }
          />
        </Card>
      ) : (
        <>
          <ProjectOverview project={project.data} canManage={canManage} />
          <ProjectBillingCard
            projectId={project.data.id}
            canManage={canManage}
            people={project.data.members.map((m) => ({ value: m.userId, label: m.name }))}
          />
          <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
            <ProjectTaskLists projectId={project.data.id} counts={project.data.taskCounts} />
            <ProjectMembers project={project.data} canManage={canManage} />
          </div>
        </>
      )}
    </div>
  );
}
