import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PAGE } from '../../lib/openapi';
import { createTestApp, type TestContext } from '../../test/harness';
import { contractEndpoints } from '../../test/contract-endpoints';
import { checkAgainstDocument } from '../../test/openapi-check';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { tags?: string[]; operationId?: string }>>;
};
const root = fileURLToPath(new URL('../../../', import.meta.url));
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

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

  it("passes Redocly's recommended rules without an error or a warning (redocly.yaml)", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const lint = await promisify(execFile)(
        join(root, 'node_modules/.bin/redocly'),
        ['lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'json', '--max-problems', '50'],
        { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(lint.stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('names every operation once, after its contract group and name', () => {
    const ids = Object.values(doc.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const endpoint of contractEndpoints()) {
      expect(doc.paths[endpoint.path][endpoint.method.toLowerCase()].operationId).toBe(endpoint.operationId);
    }
    expect(doc.paths['/api/time-entries/export'].get.operationId).toBe('timeEntries_export');
    expect(doc.paths['/api/tasks'].post.operationId).toBe('tasks_create');
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
      responses: Record<string, { content?: Record<string, unknown>; $ref?: string }>;
      security: unknown[];
    };
    // Derived from the description: guarded (401, 403, 429), a path id (404, 414), a write with a
    // body (400, 413, 415), and what every call can meet (500, 503); declared: the state refusal 409.
    expect(Object.keys(review.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '414',
      '415',
      '429',
      '500',
      '503',
    ]);
    expect(review.responses['429'].$ref).toBe('#/components/responses/TooManyRequests');
    expect(review.security).toEqual([{ session: [] }, { bearer: [] }]);
    const csv = doc.paths['/api/time-entries/export'].get as unknown as {
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(Object.keys(csv.responses['200'].content)).toEqual(['text/csv; charset=utf-8']);
    const download = (path: string) =>
      (
        doc.paths[path].get as unknown as {
          responses: { 200: { content: Record<string, { schema?: object }> } };
        }
      ).responses[200].content;
    // A JSON download has its schema; a chat file is one of the types the server accepts.
    expect(download('/api/admin/users/{id}/export')['application/json; charset=utf-8'].schema).toMatchObject({
      type: 'object',
    });
    expect(Object.keys(download('/api/chat/{id}/attachments/{attachmentId}'))).toEqual(
      expect.arrayContaining(['image/png', 'application/pdf', 'text/plain; charset=utf-8']),
    );
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

describe('the response check of the API tests (server/test/openapi-check.ts)', () => {
  const answer = (statusCode: number, body: string, contentType = 'application/json; charset=utf-8') =>
    ({ statusCode, body, headers: { 'content-type': contentType } }) as never;
  const check = (method: string, url: string, response: never) => () =>
    checkAgainstDocument(t.app, { method: method as 'GET', url }, response);

  it('passes what the document declares', () => {
    expect(
      check(
        'POST',
        '/api/simple-login',
        answer(429, '{"code":"too_many","message":"Too many","retryAfter":3}'),
      ),
    ).not.toThrow();
    expect(check('DELETE', `/api/tasks/${crypto.randomUUID()}`, answer(204, '', ''))).not.toThrow();
    expect(
      check('GET', '/api/time-entries/export?from=2026-01-01', answer(200, 'a,b', 'text/csv; charset=utf-8')),
    ).not.toThrow();
    // Not an operation: the web client's pages and unknown paths are not held to it.
    expect(check('GET', '/api/nope', answer(404, '{"message":"Not found"}'))).not.toThrow();
  });

  it('fails on a status, a body or a content type the document does not declare', () => {
    expect(check('GET', '/api/health', answer(404, '{"message":"Not found"}'))).toThrow(/does not declare/);
    expect(
      check('POST', '/api/simple-login', answer(429, '{"code":"too_many","message":"Too many"}')),
    ).toThrow(/retryAfter/);
    expect(check('GET', '/api/health', answer(200, '{"status":"ok","extra":1}'))).toThrow(/does not allow/);
    expect(
      check('GET', `/api/projects/${crypto.randomUUID()}`, answer(404, '{"error":"Not Found"}')),
    ).toThrow(/does not allow/);
    expect(check('GET', '/api/time-entries/export', answer(200, '[]'))).toThrow(/application\/json/);
    expect(check('DELETE', `/api/tasks/${crypto.randomUUID()}`, answer(204, '{}'))).toThrow(/without one/);
  });
});
