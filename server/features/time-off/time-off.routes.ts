import { timeOffApi } from '@contract/time-off';
import { implement } from '../../lib/routes';
import { adjustAllowance, getPolicy, listBalances, savePolicy, setEntitlement } from './allowances.service';
import { absenceCalendar, outToday } from './calendar.service';
import { createFeed, feedCalendar, listFeeds, revokeFeed } from './feeds.service';
import { addHoliday, getRegion, listHolidays, removeHoliday, saveRegion } from './holidays.service';
import {
  approveRequest,
  cancelRequest,
  createRequest,
  listRequests,
  previewRequest,
  rejectRequest,
} from './requests.service';
import { createType, deleteType, listTypes, updateType } from './types.service';

/** Time off (docs/product/time-off.md): types, allowances, requests, holidays, the calendar and its feeds. */
export const timeOffRoutes = implement(timeOffApi, {
  types: (ctx, { query }) => listTypes(ctx, query.archived === 'true'),
  createType: (ctx, { body }) => createType(ctx, body),
  updateType: (ctx, { params, body }) => updateType(ctx, params.id, body),
  deleteType: (ctx, { params }) => deleteType(ctx, params.id),
  policy: (ctx) => getPolicy(ctx),
  savePolicy: (ctx, { body }) => savePolicy(ctx, body),
  balances: (ctx, { query }) => listBalances(ctx, query),
  setEntitlement: (ctx, { params, body }) => setEntitlement(ctx, params.userId, body.days),
  adjust: (ctx, { params, body }) => adjustAllowance(ctx, params.userId, body),
  requests: (ctx, { query }) => listRequests(ctx, query),
  preview: (ctx, { body }) => previewRequest(ctx, body),
  request: (ctx, { body }) => createRequest(ctx, body),
  approve: (ctx, { params, body }) => approveRequest(ctx, params.id, body.comment),
  reject: (ctx, { params, body }) => rejectRequest(ctx, params.id, body.comment),
  cancel: (ctx, { params }) => cancelRequest(ctx, params.id),
  calendar: (ctx, { query }) => absenceCalendar(ctx, query),
  outToday: (ctx) => outToday(ctx),
  holidays: (ctx, { query }) => listHolidays(ctx, query.year, query.teamId),
  region: (ctx, { query }) => getRegion(ctx, query),
  saveRegion: (ctx, { body }) => saveRegion(ctx, body),
  addHoliday: (ctx, { body }) => addHoliday(ctx, body),
  removeHoliday: (ctx, { params }) => removeHoliday(ctx, params.id),
  feeds: (ctx) => listFeeds(ctx),
  createFeed: (ctx, { body }) => createFeed(ctx, body),
  revokeFeed: (ctx, { params }) => revokeFeed(ctx, params.id),
  feed: async (ctx, { params }) => ({
    body: await feedCalendar(ctx, params.token),
    // Calendar apps poll: a few minutes' staleness is fine, and the URL is secret.
    cacheControl: 'private, max-age=300',
  }),
});
