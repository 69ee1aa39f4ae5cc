import { timesheetsApi } from '@contract/timesheets';
import { implement } from '../../lib/routes';
import { approveWeek, rejectWeek, reopenWeek, submitWeek, withdrawWeek } from './decisions';
import { getTimesheet } from './timesheets.service';
import { reviewQueue, teamOvertime } from './manager-views';

/** Weekly timesheets (docs/product/timesheets.md): submit, withdraw, the review queue, decisions, reopen. */
export const timesheetsRoutes = implement(timesheetsApi, {
  get: (ctx, { query }) => getTimesheet(ctx, query),
  submit: (ctx, { body }) => submitWeek(ctx, body.week),
  withdraw: (ctx, { params }) => withdrawWeek(ctx, params.id),
  review: (ctx, { query }) => reviewQueue(ctx, query),
  teamOvertime: (ctx, { query }) => teamOvertime(ctx, query),
  approve: (ctx, { params }) => approveWeek(ctx, params.id),
  reject: (ctx, { params, body }) => rejectWeek(ctx, params.id, body.comment),
  reopen: (ctx, { params }) => reopenWeek(ctx, params.id),
});
