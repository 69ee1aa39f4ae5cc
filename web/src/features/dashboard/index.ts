/** What pages (and other screens' pages) may use from the dashboard feature. */
export { OutToday } from './out-today';
export { quickActionClass, QuickActions } from './quick-actions';
export { RecentTasks } from './recent-tasks';
export { DashboardStatCards } from './stat-cards';
export { TodaysProgress } from './todays-progress';
