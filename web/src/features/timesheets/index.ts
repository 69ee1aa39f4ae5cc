export { ReviewQueue } from './review-queue';
export { WeekSheet } from './week-sheet';
