export { useProject } from './api';
export { ProjectDialog } from './project-dialog';
export { ProjectStatusBadge } from './project-badges';
export { ProjectGrid } from './project-grid';
export { ProjectMembers } from './project-members';
export { ProjectOverview, ProjectOverviewSkeleton } from './project-overview';
