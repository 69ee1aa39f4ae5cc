import type { FastifyServerOptions } from 'fastify';

/**
 * What the log never holds (docs/decisions/029-openapi-truth-and-log-redaction.md): the parameters
 * of a failed statement, passwords, tokens, secrets and one-time codes, and e-mail addresses. By key
 * (pino's redact, and the error serializer), and by pattern as each line is written: secret query
 * parameters of any URL in it (the request's, or one a message quotes) and e-mail addresses.
 */

const CENSORED = '[redacted]';

/** Keys whose values are secrets wherever they are logged, at the top or one level down. */
const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'passwordHash', 'token', 'secret'];
const REDACT_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
  'code',
  'params',
  'parameters',
  // the request's headers, wherever a plugin logs them (@fastify/multipart's busboyOptions at trace)
  '*.headers.authorization',
  '*.headers.cookie',
];

/**
 * A query parameter that may carry a secret (OAuth's code and state, tokens, passwords, secrets),
 * wherever a URL is written: the request line's `url`, a message that quotes the URL.
 */
const SECRET_PARAM = /([?&](?:code|state|[\w.-]*(?:token|pass|secret)[\w.-]*)=)[^&"\s#\\]*/gi;
/** An e-mail address, plain or percent-encoded (`%40`, as in a query string); its domain stays readable. */
const EMAIL = /[A-Za-z0-9._%+-]+(@|%40)((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})/gi;

/** A log line (or any text) with secret query parameters redacted and e-mail addresses masked. */
export const redactText = (text: string) =>
  text.replace(SECRET_PARAM, `$1${CENSORED}`).replace(EMAIL, '***$1$2');

/** Properties of database errors that hold the statement's values: its parameters, a failing row. */
const VALUE_PROPERTIES = new Set(['params', 'parameters', 'detail']);

/**
 * An error as a log line holds it: type, message, stack, its own properties and its cause, without
 * the values of a failed statement (drizzle puts them in `params` and in the message after
 * "params:"; PostgreSQL puts a failing row or key in `detail`).
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const message = err.message.replace(/\nparams: [\s\S]*$/, '');
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? err.name,
    message,
    stack: err.stack?.replace(err.message, message),
  };
  for (const [key, value] of Object.entries(err)) {
    if (VALUE_PROPERTIES.has(key) || key in out) continue;
    out[key] = key === 'cause' || value instanceof Error ? serializeError(value, depth + 1) : value;
  }
  if (err.cause !== undefined && !('cause' in out)) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The app's pino options with the redaction added: `true` or an options object (a test's stream
 * and level, say) gets it; `false` stays no logger.
 */
export function withRedaction(logger: LoggerOption): LoggerOption {
  if (!logger) return logger;
  const options = (logger === true ? {} : logger) as Record<string, unknown> & {
    serializers?: Record<string, unknown>;
  };
  return {
    level: 'info',
    ...options,
    redact: { paths: REDACT_PATHS, censor: CENSORED },
    serializers: { ...options.serializers, err: serializeError, error: serializeError },
    hooks: { streamWrite: redactText },
  } as LoggerOption;
}
