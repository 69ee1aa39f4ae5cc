import type { Project, ProjectStatus } from '@contract/projects';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const statusVariant: Record<ProjectStatus, BadgeVariant> = {
  active: 'green',
  on_hold: 'amber',
  completed: 'blue',
  cancelled: 'gray',
};

const priorityVariant: Record<Project['priority'], BadgeVariant> = {
  low: 'gray',
  medium: 'indigo',
  high: 'red',
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation('projects');
  return (
    <Badge variant={statusVariant[status]} data-testid="project-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function ProjectPriorityBadge({ priority }: { priority: Project['priority'] }) {
  const { t } = useTranslation('projects');
  return <Badge variant={priorityVariant[priority]}>{t(`priorityBadge.${priority}`)}</Badge>;
}
