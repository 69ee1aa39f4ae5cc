import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type services throw; mapped once to `status + {message, ...extra}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what);
/** A refusal because of the current state of things (409); `field` names the field to fix, if one is to blame. */
export const conflict = (message: string, extra?: Record<string, unknown> & { field?: string }) => {
  const { field, ...rest } = extra ?? {};
  return new AppError(409, message, {
    ...rest,
    ...(field ? { fieldErrors: { [field]: [message] } } : {}),
  });
};
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
/**
 * A refusal of the input that the schema could not judge (it needs the database or the clock):
 * 400 with the message, also under `fieldErrors[field]` when one field is to blame, so forms show
 * it on that field.
 */
export const badRequest = (message: string, field?: string) =>
  new AppError(400, message, field ? { fieldErrors: { [field]: [message] } } : undefined);

type Issue = { instancePath: string; message?: string };

/** Turns validation issues into `{message, fieldErrors}` with the contract's own messages. */
export function validationBody(issues: Issue[]) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').split('/')[0] || '_';
    const text = issue.message ?? 'Invalid value';
    fieldErrors[field] = [...(fieldErrors[field] ?? []), text];
  }
  const first = issues[0];
  const message =
    first?.instancePath === '' || first?.instancePath === '/'
      ? 'Invalid request body'
      : (first?.message ?? 'Invalid input');
  return { message, fieldErrors };
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    // Throttled auth calls (429) tell the client when to come back.
    if (typeof error.extra?.retryAfter === 'number')
      reply.header('retry-after', String(error.extra.retryAfter));
    return reply.status(error.status).send({ ...error.extra, message: error.message });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A path id that is not even a UUID names nothing: the same 404 as an id nobody may see.
    if (error.validationContext === 'params') return reply.status(404).send({ message: 'Not found' });
    return reply.status(400).send(validationBody(error.validation));
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return reply.status(500).send({ message: 'Internal server error' });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply.status(413).send({ message: 'Request body is too large' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.status(400).send({ message: 'Malformed JSON in request body' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply.status(415).send({ message: 'Unsupported content type; send application/json' });
    // The router's own refusals, handed here by Fastify's frameworkErrors option (server/app.ts).
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return reply.status(414).send({ message: 'A path parameter is too long' });
    case 'FST_ERR_BAD_URL':
      return reply.status(400).send({ message: 'Malformed URL' });
  }
  if (error instanceof SyntaxError)
    return reply.status(400).send({ message: 'Malformed JSON in request body' });
  if (isDiskFull(error)) {
    // Not the request's fault, and retrying will not help until space is freed: 503, and readiness
    // reports it for a while (readiness.ts).
    request.log.error({ err: error }, "a write failed: the server's disk is full");
    const database = request.server.deps?.database;
    if (database) diskFullAt.set(database, Date.now());
    return reply.status(503).send({ message: DISK_FULL });
  }
  if (isConnectionLoss(error)) {
    // A restart or failover of PostgreSQL: the pool reconnects, so trying again shortly works.
    request.log.warn({ err: error }, 'database connection lost during a request');
    return reply.status(503).header('retry-after', '1').send({ message: DATABASE_UNAVAILABLE });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ message: 'Internal server error' });
}

type Cause = { code?: string; message?: string; cause?: unknown } | undefined;

/** True when the error, or one it wraps (as drizzle does), matches. */
function anyCause(error: unknown, test: (e: NonNullable<Cause>) => boolean): boolean {
  for (let e = error as Cause; e; e = e.cause as Cause) if (test(e)) return true;
  return false;
}

/** True when a database error is a unique-constraint violation. */
export const isUniqueViolation = (error: unknown) => anyCause(error, (e) => e.code === '23505');

export const DATABASE_UNAVAILABLE = 'The database is not available right now; please try again';
const SHUTDOWN_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

/**
 * True when the database connection was lost or refused (SQLSTATE class 08, an administrator or
 * crash shutdown, a reset socket), as opposed to the statement being wrong.
 */
export const isConnectionLoss = (error: unknown) =>
  anyCause(
    error,
    (e) =>
      (e.code !== undefined && (SHUTDOWN_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) ||
      // "timeout expired": connecting took longer than the pool's clients may (db/client.ts)
      /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout expired$)/.test(
        e.message ?? '',
      ),
  );

export const DISK_FULL = "The server's disk is full";

/** PostgreSQL's disk_full (SQLSTATE 53100), or ENOSPC from a file the app writes itself. */
export const isDiskFull = (error: unknown) =>
  anyCause(error, (e) => e.code === '53100' || e.code === 'ENOSPC');

const diskFullAt = new WeakMap<object, number>();

/** When (ms since the epoch) a request of the app on `database` last failed for lack of disk space. */
export const lastDiskFull = (database: object): number | undefined => diskFullAt.get(database);
