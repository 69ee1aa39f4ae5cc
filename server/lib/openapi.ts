import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@contract/common';
import { type Endpoint, operationIdOf } from '@contract/endpoint';
import type { RouteOptions } from 'fastify';
import type { ZodApp } from './routes';
import { SESSION_COOKIE } from './auth';

/** The readable page; the machine-readable document is at /api/openapi.json (and the page's ./json). */
export const DOCS_PAGE = '/api/docs';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;
type Operation = { responses?: JsonSchema; security?: unknown[]; operationId?: string } & JsonSchema;
type OpenApiObject = ReturnType<typeof jsonSchemaTransformObject>;
/** The parts of the generated document this module rewrites. */
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: JsonSchema } & JsonSchema;
};

/** A schema as the response serializer writes with it (server/lib/serializer.ts): the output side. */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The refusals the app sends in the one error shape, each documented once under
 * components.responses (docs/product/api-conventions.md#status-codes).
 */
const REFUSALS: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'Invalid input: `fieldErrors` maps each field to its messages and `message` is the first of them; also malformed JSON or a path that cannot be decoded',
  },
  401: { name: 'Unauthorized', description: 'Not signed in, or an invalid, expired or revoked API token' },
  403: {
    name: 'Forbidden',
    description:
      'The role may not do this; a cross-site write; a temporary password still to be changed (`code`: PASSWORD_CHANGE_REQUIRED)',
  },
  404: {
    name: 'NotFound',
    description: "The record does not exist or is not the caller's to see (a path id that is not a UUID too)",
  },
  409: { name: 'Conflict', description: "Refused because of a record's current state, or a duplicate" },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body is over its limit (64 KiB of JSON, 10 MB for an upload)',
  },
  414: { name: 'UriTooLong', description: 'A path parameter over 100 characters' },
  415: { name: 'UnsupportedMediaType', description: 'A body of another type than the endpoint reads' },
  429: {
    name: 'TooManyRequests',
    description:
      'Too many attempts, or too many calls with one API token: `retryAfter` (and Retry-After) gives the seconds to wait',
  },
  500: { name: 'InternalServerError', description: 'A bug; the body says only "Internal server error"' },
  502: { name: 'BadGateway', description: 'The identity provider cannot be reached' },
  503: {
    name: 'ServiceUnavailable',
    description: 'The database is not available right now (Retry-After: 1), or the server is shutting down',
  },
};

/**
 * The refusals an endpoint can get whatever its service does, derived from its description: every
 * call can meet a bug or a database outage; a guarded one an anonymous caller, a wrong role, a token
 * over its budget; a path id an unknown record, an overlong or undecodable value; input a 400; a write a
 * cross-site refusal, an overlong body or a body of another type. The service's own refusals are
 * declared in the contract's `responses`.
 */
export function derivedRefusals(endpoint: Endpoint): number[] {
  const statuses = new Set([500, 503]);
  const add = (...more: number[]) => {
    for (const status of more) statuses.add(status);
  };
  if (endpoint.access !== 'public') add(401, 403, 429);
  if (endpoint.params) add(400, 404, 414);
  if (endpoint.query || endpoint.body) add(400);
  if (WRITES.has(endpoint.method)) add(400, 403, 413, 415);
  return [...statuses];
}

const errorRef = { $ref: '#/components/schemas/Error' };
const retryAfterHeader = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
};

/** The components.responses entry of a refusal in the one error shape. */
function refusalResponse(status: number): JsonSchema {
  const schema = status === 429 ? { allOf: [errorRef], required: ['retryAfter'] } : errorRef;
  return {
    description: REFUSALS[status]?.description ?? STATUS_CODES[status] ?? 'Refused',
    ...(status === 429 || status === 503 ? { headers: retryAfterHeader } : {}),
    content: { 'application/json': { schema } },
  };
}

const refusalName = (status: number) => REFUSALS[status]?.name ?? `Status${status}`;

/** JSON travels as text; anything else (an image, a PDF, a workbook) is bytes without a schema. */
const isJson = (type: string) => /^application\/([\w.+-]+\+)?json\b/.test(type);
const isText = (type: string) => type.startsWith('text/');

/** A download's success: each type it can be, with the declared schema where it is JSON. */
function downloadResponse(endpoint: Endpoint, status: number): JsonSchema {
  const declared = endpoint.responses[status];
  const content: Record<string, JsonSchema> = {};
  for (const type of [endpoint.produces ?? []].flat()) {
    if (isJson(type) && declared) content[type] = { schema: jsonSchema(declared) };
    else if (isText(type)) content[type] = { schema: { type: 'string' } };
    else content[type] = {};
  }
  return { description: 'The file', content };
}

/**
 * Every response an operation can have, from the contract's description: its successes (a body
 * written by the response serializer, a download, nothing, a redirect), the refusals it declares
 * and those derived from its kind (derivedRefusals). Used refusal responses are collected in `used`.
 */
function responsesOf(endpoint: Endpoint, used: Set<number>): JsonSchema {
  const responses: JsonSchema = {};
  for (const [key, declared] of Object.entries(endpoint.responses)) {
    const status = Number(key);
    const text = STATUS_CODES[status] ?? 'Done';
    if (status < 300 && endpoint.produces) responses[key] = downloadResponse(endpoint, status);
    else if (declared === null && status >= 300 && status < 400)
      responses[key] = {
        description: `${text}: where to go next`,
        headers: { Location: { description: 'The target', schema: { type: 'string' } } },
      };
    else if (declared === null) responses[key] = { description: `${text}; no content` };
    else if (status >= 400 && declared === errorBody) {
      used.add(status);
      responses[key] = { $ref: `#/components/responses/${refusalName(status)}` };
    } else {
      responses[key] = {
        description: status >= 400 ? (REFUSALS[status]?.description ?? text) : text,
        content: { 'application/json': { schema: jsonSchema(declared) } },
      };
    }
  }
  for (const status of derivedRefusals(endpoint)) {
    if (responses[status] !== undefined) continue;
    used.add(status);
    responses[status] = { $ref: `#/components/responses/${refusalName(status)}` };
  }
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
}

/**
 * Routes that are not part of the API (the web client's files, this page) stay out of the document.
 * The responses of the others are written by `describeOperations` from the contract.
 */
function transform(input: TransformInput) {
  if (!input.url.startsWith('/api/') || input.url.startsWith(DOCS_PAGE)) {
    return { schema: { hide: true }, url: input.url };
  }
  return jsonSchemaTransform(input);
}

/**
 * Each operation of a contract endpoint gets its operationId and every response it can have;
 * operations without a guard say so (`security: []`).
 */
function describeOperations(generated: OpenApiObject, routes: RouteOptions[]): OpenApiObject {
  const doc = generated as Document;
  const used = new Set<number>();
  const paths = structuredClone(doc.paths ?? {});
  const operationIds = new Set<string>();
  for (const route of routes) {
    const endpoint = route.config?.endpoint;
    // Fastify adds a HEAD route beside each GET, with the same config.
    if (route.method !== endpoint?.method) continue;
    const operation = endpoint && paths[endpoint.path]?.[endpoint.method.toLowerCase()];
    if (!operation) continue;
    if (operationIds.has(endpoint.operationId))
      throw new Error(`Duplicate operationId ${endpoint.operationId}`);
    operationIds.add(endpoint.operationId);
    paths[endpoint.path][endpoint.method.toLowerCase()] = {
      operationId: endpoint.operationId,
      ...operation,
      security: operation.security ?? [],
      responses: responsesOf(endpoint, used),
    };
  }
  for (const route of routes) {
    if (!(route as { websocket?: boolean }).websocket) continue;
    const schema = (route.schema ?? {}) as { summary?: string; tags?: string[]; security?: unknown[] };
    const refusals = [401, 403, 429, 500, 503];
    for (const status of refusals) used.add(status);
    paths[route.url] = {
      get: {
        operationId: operationIdOf(schema.tags?.[0] ?? 'Live', 'webSocket'),
        summary: schema.summary,
        tags: schema.tags,
        security: schema.security ?? [],
        responses: {
          101: { description: 'Switching Protocols: the connection becomes a WebSocket' },
          ...Object.fromEntries(
            refusals.map((s) => [s, { $ref: `#/components/responses/${refusalName(s)}` }]),
          ),
        },
      },
    };
  }
  const refusals = [...used].sort((a, b) => a - b);
  return {
    ...doc,
    components: {
      ...doc.components,
      schemas: { ...doc.components?.schemas, Error: jsonSchema(errorBody) },
      responses: Object.fromEntries(refusals.map((s) => [refusalName(s), refusalResponse(s)])),
    },
    paths,
  } as OpenApiObject;
}

/**
 * The OpenAPI 3.1 document of every /api route, generated from the routes the contract registered
 * (server/lib/routes.ts) and served at /api/openapi.json. Registered before the routes, so that it
 * sees each of them. Tests hold it to Redocly's recommended rules and every response of the API
 * tests to it (docs/decisions/029-openapi-truth-and-log-redaction.md).
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
      // The API is served by the app itself, at its own origin.
      servers: [{ url: '/', description: 'This server' }],
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
    transformObject: (input) => describeOperations(jsonSchemaTransformObject(input), app.registeredRoutes),
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
