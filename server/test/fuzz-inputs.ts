import fc from 'fast-check';
import { z } from 'zod';

/**
 * Hostile inputs derived from a route's zod schemas (through their JSON Schema): values that fit,
 * values of the wrong type, control characters, huge strings and numbers, deep nesting,
 * prototype-polluting keys and malformed ids. Used by the fuzz test of every route.
 */
type Node = {
  type?: string;
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Node[];
  allOf?: Node[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};

/**
 * Real records for the cases to name, so inputs get past "not found" into the services: `idsFor`
 * picks the ids that suit a field or path (a project for `projectId`…), `ids` holds all of them.
 */
export type FuzzContext = {
  ids: string[];
  idsFor(fieldOrPath: string): string[];
  emails: string[];
  password: string;
};

function realId(ctx: FuzzContext, hint: string) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ctx.idsFor(hint)) },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.ids) },
  );
}

export function nodeOf(schema: unknown): Node | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Node;
}

const OMIT = Symbol('omit');

function nest(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const controlString = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '\u0000',
        '\u0001',
        '\u0008',
        '\u000b',
        '\u001b[31m',
        '\u001f',
        '\u007f',
        '\t',
        '\n',
        '\r',
      ),
      fc.constantFrom('\u2028', '\ufeff', '\ud800', '\udfff', '\u{10ffff}'),
      fc.string({ maxLength: 4 }),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''));

export const hostileString = fc.oneof(
  controlString,
  fc.integer({ min: 1_000, max: 70_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom(
    '',
    ' ',
    "'; drop table users; --",
    '%',
    '%00',
    '\\',
    '"',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '🙂'.repeat(5000),
    '__proto__',
    'constructor',
    'NaN',
    '-1',
    '1e999',
    '0x10',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '2026-02-30T10:00',
    '+275760-09-13T00:00:00.000Z',
    '9999-12-31',
    '0000-01-01',
    '24:00',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

export const hugeNumber = fc.constantFrom(
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  5e-324,
  -0,
  0.5,
  -1,
);

const pollutingObject = fc
  .constantFrom(
    '{"__proto__":{"isAdmin":true,"role":"admin"}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"prototype":{"polluted":true},"toString":"x","hasOwnProperty":1,"valueOf":null}',
  )
  .map((json) => JSON.parse(json) as unknown);

const deepValue = fc
  .tuple(fc.integer({ min: 2, max: 80 }), fc.constantFrom('array' as const, 'object' as const))
  .map(([depth, kind]) => nest(depth, kind));

/** Anything at all: the wrong type for most fields. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  hugeNumber,
  hostileString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.tuple(fc.uuid(), fc.integer({ min: 201, max: 2_000 })).map(([id, n]) => Array(n).fill(id)),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
  deepValue,
  pollutingObject,
);

const variants = (node: Node) => node.anyOf ?? (node.allOf ? [{ ...node, allOf: undefined }] : [node]);
const ISO_DAY = /^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/;
/**
 * Days in the right format that are no day the API takes: months and days out of range, 30
 * February, the years 0000 and 9999 (each once made a 500 or rolled over silently).
 */
export const INVALID_DAYS = [
  '2026-13-45',
  '0000-00-00',
  '9999-12-31',
  '9999-99-99',
  '2026-02-30',
  '1899-12-31',
  '2025-02-29',
];
const isoDay = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2035-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10)),
  },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_DAYS) },
);
/** How a calendar day's schema shows in JSON Schema: the pattern of contract/common.ts `isoDate`. */
export const isDayNode = (node: Node | undefined) => !!node?.pattern && ISO_DAY.test(node.pattern);

function validString(node: Node, key: string, ctx: FuzzContext): fc.Arbitrary<unknown> {
  if (node.format === 'uuid') {
    return fc.oneof({ weight: 3, arbitrary: realId(ctx, key) }, { weight: 1, arbitrary: fc.uuid() });
  }
  if (node.format === 'date-time') {
    return fc
      .tuple(isoDay, fc.integer({ min: 0, max: 1439 }), fc.constantFrom('', ':30', 'Z', '+02:00', '-05:30'))
      .map(
        ([day, m, tail]) =>
          `${day}T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}${tail}`,
      );
  }
  if (node.pattern && ISO_DAY.test(node.pattern)) return isoDay;
  if (node.pattern?.includes('[01]\\d|2[0-3]')) return fc.stringMatching(/^([01]\d|2[0-3]):[0-5]\d$/);
  if (/email/i.test(key)) return fc.constantFrom(...ctx.emails, 'someone@example.com', 'NOBODY@Example.COM');
  if (/password/i.test(key)) return fc.constantFrom(ctx.password, 'Another1Pass', 'short');
  if (key === 'timeZone') return fc.constantFrom('Europe/Berlin', 'UTC', 'America/New_York', 'Mars/Olympus');
  const min = node.minLength ?? 0;
  const max = Math.max(min, Math.min(node.maxLength ?? 40, 40));
  return fc.lorem({ maxCount: 4 }).map((s) => s.padEnd(min, 'a').slice(0, max));
}

/** Values that satisfy the schema's shape (refinements aside). */
export function validValue(node: Node, key: string, ctx: FuzzContext): fc.Arbitrary<unknown> {
  if (node.anyOf || node.allOf) return fc.oneof(...variants(node).map((n) => validValue(n, key, ctx)));
  if (node.enum) return fc.constantFrom(...node.enum);
  if (node.const !== undefined) return fc.constant(node.const);
  const min = node.minimum ?? -1000;
  const max = node.maximum ?? 100_000;
  switch (node.type) {
    case 'string':
      return validString(node, key, ctx);
    case 'integer':
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    case 'number':
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(node.items ? validValue(node.items, key, ctx) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: node.minItems ?? 0,
        maxLength: Math.max(node.minItems ?? 0, Math.min(node.maxItems ?? 3, 3)),
      });
    case 'object':
      return objectOf(node, ctx, false);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A wrong value for the node: a hostile one of its own type, or anything else. */
export function badValue(node: Node, key: string, ctx: FuzzContext): fc.Arbitrary<unknown> {
  const type = variants(node)[0]?.type;
  if (type === 'string') {
    // A value that would pass but for a control character or broken Unicode spliced in.
    const spliced = fc
      .tuple(validValue(node, key, ctx).map(String), controlString, fc.nat())
      .map(
        ([value, bad, at]) =>
          value.slice(0, at % (value.length + 1)) + bad + value.slice(at % (value.length + 1)),
      );
    return fc.oneof(
      { weight: 3, arbitrary: spliced },
      { weight: 2, arbitrary: hostileString },
      { weight: 1, arbitrary: anyValue },
    );
  }
  if (type === 'number' || type === 'integer') {
    return fc.oneof(hugeNumber, fc.constantFrom('1', '', 'NaN', true, [1], { n: 1 }), anyValue);
  }
  return anyValue;
}

/** An object whose properties are each valid, hostile or missing, plus stray and polluting keys. */
/**
 * An object of the node's shape. Hostile ones either spoil one field of an otherwise valid object
 * (so the bad value is what reaches the service) or make each field valid, bad or missing; either
 * may carry stray and prototype-polluting keys.
 */
export function objectOf(node: Node, ctx: FuzzContext, hostile: boolean): fc.Arbitrary<unknown> {
  const properties = Object.entries(node.properties ?? {});
  const fields = (choose: (key: string, child: Node) => fc.Arbitrary<unknown>) =>
    fc.tuple(...properties.map(([key, child]) => fc.tuple(fc.constant(key), choose(key, child))));
  const valid = fields((key, child) =>
    node.required?.includes(key)
      ? validValue(child, key, ctx)
      : fc.oneof(validValue(child, key, ctx), fc.constant<unknown>(OMIT)),
  );
  const build = (pairs: [string, unknown][], extra: unknown) => {
    // JSON.parse keeps "__proto__" as an own key; spreading would not.
    const out = extra ? JSON.parse(JSON.stringify(extra)) : {};
    for (const [key, value] of pairs) if (value !== OMIT) out[key] = value;
    return out;
  };
  if (!hostile || properties.length === 0) return valid.map((pairs) => build(pairs, null));
  const oneSpoiled = fc
    .tuple(valid, fc.nat(properties.length - 1))
    .chain(([pairs, index]) =>
      badValue(properties[index][1], properties[index][0], ctx).map((bad) =>
        pairs.map(([key, value], i): [string, unknown] => [key, i === index ? bad : value]),
      ),
    );
  const mixed = fields((key, child) =>
    fc.oneof(
      { weight: 6, arbitrary: validValue(child, key, ctx) },
      { weight: 2, arbitrary: badValue(child, key, ctx) },
      { weight: 1, arbitrary: fc.constant<unknown>(OMIT) },
    ),
  );
  return fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: oneSpoiled }, { weight: 2, arbitrary: mixed }),
      fc.option(pollutingObject, { freq: 4 }),
    )
    .map(([pairs, extra]) => build(pairs, extra));
}

export type FuzzRoute = {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
};
export type FuzzRole = 'anonymous' | 'employee' | 'manager' | 'admin';
export type FuzzCase = { role: FuzzRole; url: string; payload?: string; contentType: string };

/** Every byte percent-encoded (encodeURIComponent throws on a lone surrogate). */
const percentEncode = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const badId = fc.oneof(
  hostileString.map(percentEncode),
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%ED%A0%80',
    '%FF',
    '..%2F..',
    '1',
    '-1',
    '00000000-0000-0000-0000-00000000000g',
  ),
);

/** A path parameter: a real id, a random UUID or garbage. */
function paramValue(ctx: FuzzContext, path: string) {
  return fc.oneof({ weight: 3, arbitrary: realId(ctx, path) }, fc.uuid(), {
    weight: 2,
    arbitrary: badId,
  });
}

/** key=value pairs of the query: each field valid, hostile, repeated or missing, plus stray keys. */
function queryString(node: Node | undefined, ctx: FuzzContext): fc.Arbitrary<string> {
  const fields = Object.entries(node?.properties ?? {}).map(([key, child]) =>
    fc
      .oneof(
        { weight: 3, arbitrary: validValue(child, key, ctx).map((v) => [v]) },
        { weight: 3, arbitrary: badValue(child, key, ctx).map((v) => [v]) },
        { weight: 1, arbitrary: fc.tuple(validValue(child, key, ctx), badValue(child, key, ctx)) },
        { weight: 2, arbitrary: fc.constant([]) },
      )
      .map((values) =>
        values.map((v) => `${key}=${percentEncode(typeof v === 'string' ? v : JSON.stringify(v))}`),
      ),
  );
  const stray = fc.constantFrom(
    [],
    ['__proto__=1'],
    ['constructor[prototype][x]=1'],
    ['limit[]=5'],
    ['%=%', 'a=%zz', 'b=%ED%A0%80'],
  );
  return fc.tuple(fc.tuple(...fields), stray).map(([parts, extra]) => [...parts.flat(), ...extra].join('&'));
}

/** The body as sent: JSON of a hostile or valid value, or text that is not JSON at all. */
function payload(node: Node | undefined, ctx: FuzzContext): fc.Arbitrary<string | undefined> {
  const json = node
    ? fc.oneof(
        { weight: 6, arbitrary: objectOf(node, ctx, true) },
        { weight: 3, arbitrary: validValue(node, '', ctx) },
        { weight: 2, arbitrary: anyValue },
      )
    : anyValue;
  return fc.oneof(
    { weight: 10, arbitrary: json.map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(undefined, '', '{"a":', '[1,2', 'null', '\u0000', '{"a":"\ud800"}'),
    },
    // JSON.parse itself gives up on nesting a few thousand levels deep
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 65, max: 10_000 }), fc.constantFrom('[', '{"a":'))
        .map(([depth, open]) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  );
}

/** One request against the route, as one of the roles or anonymously. */
export function routeCase(route: FuzzRoute, ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const params = fc.tuple(...paramNames.map(() => paramValue(ctx, route.url)));
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  return fc
    .record({
      role: fc.oneof(
        { weight: 1, arbitrary: fc.constant<FuzzRole>('anonymous') },
        { weight: 3, arbitrary: fc.constantFrom<FuzzRole>('employee', 'manager', 'admin') },
      ),
      params,
      query: fc.oneof(
        { weight: 1, arbitrary: fc.constant('') },
        { weight: 3, arbitrary: queryString(nodeOf(route.schema?.querystring), ctx) },
      ),
      payload: hasBody ? payload(nodeOf(route.schema?.body), ctx) : fc.constant(undefined),
      contentType: fc.oneof(
        { weight: 12, arbitrary: fc.constant('application/json') },
        fc.constantFrom(
          'text/plain',
          'application/json; charset=latin1',
          'application/x-www-form-urlencoded',
        ),
      ),
    })
    .map(({ role, params, query, payload, contentType }) => {
      let i = 0;
      const path = route.url.replace(/:(\w+)/g, () => params[i++] as string);
      return { role, url: query ? `${path}?${query}` : path, payload, contentType };
    });
}
