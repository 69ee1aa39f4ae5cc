import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@contract/common';
import type { Endpoint } from '@contract/endpoint';
import type { RouteOptions } from 'fastify';
import type { ZodApp } from '../deps';
import { SESSION_COOKIE } from './auth';

/** The readable page; the machine-readable document is at /api/openapi.json (and the page's ./json). */
export const DOCS_PAGE = '/api/docs';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const errorJson = {
  ...jsonSchema(errorBody),
  description:
    'Any refusal: 400 invalid input (with fieldErrors), 401 not signed in, 403 not allowed, 404 not found, 409 a conflict with the current state, 413 too large, 429 too many attempts',
};

const errorResponse = {
  description: errorJson.description,
  content: { 'application/json': { schema: jsonSchema(errorBody) } },
};

/**
 * Documents what the contract describes and the generic transform cannot see: downloads (their
 * media type instead of JSON), successes without a body, and the one error shape every refusal has.
 * Routes that are not part of the API (the web client's files) stay out of the document.
 */
function transform(input: TransformInput) {
  if (!input.url.startsWith('/api/') || input.url.startsWith(DOCS_PAGE)) {
    return { schema: { hide: true }, url: input.url };
  }
  const endpoint = (input as { route?: { config?: { endpoint?: Endpoint } } }).route?.config?.endpoint;
  const result = jsonSchemaTransform(input) as { schema: JsonSchema | undefined; url: string };
  const schema = result.schema ?? {};
  const response = { ...((schema.response as JsonSchema | undefined) ?? {}) };
  if (endpoint?.produces) {
    response[200] = {
      description: 'The file',
      content: { [endpoint.produces]: { schema: { type: 'string' } } },
    };
  }
  for (const [status, schema] of Object.entries(response)) {
    if (schema === undefined) delete response[status];
  }
  for (const [status, declared] of Object.entries(endpoint?.responses ?? {})) {
    if (declared === null) response[status] = { type: 'null', description: 'Done; no content' };
    else if (Number(status) >= 300) response[status] = jsonSchema(declared);
  }
  response.default = errorJson;
  return { url: result.url, schema: { ...schema, response } };
}

type OpenApiObject = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * @fastify/websocket hides its routes from the generator; the upgrade is still part of the API, so
 * each WebSocket route is described as the GET that answers 101 Switching Protocols.
 */
function withWebSockets(doc: OpenApiObject, routes: RouteOptions[]): OpenApiObject {
  const paths: Record<string, unknown> = { ...doc.paths };
  for (const route of routes) {
    if (!(route as { websocket?: boolean }).websocket) continue;
    const schema = (route.schema ?? {}) as { summary?: string; tags?: string[]; security?: unknown[] };
    paths[route.url] = {
      get: {
        summary: schema.summary,
        tags: schema.tags,
        security: schema.security,
        responses: {
          101: { description: 'Switching Protocols: the connection becomes a WebSocket' },
          default: errorResponse,
        },
      },
    };
  }
  return { ...doc, paths } as OpenApiObject;
}

/**
 * The OpenAPI 3.1 document of every /api route, generated from the routes the contract registered
 * (server/lib/routes.ts) and served at /api/openapi.json. Registered before the routes, so that it
 * sees each of them.
 */
export async function registerOpenApi(app: ZodApp, version: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Workbench API',
        version,
        description:
          'Tasks, projects, time tracking, attendance, chat and account administration. Every call is JSON; cookie-authenticated writes must come from the same site.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          // Personal API tokens from /profile (docs/product/profile.md#api-tokens).
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API token (wb_pat_…), acting with its owner’s role',
          },
        },
      },
    },
    transform,
    transformObject: (input) => withWebSockets(jsonSchemaTransformObject(input), app.registeredRoutes),
  });
  // Swagger UI's files are served from the package itself: no CDN, no inline script, so the
  // app's own Content-Security-Policy (script-src 'self') covers the page.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PAGE,
    staticCSP: false,
    uiConfig: { layout: 'BaseLayout' },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json').send(JSON.stringify(app.swagger())),
  );
}
