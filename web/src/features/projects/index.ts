export { CreateProjectDialog } from './create-project-dialog';
export { ProjectStatusBadge } from './project-badges';
export { ProjectGrid } from './project-grid';
