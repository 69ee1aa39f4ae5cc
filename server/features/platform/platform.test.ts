import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformApi } from '@contract/platform';
import { z } from 'zod';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestApp, openTestDatabase, type TestContext } from '../../test/harness';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from '../../../e2e/routes';

let t: TestContext;
const webDist = mkdtempSync(join(tmpdir(), 'wb-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Workbench</title></head><body></body></html>',
);
writeFileSync(join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
writeFileSync(join(webDist, 'assets', 'main-abc123.js.gz'), gzipSync('console.log(1)'));

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers health once migrations have run', async () => {
    const res = await t.anonymous.call(platformApi.health);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers readiness 200 while the database answers and live events flow, 503 otherwise', async () => {
    const ready = await t.anonymous.call(platformApi.ready);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
    expect(ready.headers['cache-control']).toBe('no-store');
    // Live events not flowing (as while the LISTEN connection reconnects) makes the instance unready.
    await t.app.deps.events.stop();
    try {
      const unready = await t.anonymous.call(platformApi.ready);
      expect(unready.statusCode).toBe(503);
      expect(unready.json()).toEqual({
        status: 'unavailable',
        message: 'Live events have lost their database connection and are reconnecting',
      });
      expect((await t.anonymous.call(platformApi.health)).statusCode).toBe(200);
    } finally {
      await t.app.deps.events.start();
    }
    expect((await t.anonymous.call(platformApi.ready)).statusCode).toBe(200);
  });

  it('has migrated every table', async () => {
    const { rows } = (await t.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as { rows: { tablename: string }[] };
    const names = rows.map((r) => r.tablename);
    for (const table of [
      'users',
      'sessions',
      'tasks',
      'projects',
      'time_entries',
      'attendance_records',
      'messages',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('sends security headers: CSP without inline scripts, nosniff, no framing', async () => {
    const res = await t.anonymous.call(platformApi.health);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends the same security headers on errors and unknown routes', async () => {
    const res = await t.anonymous.get('/api/no-such-route');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends HSTS and upgrade-insecure-requests over HTTPS only, which plain HTTP would not survive', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', TRUST_PROXY: 'true' } });
    try {
      const https = await prod.anonymous.call(platformApi.health, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(https.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      const http = await prod.anonymous.call(platformApi.health);
      expect(http.headers['strict-transport-security']).toBeUndefined();
      expect(http.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      // everything else is the same for both
      const rest = (h: Record<string, unknown>) => {
        const {
          'strict-transport-security': _hsts,
          'content-security-policy': csp,
          date: _d,
          'x-request-id': _id,
          ...others
        } = h;
        return { ...others, csp: String(csp).replace(/;?upgrade-insecure-requests/, '') };
      };
      expect(rest(http.headers)).toEqual(rest(https.headers));
    } finally {
      await prod.close();
    }
    // Without TRUST_PROXY the header is anyone's to send, and ignored.
    const spoofed = await t.anonymous.call(platformApi.health, { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses JSON bodies over 64 KiB with 413', async () => {
    const res = await t.anonymous.post('/api/anything', { blob: 'x'.repeat(70 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/i);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'malformed_json', message: 'Malformed JSON in request body' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const res of [await t.anonymous.get('/api/nope'), await t.anonymous.delete('/api/nope/1')]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ code: 'not_found', message: 'Not found' });
    }
  });

  it('refuses cookie-authenticated writes from another site', async () => {
    const crossSite = await t.anonymous.post('/api/anything', {}, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const foreign = await t.anonymous.post('/api/anything', {}, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Cross-site request refused');
    const sameSite = await t.anonymous.post(
      '/api/anything',
      {},
      { origin: 'http://localhost:3000', host: 'localhost:3000' },
    );
    expect(sameSite.statusCode).toBe(404);
    const reads = await t.anonymous.call(platformApi.health, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(reads.statusCode).toBe(200);
  });

  it('serves the app shell for every client route', async () => {
    const routes = [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES, '/no/such/page'];
    for (const route of routes) {
      const res = await t.anonymous.get(route);
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Workbench</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with long cache headers', async () => {
    const res = await t.anonymous.get('/assets/main-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the pre-compressed asset to browsers that accept gzip', async () => {
    const res = await t.anonymous.get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe('console.log(1)');
  });
});

describe('validation errors', () => {
  it('become 400 {message, fieldErrors} with the schema messages, never 500', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ database, config: loadConfig({ NODE_ENV: 'test' }), logger: false });
    const body = z.object({ name: z.string().trim().min(1, 'Project name is required'), size: z.number() });
    app.post('/api/_probe', { schema: { body } }, async () => ({ ok: true }));
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/_probe',
      payload: { name: ' ', size: 'big' },
    });
    expect(wrong.statusCode).toBe(400);
    const json = wrong.json();
    expect(json.message).toBe('Project name is required');
    expect(json.fieldErrors.name).toEqual(['Project name is required']);
    expect(json.fieldErrors.size).toHaveLength(1);
    const notObject = await app.inject({
      method: 'POST',
      url: '/api/_probe',
      payload: '[1]',
      headers: { 'content-type': 'application/json' },
    });
    expect(notObject.statusCode).toBe(400);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/_probe',
      payload: { name: 'x', size: 1, extra: true },
    });
    expect(ok.statusCode).toBe(200);
    await app.close();
    await database.close();
  });
});
