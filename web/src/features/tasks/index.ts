/** What pages (and other screens' pages, e.g. the dashboard) may use from the tasks feature. */
export { AdvancedTaskBoard } from './advanced-task-board';
export { TaskDialog } from './task-dialog';
export { MyTaskCard } from './my-task-card';
export { MyTaskList } from './my-task-list';
export { PriorityBadge, ReviewBadge, TaskStatusBadge } from './task-badges';
export { TaskCard } from './task-card';
export { ProjectTaskLists } from './project-task-lists';
export { TaskDetails } from './task-details';
export { useTask } from './api';
export { LabelsLink } from './labels-link';
export { LabelsPanel } from './labels-panel';
