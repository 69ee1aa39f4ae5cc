import type { Project, ProjectStatus } from '@contract/projects';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

export const projectStatusLabels: Record<ProjectStatus, string> = {
  active: 'Active',
  on_hold: 'On Hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const statusVariant: Record<ProjectStatus, BadgeVariant> = {
  active: 'green',
  on_hold: 'amber',
  completed: 'blue',
  cancelled: 'gray',
};

export const projectPriorityLabels: Record<Project['priority'], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

const priorityVariant: Record<Project['priority'], BadgeVariant> = {
  low: 'gray',
  medium: 'indigo',
  high: 'red',
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge variant={statusVariant[status]} data-testid="project-status">
      {projectStatusLabels[status]}
    </Badge>
  );
}

export function ProjectPriorityBadge({ priority }: { priority: Project['priority'] }) {
  return <Badge variant={priorityVariant[priority]}>{projectPriorityLabels[priority]} priority</Badge>;
}
