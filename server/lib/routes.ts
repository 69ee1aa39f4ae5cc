import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, ReplyOf, ValidatedRequest } from '@contract/endpoint';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, type Guard } from './auth';
import { type Context, type ContextDeps, contextFor, type PublicContext } from './context';

/** The Fastify instance feature routes get: request and reply types come from the zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What registering an endpoint needs of the app's parts (server/deps.ts has them all). */
export type RouteDeps = ContextDeps & { guard: Guard };

/** A declared status other than the endpoint's usual success, e.g. 200 for "it already existed". */
class Responded {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** A handler's way to answer with another status the endpoint declares: `return respond(201, conversation)`. */
export function respond<E extends Endpoint, S extends keyof E['responses'] & number>(
  _endpoint: E,
  status: S,
  body: ReplyOf<E, S>,
): Responded {
  return new Responded(status, body);
}

/** The body of a download (an endpoint with `produces`), with the file name the browser saves it as. */
export type Download = {
  body: string | Buffer;
  filename?: string;
  /** default no-store; a file whose URL changes with its content may be kept for good */
  cacheControl?: string;
  /** a type found in the content, for an endpoint that serves files of several (one of its `produces`) */
  contentType?: string;
  /** more headers (Content-Disposition, a stricter Content-Security-Policy), replacing the defaults */
  headers?: Record<string, string>;
};

type ContextOf<E extends Endpoint> = E['access'] extends 'public' | 'adminOutsideDevelopment'
  ? PublicContext
  : Context;
type ResultOf<E extends Endpoint> =
  | (E['produces'] extends string | readonly string[] ? Download : ReplyOf<E>)
  | Responded
  /** The reply itself, already sent (a redirect). */
  | FastifyReply;

export type Http = { request: FastifyRequest; reply: FastifyReply };
export type Handler<E extends Endpoint> = (
  ctx: ContextOf<E>,
  input: ValidatedRequest<E>,
  http: Http,
) => ResultOf<E> | Promise<ResultOf<E>>;

type Group = Record<string, Endpoint>;
/** A feature's routes; one that needs more of the app (its live hub, the database handle) names `AppDeps`. */
export type FeatureRoutes<D extends RouteDeps = RouteDeps> = { register(app: ZodApp, deps: D): void };

/**
 * A feature's routes: a handler for every endpoint of its contract group (the type system refuses
 * a missing one). A handler parses nothing and checks no role: the endpoint's description did both
 * before it runs. It calls one service with the request's context and returns what the contract
 * says the endpoint answers.
 */
export function implement<G extends Group>(
  group: G,
  handlers: { [K in keyof G]: Handler<G[K]> },
): FeatureRoutes {
  return {
    register(app, deps) {
      for (const name of Object.keys(group)) {
        registerEndpoint(app, deps, group[name], handlers[name] as Handler<Endpoint>);
      }
    },
  };
}

/** The lowest 2xx status an endpoint declares: what a plain return value is sent with. */
export function successStatus(endpoint: Endpoint): number {
  const statuses = Object.keys(endpoint.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 400);
  if (statuses.length === 0) throw new Error(`${endpoint.method} ${endpoint.path} declares no success`);
  return Math.min(...statuses);
}

/** `{id}` → `:id`, Fastify's way of writing a path parameter. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function registerEndpoint(app: ZodApp, deps: RouteDeps, endpoint: Endpoint, handler: Handler<Endpoint>) {
  // Only successes are written through a schema: refusals are the error handler's
  // `{message, ...}`, and their documented shapes go to the OpenAPI document alone.
  const response: Record<number, z.ZodType> = {};
  if (!endpoint.produces) {
    for (const [status, schema] of Object.entries(endpoint.responses)) {
      if (schema && Number(status) < 300) response[Number(status)] = schema;
    }
  }
  const { access } = endpoint;
  const isPublic = access === 'public' || (access === 'adminOutsideDevelopment' && !deps.config.isProduction);
  const roles =
    access === 'adminOutsideDevelopment'
      ? ['admin' as const]
      : access === 'signedIn' || access === 'public'
        ? []
        : [...access];
  const options: RouteShorthandOptions = {
    ...(isPublic
      ? {}
      : {
          preValidation: deps.guard(roles, {
            allowPasswordChangePending: endpoint.duringPasswordChange,
            sessionOnly: endpoint.sessionOnly,
            method: endpoint.method,
          }),
        }),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(isPublic
        ? {}
        : { security: endpoint.sessionOnly ? [{ session: [] }] : [{ session: [] }, { bearer: [] }] }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response,
    },
  };
  const success = successStatus(endpoint);
  app.route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    ...options,
    // The contract's own description, for the OpenAPI document (server/lib/openapi.ts).
    config: { endpoint },
    handler: async (request, reply) => {
      const ctx = isPublic
        ? contextFor(deps, null, request.log, request.headers['accept-language'])
        : contextFor(deps, currentUser(request), request.log, request.headers['accept-language']);
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
      } as ValidatedRequest<Endpoint>;
      const result = await handler(ctx as never, input, { request, reply });
      // A handler that answered itself (a redirect): awaiting the reply, a thenable, leaves its result undefined.
      if (result === reply || reply.sent) return reply;
      if (result instanceof Responded) return reply.status(result.status).send(result.body ?? null);
      if (endpoint.produces) {
        const download = result as Download;
        reply
          .status(success)
          .type(download.contentType ?? [endpoint.produces].flat()[0])
          .header('cache-control', download.cacheControl ?? 'no-store');
        if (download.filename) {
          reply.header('content-disposition', `attachment; filename="${download.filename}"`);
        }
        if (download.headers) reply.headers(download.headers);
        return reply.send(download.body);
      }
      if (endpoint.responses[success] === null) return reply.status(success).send();
      return reply.status(success).send(result);
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}
