import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Every response of the API tests, held to the OpenAPI document (/api/openapi.json): its status must
 * be one the operation documents, a JSON body must match that status's schema, and any other body
 * must have one of the documented media types. A drift fails the test that met it
 * (docs/decisions/029-openapi-truth-and-log-redaction.md). The document and each schema are
 * compiled once per test process.
 */

type JsonSchema = Record<string, unknown>;
type Response = { $ref?: string; content?: Record<string, { schema?: JsonSchema }> };
type Operation = { responses: Record<string, Response> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};
type Route = { pattern: RegExp; path: string; params: number; operations: Record<string, Operation> };

let document: { doc: Document; routes: Route[] } | undefined;
const validators = new Map<string, ValidateFunction>();

const ajv = new Ajv2020({ strict: false, allErrors: true });
// The formats zod writes into response schemas (no ajv-formats: its peer dependency conflicts).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
ajv.addFormat('uuid', UUID);
ajv.addFormat(
  'date-time',
  (value: string) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
);
ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
ajv.addFormat('time', /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/);
ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
ajv.addFormat('uri', (value: string) => URL.canParse(value));

function load(app: FastifyInstance) {
  if (document) return document;
  const doc = app.swagger() as unknown as Document;
  const routes = Object.entries(doc.paths).map(([path, operations]) => ({
    path,
    operations,
    params: (path.match(/\{/g) ?? []).length,
    // The contract's paths hold letters, digits, '-', '.', '/' and {params} only.
    pattern: new RegExp(`^${path.replace(/\./g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
  // A fixed segment wins over a parameter, as in Fastify's router (/api/tasks/export before /api/tasks/{id}).
  routes.sort((a, b) => a.params - b.params);
  document = { doc, routes };
  return document;
}

/** `#/components/…` references replaced by what they name (the document has no cycles). */
function resolve(node: unknown, doc: Document): unknown {
  if (Array.isArray(node)) return node.map((item) => resolve(item, doc));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as JsonSchema;
  const resolved = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, resolve(v, doc)]));
  if (typeof $ref !== 'string') return resolved;
  const target = $ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (at as JsonSchema | undefined)?.[key], doc);
  if (target === undefined) throw new Error(`OpenAPI document: unresolved ${$ref}`);
  return { ...(resolve(target, doc) as JsonSchema), ...resolved };
}

const baseType = (type: string) => type.split(';')[0].trim().toLowerCase();
const normalType = (type: string) => type.toLowerCase().replace(/\s+/g, '');
const isJson = (type: string) => /^application\/([\w.+-]+\+)?json$/.test(baseType(type));

function requestOf(options: InjectOptions | string): { method: string; path: string } {
  if (typeof options === 'string') return { method: 'GET', path: options.split('?')[0] };
  const url = typeof options.url === 'string' ? options.url : (options.path as string | undefined);
  return { method: (options.method ?? 'GET').toUpperCase(), path: (url ?? '/').split('?')[0] };
}

/** Throws when the response is not what the document says this operation answers. */
export function checkAgainstDocument(
  app: FastifyInstance,
  options: InjectOptions | string,
  response: LightMyRequestResponse,
) {
  const { method, path } = requestOf(options);
  if (method === 'HEAD' || method === 'OPTIONS') return;
  const { doc, routes } = load(app);
  const route = routes.find((r) => r.pattern.test(path) && r.operations[method.toLowerCase()]);
  // Not an operation of the API (the web client, /metrics, an unknown path): nothing to hold it to.
  if (!route) return;
  const operation = route.operations[method.toLowerCase()];
  const where = `${method} ${route.path} answered ${response.statusCode}`;
  const declared = operation.responses[String(response.statusCode)];
  if (!declared) {
    throw new Error(
      `OpenAPI drift: ${where}, which the document does not declare (it declares ${Object.keys(operation.responses).join(', ')}); body: ${response.body.slice(0, 300)}`,
    );
  }
  const content = (resolve(declared, doc) as Response).content;
  const contentType = String(response.headers['content-type'] ?? '');
  if (!content) {
    if (response.body !== '') throw new Error(`OpenAPI drift: ${where} with a body, documented without one`);
    return;
  }
  const types = Object.keys(content);
  const type = isJson(contentType)
    ? types.find((t) => isJson(t) && baseType(t) === baseType(contentType))
    : types.find((t) => normalType(t) === normalType(contentType) || normalType(t) === baseType(contentType));
  if (!type) {
    throw new Error(
      `OpenAPI drift: ${where} as ${contentType || 'no content type'}; documented: ${types.join(', ')}`,
    );
  }
  const schema = content[type].schema;
  if (!isJson(type) || !schema) return;
  const key = `${method} ${route.path} ${response.statusCode} ${type}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(resolve(schema, doc) as JsonSchema);
    validators.set(key, validate);
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new Error(`OpenAPI drift: ${where} with a body that is not JSON: ${response.body.slice(0, 200)}`);
  }
  if (!validate(body)) {
    throw new Error(
      `OpenAPI drift: ${where} with a body the document does not allow: ${ajv.errorsText(validate.errors)}; body: ${response.body.slice(0, 300)}`,
    );
  }
}
