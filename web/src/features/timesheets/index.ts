export { ReviewQueue } from './review-queue';
export { TeamOvertime } from './team-overtime';
export { WeekSheet } from './week-sheet';
export { useTimesheet } from './api';
