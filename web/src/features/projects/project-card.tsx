import type { Project, ProjectStatus } from '@contract/projects';
import { CalendarDays, CheckCircle2, Play, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/format';
import { useUpdateProject } from './api';
import { ProjectPriorityBadge, ProjectStatusBadge } from './project-badges';
import { BudgetBar } from '@/components/ui/budget-bar';
import { useProjectBudgets } from '@/lib/use-project-billing';

/** A project in the grid; managers get Complete on active projects and Resume on held ones. */
export function ProjectCard({ project, canManage }: { project: Project; canManage: boolean }) {
  const { t } = useTranslation('projects');
  const update = useUpdateProject();
  const move = (status: ProjectStatus) =>
    update.mutate(
      { params: { id: project.id }, body: { status } },
      {
        onSuccess: (p) =>
          toast({
            title: t('card.updated'),
            description: t('card.movedTo', { name: p.name, status: t(`status.${p.status}`) }),
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: t('card.updateFailed'), description: error.message }),
      },
    );
  const members = project.teamMembers;
  const budget = useProjectBudgets().data?.find((b) => b.projectId === project.id);
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="project-card" data-project-id={project.id}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 break-words text-base font-semibold leading-snug text-foreground">
          <Link to={`/projects/${project.id}`} className="hover:text-primary hover:underline">
            {project.name}
          </Link>
        </h3>
        <ProjectStatusBadge status={project.status} />
      </div>
      <p className="line-clamp-3 min-h-10 break-words text-sm text-subtle-foreground">
        {project.description || <span className="text-muted-foreground">{t('card.noDescription')}</span>}
      </p>
      {budget && (
        <BudgetBar
          share={budget.burn.share}
          label={t(budget.burn.period === 'total' ? 'card.budget' : 'card.budgetMonth')}
        />
      )}
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-subtle-foreground">
        <ProjectPriorityBadge priority={project.priority} />
        <span className="inline-flex items-center gap-1.5" data-testid="project-members">
          <Users className="size-3.5 text-faint-foreground" aria-hidden />
          {t('card.members', { count: members })}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays className="size-3.5 text-faint-foreground" aria-hidden />
          <span>
            <Trans
              t={t}
              i18nKey="card.created"
              values={{ date: formatDate(project.createdAt) }}
              components={{ time: <time dateTime={project.createdAt} /> }}
            />
          </span>
        </span>
      </div>
      {canManage && (project.status === 'active' || project.status === 'on_hold') && (
        <div className="border-t border-border pt-3">
          {project.status === 'active' ? (
            <Button size="sm" variant="outline" onClick={() => move('completed')} disabled={update.isPending}>
              <CheckCircle2 aria-hidden /> {t('card.complete')}
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={() => move('active')} disabled={update.isPending}>
              <Play aria-hidden /> {t('card.resume')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
