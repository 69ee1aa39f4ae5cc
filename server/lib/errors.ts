import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { Language } from '@contract/languages';
import { isMessageKey, languageFor, translator } from './i18n';
import { lastKnownOrganisationLanguage } from './org-settings';

/** ICU arguments of a message with variable parts (`{max}` in 'at most {max} days'). */
export type MessageValues = Record<string, string | number>;

/**
 * The one error type services throw; mapped once to `status + {code, message, ...extra}`. `code` is
 * a key of locales/<language>/errors.json: the handler writes its message in the reader's language
 * (docs/decisions/035-languages.md). `message` (for logs and the audit) is the English text.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly extra?: Record<string, unknown>,
    readonly values?: MessageValues,
  ) {
    super(messageIn('en', code, values));
  }
}

/** The message of `code` in `language`; a text that is no key of errors.json stays as it is. */
export function messageIn(language: Language, code: string, values?: MessageValues): string {
  return isCode(code) ? translator(language)(`errors:${code}`, values ?? {}) : code;
}

/** Whether a message is a key of errors.json (zod's own messages and Fastify's are prose). */
const isCode = (message: string) => /^[a-z][a-z0-9_]*$/.test(message) && isMessageKey(`errors:${message}`);

/** The language the request's reader reads: their own, their browser's, the organisation's. */
export function requestLanguage(request: FastifyRequest): Language {
  const user = request.user as { language?: string | null } | undefined;
  return languageFor({
    chosen: user?.language,
    acceptLanguage: request.headers['accept-language'],
    // deps is missing only on a request that failed before the app was decorated
    organisation: lastKnownOrganisationLanguage(request.server.deps?.db),
  });
}

export const notFound = (code = 'not_found', values?: MessageValues) =>
  new AppError(404, code, undefined, values);
/** A refusal because of the current state of things (409); `field` names the field to fix, if one is to blame. */
export const conflict = (
  code: string,
  extra?: Record<string, unknown> & { field?: string; values?: MessageValues },
) => {
  const { field, values, ...rest } = extra ?? {};
  return new AppError(409, code, { ...rest, ...(field ? { fieldErrors: { [field]: [code] } } : {}) }, values);
};
export const forbidden = (code = 'forbidden') => new AppError(403, code);
/**
 * A refusal of the input that the schema could not judge (it needs the database or the clock):
 * 400 with the message, also under `fieldErrors[field]` when one field is to blame, so forms show
 * it on that field.
 */
export const badRequest = (code: string, field?: string, values?: MessageValues) =>
  new AppError(400, code, field ? { fieldErrors: { [field]: [code] } } : undefined, values);

type Issue = { instancePath: string; message?: string };

/**
 * Turns validation issues into `{code, message, fieldErrors}`. The contract's messages are keys of
 * errors.json, written in `language`; zod's own (a check without a message of ours) keep their
 * English text in English and read 'invalid_input' in another language.
 */
export function validationBody(issues: Issue[], language: Language = 'en') {
  const t = translator(language);
  const say = (message: string | undefined, fallback: string) => {
    if (message && isCode(message)) return { code: message, text: t(`errors:${message}`) };
    if (language === 'en') return { code: fallback, text: message ?? t(`errors:${fallback}`) };
    return { code: fallback, text: t(`errors:${fallback}`) };
  };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').split('/')[0] || '_';
    const { text } = say(issue.message, issue.message === undefined ? 'invalid_value' : 'invalid_input');
    fieldErrors[field] = [...(fieldErrors[field] ?? []), text];
  }
  const first = issues[0];
  const { code, text: message } =
    first?.instancePath === '' || first?.instancePath === '/'
      ? say('invalid_request_body', 'invalid_request_body')
      : say(first?.message, 'invalid_input');
  return { code, message, fieldErrors };
}

/** An error body in the request's language: `{code, message, ...extra}`. */
export function errorReply(
  request: FastifyRequest,
  code: string,
  extra?: Record<string, unknown>,
  values?: MessageValues,
) {
  const language = requestLanguage(request);
  const fieldErrors = extra?.fieldErrors as Record<string, string[]> | undefined;
  return {
    code,
    ...extra,
    ...(fieldErrors
      ? {
          fieldErrors: Object.fromEntries(
            Object.entries(fieldErrors).map(([field, messages]) => [
              field,
              messages.map((m) => messageIn(language, m, values)),
            ]),
          ),
        }
      : {}),
    message: messageIn(language, code, values),
  };
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    // Throttled auth calls (429) tell the client when to come back.
    if (typeof error.extra?.retryAfter === 'number')
      reply.header('retry-after', String(error.extra.retryAfter));
    return reply.status(error.status).send(errorReply(request, error.code, error.extra, error.values));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A path id that is not even a UUID names nothing: the same 404 as an id nobody may see.
    if (error.validationContext === 'params') return reply.status(404).send(errorReply(request, 'not_found'));
    return reply.status(400).send(validationBody(error.validation, requestLanguage(request)));
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return reply.status(500).send(errorReply(request, 'internal_error'));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply.status(413).send(errorReply(request, 'body_too_large'));
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.status(400).send(errorReply(request, 'malformed_json'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply.status(415).send(errorReply(request, 'unsupported_content_type'));
    // The router's own refusals, handed here by Fastify's frameworkErrors option (server/app.ts).
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return reply.status(414).send(errorReply(request, 'path_parameter_too_long'));
    case 'FST_ERR_BAD_URL':
      return reply.status(400).send(errorReply(request, 'malformed_url'));
  }
  if (error instanceof SyntaxError) return reply.status(400).send(errorReply(request, 'malformed_json'));
  // A rule the database keeps itself (the invoice lock): the same 409 as the service's own check.
  const refused = databaseRefusal(error);
  if (refused) return reply.status(409).send(errorReply(request, refused));
  if (isDiskFull(error)) {
    // Not the request's fault, and retrying will not help until space is freed: 503, and readiness
    // reports it for a while (readiness.ts).
    request.log.error({ err: error }, "a write failed: the server's disk is full");
    const database = request.server.deps?.database;
    if (database) diskFullAt.set(database, Date.now());
    return reply.status(503).send(errorReply(request, DISK_FULL));
  }
  if (isConnectionLoss(error)) {
    // A restart or failover of PostgreSQL: the pool reconnects, so trying again shortly works.
    request.log.warn({ err: error }, 'database connection lost during a request');
    return reply.status(503).header('retry-after', '1').send(errorReply(request, DATABASE_UNAVAILABLE));
  }
  const status = error.statusCode ?? 500;
  // Another 4xx of Fastify or a plugin: its own (English) text under a generic code.
  if (status >= 400 && status < 500)
    return reply.status(status).send({ code: 'request_refused', message: error.message });
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorReply(request, 'internal_error'));
}

type Cause = { code?: string; message?: string; cause?: unknown } | undefined;

/** True when the error, or one it wraps (as drizzle does), matches. */
function anyCause(error: unknown, test: (e: NonNullable<Cause>) => boolean): boolean {
  for (let e = error as Cause; e; e = e.cause as Cause) if (test(e)) return true;
  return false;
}

/**
 * A refusal the database raises itself (SQLSTATE 'WB409', a trigger's `RAISE ... USING ERRCODE`;
 * the invoice lock, migration 0030): its message is the errors.json code to answer with, as a 409.
 */
export const DATABASE_REFUSAL = 'WB409';
export function databaseRefusal(error: unknown): string | undefined {
  let code: string | undefined;
  anyCause(error, (e) => {
    if (e.code === DATABASE_REFUSAL && e.message && isCode(e.message)) code = e.message;
    return code !== undefined;
  });
  return code;
}

/** True when a database error is a unique-constraint violation. */
export const isUniqueViolation = (error: unknown) => anyCause(error, (e) => e.code === '23505');

/** 503 while PostgreSQL is unreachable (a key of errors.json, as is DISK_FULL). */
export const DATABASE_UNAVAILABLE = 'database_unavailable';
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

export const DISK_FULL = 'disk_full';

/** PostgreSQL's disk_full (SQLSTATE 53100), or ENOSPC from a file the app writes itself. */
export const isDiskFull = (error: unknown) =>
  anyCause(error, (e) => e.code === '53100' || e.code === 'ENOSPC');

const diskFullAt = new WeakMap<object, number>();

/** When (ms since the epoch) a request of the app on `database` last failed for lack of disk space. */
export const lastDiskFull = (database: object): number | undefined => diskFullAt.get(database);
