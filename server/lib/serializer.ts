import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/** JSON text that already is a response body (built by PostgreSQL), written out as it is. */
class PrebuiltJson {
  constructor(readonly text: string) {}
}

/**
 * Hands JSON text built elsewhere to the route as its response, typed as what the contract says it
 * holds: the serializer writes the text unchanged (and, outside production, checks it against the
 * contract like any other response). Only for values that go straight back to the client.
 */
export function prebuiltJson<T>(text: string): T {
  return new PrebuiltJson(text) as unknown as T;
}

/**
 * `anyOf: [X, {type: 'null'}]` (what zod writes for a nullable formatted string) becomes
 * `type: [X, 'null']`: fast-json-stringify picks an anyOf branch by validating the value on every
 * call, a plain nullable type it just writes. Patterns and formats only matter to validators.
 */
function forSerializing(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializing);
  if (!node || typeof node !== 'object') return node;
  const { pattern: _pattern, format: _format, ...rest } = node as JsonSchema;
  const anyOf = rest.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((s) => s.type !== 'null');
    if (other && anyOf.some((s) => s.type === 'null') && typeof other.type === 'string') {
      const { anyOf: _anyOf, ...outer } = rest;
      return forSerializing({ ...outer, ...other, type: [other.type, 'null'] });
    }
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, forSerializing(value)]));
}

/**
 * Writes each route's response with a function compiled once from its zod schema (fast-json-stringify):
 * only the properties the contract declares are written, so nothing else a service returns can leak.
 * Outside production every response is also checked against the zod schema first, so a service that
 * drifts from the contract fails its tests; production skips that second pass (docs/decisions/008).
 */
export function responseSerializer(checkAgainstContract: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const stringify = fastJson(
      forSerializing(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as object,
    );
    if (!checkAgainstContract) return (data) => (data instanceof PrebuiltJson ? data.text : stringify(data));
    return (data) => {
      const value = data instanceof PrebuiltJson ? JSON.parse(data.text) : data;
      const checked = z.safeEncode(schema, value);
      if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
      return data instanceof PrebuiltJson ? data.text : stringify(data);
    };
  };
}
