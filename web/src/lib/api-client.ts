/**
 * The one HTTP client of the browser (spec points 7 and 8). Every call sends a JSON content type and
 * the session cookie; a response is parsed as JSON only when it says it is JSON.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';

/** A non-ok response. `message` follows spec point 8; `fieldErrors` holds per-field validation messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = fieldErrors;
  }
}

function isJson(res: Response): boolean {
  return /[/+]json\b/i.test(res.headers.get('content-type') ?? '');
}

function bodyMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

function bodyFieldErrors(body: unknown): Record<string, string[]> | undefined {
  if (body && typeof body === 'object' && 'fieldErrors' in body) {
    const { fieldErrors } = body as { fieldErrors: unknown };
    if (fieldErrors && typeof fieldErrors === 'object') return fieldErrors as Record<string, string[]>;
  }
  return undefined;
}

type UnauthorizedHandler = (url: string) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** lib/auth registers what an expired session means (forget the stored user, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Sends the request; turns a failure to reach the server into the spec's network error. */
export async function send(method: HttpMethod, url: string, body?: unknown, signal?: AbortSignal) {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (res.status === 401) onUnauthorized(url);
  return res;
}

/** Reads the body as JSON when the response is JSON; anything else counts as empty. */
export async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || !isJson(res)) return undefined;
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

/**
 * Calls the API and returns the parsed JSON body (undefined when empty).
 * Throws `ApiError` on a non-ok status: message = body.message, else statusText, else 'HTTP {status}'.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const res = await send(method, url, body, signal);
  const data = await readBody(res);
  if (!res.ok) {
    const message = bodyMessage(data) ?? (res.statusText || `HTTP ${res.status}`);
    throw new ApiError(res.status, message, data, bodyFieldErrors(data));
  }
  return data as T;
}
