import type { ProjectDetail } from '@contract/projects';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatHours, formatNumber } from '@/lib/format';
import { ProjectDialog } from './project-dialog';
import { ProjectPriorityBadge, ProjectStatusBadge } from './project-badges';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-border bg-card p-4">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-foreground">{value}</dd>
    </div>
  );
}

/** The head of a project's page: name, badges, description, Edit, and the tracked-time figures. */
export function ProjectOverview({ project, canManage }: { project: ProjectDetail; canManage: boolean }) {
  const { t } = useTranslation('projects');
  const [editing, setEditing] = useState(false);
  const open = project.taskCounts.todo + project.taskCounts.in_progress + project.taskCounts.pending_review;
  return (
    <section aria-labelledby="project-name" className="grid min-w-0 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 id="project-name" className="break-words text-2xl font-semibold tracking-tight text-foreground">
            {project.name}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <ProjectStatusBadge status={project.status} />
            <ProjectPriorityBadge priority={project.priority} />
          </div>
        </div>
        {canManage && (
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden /> {t('overview.edit')}
          </Button>
        )}
      </div>
      <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">
        {project.description || t('overview.noDescription')}
      </p>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t('overview.trackedWeek')} value={formatHours(project.hoursThisWeek)} />
        <Figure label={t('overview.trackedMonth')} value={formatHours(project.hoursThisMonth)} />
        <Figure label={t('overview.openTasks')} value={formatNumber(open)} />
        <Figure label={t('overview.completedTasks')} value={formatNumber(project.taskCounts.completed)} />
      </dl>
      {canManage && <ProjectDialog project={project} open={editing} onOpenChange={setEditing} />}
    </section>
  );
}

export function ProjectOverviewSkeleton() {
  const { t } = useTranslation('projects');
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label={t('overview.loading')}>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-full max-w-xl" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} className="p-4">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="mt-2 h-7 w-16" />
          </Card>
        ))}
      </div>
    </div>
  );
}
