import { tasksApi } from '@contract/tasks';
import { implement } from '../../lib/routes';
import {
  addComment,
  changeStatus,
  createTask,
  deleteTask,
  editTask,
  listMyTasks,
  listTasks,
  restoreTask,
  reviewTask,
  submitForReview,
  togglePause,
} from './tasks.service';
import { bulkChange } from './bulk';

/** Who may touch which task is decided in the service (docs/product/tasks.md). */
export const tasksRoutes = implement(tasksApi, {
  listMine: (ctx, { query }) => listMyTasks(ctx, query),
  list: (ctx, { query }) => listTasks(ctx, query),
  create: (ctx, { body }) => createTask(ctx, body),
  update: (ctx, { params, body: { status, position, force, ...edit } }) =>
    status ? changeStatus(ctx, params.id, status, { position, force }) : editTask(ctx, params.id, edit),
  bulk: (ctx, { body }) => bulkChange(ctx, body),
  remove: (ctx, { params }) => deleteTask(ctx, params.id),
  restore: (ctx, { params }) => restoreTask(ctx, params.id),
  togglePause: (ctx, { params }) => togglePause(ctx, params.id),
  submit: (ctx, { params, body }) => submitForReview(ctx, params.id, body.submissionNotes, body.force),
  review: (ctx, { params, body }) => reviewTask(ctx, params.id, body),
  addComment: (ctx, { params, body }) => addComment(ctx, params.id, body),
});
