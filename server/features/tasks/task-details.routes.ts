import { taskDetailsApi } from '@contract/task-details';
import { implement } from '../../lib/routes';
import {
  addChecklistItem,
  getTask,
  listActivity,
  removeChecklistItem,
  updateChecklistItem,
} from './task-details.service';

/** A task's page: the task in full, its history and its checklist (docs/product/tasks.md#task-page). */
export const taskDetailsRoutes = implement(taskDetailsApi, {
  get: (ctx, { params }) => getTask(ctx, params.id),
  activity: (ctx, { params, query }) => listActivity(ctx, params.id, query),
  addChecklistItem: (ctx, { params, body }) => addChecklistItem(ctx, params.id, body),
  updateChecklistItem: (ctx, { params, body }) => updateChecklistItem(ctx, params.id, params.itemId, body),
  removeChecklistItem: (ctx, { params }) => removeChecklistItem(ctx, params.id, params.itemId),
});
