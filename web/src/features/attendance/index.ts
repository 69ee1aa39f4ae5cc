/** What pages (and other screens' pages) may use from the attendance feature. */
export { useClockIn, useClockOut, useTodaySummary } from './api';
export { ClockCard } from './clock-card';
export { HistoryCard } from './history-card';
export { MyAlertsCard } from './my-alerts-card';
export { SystemAlertsPanel } from './system-alerts-panel';
export { TodaySummaryCard } from './today-summary-card';
