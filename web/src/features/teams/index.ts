export { ScheduleCard } from './schedule-card';
export { TeamDialog } from './team-dialog';
export { TeamList } from './team-list';
