export { TimeOffSettings } from './settings/time-off-settings';
export { TIME_OFF_TABS, type TimeOffTab, TimeOffTabs } from './time-off-tabs';
