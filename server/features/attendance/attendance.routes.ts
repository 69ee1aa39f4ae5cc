import { z } from 'zod';
import {
  attendanceListQuery,
  attendanceRecord,
  exportQuery,
  messageBody,
  todaySummary as todaySummarySchema,
} from '@contract/attendance';
import type { AppDeps, ZodApp } from '../../app';
import { currentUser } from '../../lib/auth';
import { exportCsv, listRecords, todaySummary } from './attendance.history';
import {
  type AttendanceDeps,
  clockIn,
  clockOut,
  endBreak,
  fixOpenRecords,
  startBreak,
} from './attendance.service';

const recordResponse = { 200: attendanceRecord };

export async function attendanceRoutes(app: ZodApp, deps: AppDeps) {
  const service: AttendanceDeps = {
    db: deps.db,
    clock: deps.clock,
    defaultTimeZone: deps.config.defaultTimeZone,
  };
  const signedIn = deps.guard();

  app.get(
    '/api/attendance',
    {
      preValidation: signedIn,
      schema: { querystring: attendanceListQuery, response: { 200: z.array(attendanceRecord) } },
    },
    async (request) => listRecords(deps.db, currentUser(request).id, request.query),
  );

  app.get(
    '/api/attendance/today',
    { preValidation: signedIn, schema: { response: { 200: todaySummarySchema } } },
    async (request) => todaySummary(service, currentUser(request).id),
  );

  app.get(
    '/api/attendance/export',
    { preValidation: signedIn, schema: { querystring: exportQuery } },
    async (request, reply) => {
      const csv = await exportCsv(service, currentUser(request).id, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .send(csv.body);
    },
  );

  app.post(
    '/api/attendance/clock-in',
    { preValidation: signedIn, schema: { response: { 201: attendanceRecord } } },
    async (request, reply) => reply.status(201).send(await clockIn(service, currentUser(request).id)),
  );

  const actions = { 'clock-out': clockOut, 'break/start': startBreak, 'break/end': endBreak } as const;
  for (const [path, action] of Object.entries(actions)) {
    app.post(
      `/api/attendance/${path}`,
      { preValidation: signedIn, schema: { response: recordResponse } },
      async (request) => action(service, currentUser(request).id),
    );
  }

  app.post(
    '/api/attendance/fix',
    { preValidation: signedIn, schema: { response: { 200: messageBody } } },
    async (request) => fixOpenRecords(service, currentUser(request).id),
  );
}
