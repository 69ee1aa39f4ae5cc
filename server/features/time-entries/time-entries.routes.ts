import { z } from 'zod';
import { idParam } from '@contract/common';
import {
  exportQuery,
  manualEntryBody,
  timeEntriesQuery,
  timeEntry,
  timeSummary,
  updateEntryBody,
} from '@contract/time-entries';
import type { AppDeps, ZodApp } from '../../app';
import { currentUser } from '../../lib/auth';
import { orgTimeZone } from '../../lib/org-settings';
import { exportEntriesCsv } from './time-entries.csv';
import {
  createEntry,
  deleteEntry,
  type EntryContext,
  listEntries,
  updateEntry,
} from './time-entries.service';
import { entrySummary } from './time-entries.summary';

/** Every route here works on the signed-in user's own entries only (others' are 404). */
export async function timeEntriesRoutes(app: ZodApp, deps: AppDeps) {
  const guard = deps.guard();
  const context = async (userId: string): Promise<EntryContext> => ({
    db: deps.db,
    clock: deps.clock,
    userId,
    timeZone: await orgTimeZone(deps.db, deps.config.defaultTimeZone),
  });

  app.get(
    '/api/time-entries',
    {
      preValidation: guard,
      schema: { querystring: timeEntriesQuery, response: { 200: z.array(timeEntry) } },
    },
    async (request) => listEntries(await context(currentUser(request).id), request.query),
  );

  app.get(
    '/api/time-entries/summary',
    { preValidation: guard, schema: { response: { 200: timeSummary } } },
    async (request) => {
      const { db, userId, timeZone } = await context(currentUser(request).id);
      return entrySummary(db, userId, deps.clock.now(), timeZone);
    },
  );

  app.get(
    '/api/time-entries/export',
    { preValidation: guard, schema: { querystring: exportQuery } },
    async (request, reply) => {
      const { db, userId, timeZone } = await context(currentUser(request).id);
      const csv = await exportEntriesCsv(db, userId, request.query, timeZone);
      const name = `time-entries-${request.query.from}-to-${request.query.to}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/time-entries',
    { preValidation: guard, schema: { body: manualEntryBody, response: { 201: timeEntry } } },
    async (request, reply) => {
      const entry = await createEntry(await context(currentUser(request).id), request.body);
      return reply.status(201).send(entry);
    },
  );

  app.patch(
    '/api/time-entries/:id',
    {
      preValidation: guard,
      schema: { params: idParam, body: updateEntryBody, response: { 200: timeEntry } },
    },
    async (request) => updateEntry(await context(currentUser(request).id), request.params.id, request.body),
  );

  app.delete(
    '/api/time-entries/:id',
    { preValidation: guard, schema: { params: idParam } },
    async (request, reply) => {
      await deleteEntry(await context(currentUser(request).id), request.params.id);
      return reply.status(204).send();
    },
  );
}
