import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@contract/endpoint';
import { DOCS_PAGE } from '../../lib/openapi';
import { createTestApp, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Document = { openapi: string; paths: Record<string, Record<string, { tags?: string[] }>> };
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Every endpoint group the contract exports (`export const xApi = endpoints(...)`). */
function contractEndpoints(): Endpoint[] {
  const modules = import.meta.glob<Record<string, unknown>>(['../../../contract/*.ts', '!**/*.test.ts'], {
    eager: true,
  });
  const found: Endpoint[] = [];
  for (const module of Object.values(modules)) {
    for (const [name, value] of Object.entries(module)) {
      if (!name.endsWith('Api') || !value || typeof value !== 'object') continue;
      found.push(...(Object.values(value) as Endpoint[]));
    }
  }
  return found;
}

describe('OpenAPI document', () => {
  let doc: Document;
  beforeAll(async () => {
    const res = await t.anonymous.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    doc = res.json();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, JSON.stringify(result.valid ? [] : result.errors)).toBe(true);
  });

  it('documents every registered /api route', () => {
    const missing: string[] = [];
    for (const route of t.app.registeredRoutes) {
      const methods = [route.method].flat().filter((m) => m !== 'HEAD');
      if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PAGE)) continue;
      if (route.url === '/api/openapi.json') continue;
      for (const method of methods) {
        if (!doc.paths[openApiPath(route.url)]?.[method.toLowerCase()])
          missing.push(`${method} ${route.url}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('registers every endpoint the contract describes, under its tag', () => {
    const endpoints = contractEndpoints();
    expect(endpoints.length).toBeGreaterThan(40);
    const missing = endpoints.filter(
      (e) => !doc.paths[e.path]?.[e.method.toLowerCase()]?.tags?.includes(e.tag),
    );
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('describes refusals and downloads', () => {
    const review = doc.paths['/api/tasks/{id}/review'].patch as unknown as {
      responses: Record<string, { content?: Record<string, unknown> }>;
      security: unknown[];
    };
    expect(Object.keys(review.responses)).toEqual(expect.arrayContaining(['200', 'default']));
    expect(review.security).toEqual([{ session: [] }, { bearer: [] }]);
    const csv = doc.paths['/api/time-entries/export'].get as unknown as {
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(Object.keys(csv.responses['200'].content)).toEqual(['text/csv; charset=utf-8']);
  });

  it('serves a readable page at /api/docs that loads only its own scripts', async () => {
    const res = await t.anonymous.get(`${DOCS_PAGE}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toMatch(/<script>[^<]/);
    expect(res.body).toMatch(/<script src="\.\/static\/swagger-ui-bundle\.js"/);
    const json = await t.anonymous.get(`${DOCS_PAGE}/json`);
    expect(json.json().openapi).toBe('3.1.0');
  });
});
