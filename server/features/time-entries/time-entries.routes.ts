import { timeEntriesApi } from '@contract/time-entries';
import { implement } from '../../lib/routes';
import { exportEntriesCsv } from './time-entries.csv';
import { createEntry, deleteEntry, listEntries, restoreEntry, updateEntry } from './time-entries.service';
import { entrySummary } from './time-entries.summary';

/** Every route here works on the signed-in user's own entries only (others' are 404; restore: admins too). */
export const timeEntriesRoutes = implement(timeEntriesApi, {
  list: (ctx, { query }) => listEntries(ctx, query),
  summary: (ctx) => entrySummary(ctx),
  export: (ctx, { query }) => exportEntriesCsv(ctx, query),
  create: (ctx, { body }) => createEntry(ctx, body),
  update: (ctx, { params, body }) => updateEntry(ctx, params.id, body),
  remove: (ctx, { params }) => deleteEntry(ctx, params.id),
  restore: (ctx, { params }) => restoreEntry(ctx, params.id),
});
