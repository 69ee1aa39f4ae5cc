import type { z } from 'zod';
import type { Role } from './roles';

/**
 * One description per API endpoint: method, path, who may call it, its inputs and its responses.
 * The server registers its routes from these (server/lib/routes.ts), the browser derives its typed
 * calls and cache keys from them (web/src/lib/api.ts), and the OpenAPI document at
 * /api/openapi.json is generated from the registered routes. A URL or a response type is therefore
 * written exactly once. How to add an endpoint: docs/architecture.md.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call it. 'public': anyone; 'signedIn': any signed-in user; a list of roles: signed-in
 * users with one of them; 'adminOutsideDevelopment': anyone while the server runs in development
 * or test, admins otherwise (testing aids). Checked before the input is read, so an anonymous
 * caller gets 401, never a 400 that reveals the input's shape.
 */
export type Access = 'public' | 'signedIn' | 'adminOutsideDevelopment' | readonly Role[];

export type EndpointDefinition = {
  method: HttpMethod;
  /** OpenAPI style: `/api/tasks/{id}/review`; every `{name}` is a key of `params`. */
  path: `/api/${string}`;
  summary: string;
  access: Access;
  /** Callable while the user still has to replace a temporary password (sign-out, the change itself). */
  duringPasswordChange?: boolean;
  /**
   * Account security (2FA, password, sessions, tokens, single sign-on, a person's data): only from a
   * signed-in session, never with an API token, which gets 403 'Not available to API tokens'
   * (docs/product/profile.md#api-tokens). Marked here once; a test walks every marked endpoint.
   */
  sessionOnly?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * Status → body schema; `null` for a success without a body (204) or a redirect (302). Refusals
   * every endpoint of its kind can get (400, 401, 403, 404, 413, 414, 415, 429, 500, 503) are derived
   * from the rest of the description (server/lib/openapi.ts); a refusal only the service knows about
   * (409, a 404 without a path id, a 400 without an input) is listed here, usually as `errorBody`.
   */
  responses: { [status: number]: z.ZodType | null };
  /**
   * A success body that is not JSON (a download): its content type, e.g. 'text/csv'; for files of
   * several types, every type it can be (the handler names the one it sends).
   */
  produces?: string | readonly [string, ...string[]];
};

/** An endpoint with the OpenAPI tag of the group it belongs to, and its operationId there. */
export type Endpoint = EndpointDefinition & { tag: string; operationId: string };

/** `<tag>_<name>` with the tag in camelCase: ('Time entries', 'export') → 'timeEntries_export'. */
export function operationIdOf(tag: string, name: string): string {
  const words = tag.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = words
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase()))
    .join('');
  return `${camel}_${name}`;
}

/**
 * Defines a feature's endpoints under one OpenAPI tag: `export const tasksApi = endpoints('Tasks', {...})`.
 * Each gets the operationId `<tag>_<name>` (`tasks_create`, `timeEntries_export`).
 */
export function endpoints<const Group extends Record<string, EndpointDefinition>>(
  tag: string,
  group: Group,
): { readonly [K in keyof Group]: Group[K] & { tag: string; operationId: string } } {
  for (const [name, definition] of Object.entries(group)) {
    const names = [...definition.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const declared = Object.keys(definition.params?.shape ?? {});
    if (names.length !== declared.length || names.some((n) => !declared.includes(n))) {
      throw new Error(`${tag}.${name}: the path's {params} and the params schema differ`);
    }
  }
  return Object.fromEntries(
    Object.entries(group).map(([name, d]) => [name, { ...d, tag, operationId: operationIdOf(tag, name) }]),
  ) as never;
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : never;

/** The success statuses an endpoint declares (2xx). */
type SuccessStatus<E extends EndpointDefinition> = Extract<keyof E['responses'], 200 | 201 | 202 | 204>;

/** What the browser receives on success: the parsed JSON, nothing for a 204, text for a download. */
export type ResponseOf<E extends EndpointDefinition> = E['produces'] extends string | readonly string[]
  ? string
  : E['responses'][SuccessStatus<E>] extends infer S
    ? S extends z.ZodType
      ? SchemaOutput<S>
      : undefined
    : never;

/**
 * What a server handler returns on success: the input side of the response schema, or nothing for
 * a success without a body.
 */
export type ReplyOf<
  E extends EndpointDefinition,
  Status extends keyof E['responses'] = SuccessStatus<E>,
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler of a body-less success returns nothing
> = E['responses'][Status] extends infer S ? (S extends z.ZodType ? SchemaInput<S> : void) : never;

type Part<
  E extends EndpointDefinition,
  K extends 'params' | 'query' | 'body',
  Side extends 'in' | 'out',
> = E[K] extends z.ZodType ? (Side extends 'in' ? SchemaInput<E[K]> : SchemaOutput<E[K]>) : undefined;

/** What a caller sends: `{params, query, body}`, each present only when the endpoint has one. */
export type RequestOf<E extends EndpointDefinition> = (E['params'] extends z.ZodType
  ? { params: Part<E, 'params', 'in'> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: Part<E, 'query', 'in'> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: Part<E, 'body', 'in'> } : { body?: undefined });

/** What a server handler receives, after validation and the schemas' defaults and transforms. */
export type ValidatedRequest<E extends EndpointDefinition> = {
  params: Part<E, 'params', 'out'>;
  query: Part<E, 'query', 'out'>;
  body: Part<E, 'body', 'out'>;
};

/** The path with its `{params}` filled in (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
