/** What pages (and other screens' pages) may use from the timers feature. */
export { ActiveTimerBanner } from './active-timer-banner';
export { useActiveTimer, useStartTimer, useStopTimer } from './api';
export { CurrentTimerCard } from './current-timer-card';
export { QuickTimer } from './quick-timer';
export { TaskTimerButton } from './task-timer-button';
