/**
 * The one HTTP request function of the browser. Every call sends a JSON content type and the
 * session cookie; a response is parsed as JSON only when it says it is JSON. Failures become an
 * `ApiError` whose message follows the product's rules (docs/product/client-behaviour.md):
 * - a cached read (a query) fails with '{status}: {response text or status text}';
 * - any other call fails with the JSON body's `message`, else the status text, else 'HTTP {status}';
 * - a server that cannot be reached is 'Network error. Please try again.'
 * The server writes its messages in the reader's language (the screen's, sent as Accept-Language)
 * and names each refusal with a stable `code` (a key of locales/<language>/errors.json): compare
 * codes, never the words.
 * Features do not call this directly: they use the typed calls of lib/api.ts.
 */

import { languages } from '@contract/languages';
import { i18n } from './i18n';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';

/** A non-ok response. `fieldErrors` holds the server's per-field validation messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly body: unknown;
  /** the refusal's stable name (`task_not_found`), when the answer gave one */
  readonly code: string | undefined;

  constructor(status: number, message: string, body: unknown, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = fieldErrors;
    this.code = field<string>(body, 'code', (c) => typeof c === 'string' && c !== '');
  }
}

const isJson = (res: Response) => /[/+]json\b/i.test(res.headers.get('content-type') ?? '');

function field<T>(body: unknown, name: string, check: (value: unknown) => boolean): T | undefined {
  if (!body || typeof body !== 'object' || !(name in body)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return check(value) ? (value as T) : undefined;
}

const bodyMessage = (body: unknown) =>
  field<string>(body, 'message', (m) => typeof m === 'string' && m.trim() !== '');
const bodyFieldErrors = (body: unknown) =>
  field<Record<string, string[]>>(body, 'fieldErrors', (f) => Boolean(f) && typeof f === 'object');

/** The query's set values (undefined, null and '' are left out). */
export function compactQuery(query: object | undefined): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}

/** `?a=1&b=2` for the query's set values, or '' when none is set. */
export function queryString(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(compactQuery(query))) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

type UnauthorizedHandler = (url: string) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** lib/auth registers what an expired session means (forget the stored user, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal;
  /** A cached read: its failure message is '{status}: {text}'. */
  cachedRead?: boolean;
  /** The caller wants a non-JSON body (a download) as text instead of treating it as empty. */
  text?: boolean;
};

/** Sends the request and returns the body: parsed JSON, or undefined for an empty or non-JSON one. */
export async function request(
  method: HttpMethod,
  url: string,
  options: RequestOptions = {},
): Promise<unknown> {
  let res: Response;
  try {
    // An upload (FormData) goes as multipart/form-data: the browser writes its content type and boundary.
    const upload = typeof FormData !== 'undefined' && options.body instanceof FormData;
    // The server answers in the screen's language (a choice made on the sign-in page included).
    const language = languages.find((l) => l === i18n.language);
    const accept = { Accept: 'application/json', ...(language ? { 'Accept-Language': language } : {}) };
    res = await fetch(url, {
      method,
      headers: upload ? accept : { 'Content-Type': 'application/json', ...accept },
      body: upload
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (res.status === 401) onUnauthorized(url);
  const text = res.status === 204 ? '' : await res.text().catch(() => '');
  let body: unknown = text === '' ? undefined : text;
  if (text !== '' && isJson(res)) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!res.ok) {
    const message = options.cachedRead
      ? `${res.status}: ${text || res.statusText}`
      : (bodyMessage(body) ?? (res.statusText || `HTTP ${res.status}`));
    throw new ApiError(res.status, message, body, bodyFieldErrors(body));
  }
  if (isJson(res)) return body;
  return options.text ? text : undefined;
}
