import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamsApi } from '@contract/teams';
import { tasksApi } from '@contract/tasks';
import { platformApi } from '@contract/platform';
import { adminApi } from '@contract/admin';
import { createTestApp, type TestContext } from '../../test/harness';
import { until } from '../../test/until';
import { createLiveHub, type LiveClient } from '../../core/live';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const scrape = (token = TOKEN) => t.anonymous.get('/metrics', { authorization: `Bearer ${token}` });

/** The value of one sample line, e.g. `sample(text, 'workbench_outbox_queue_depth')`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('refuses callers without the token, or with another one', async () => {
    const none = await t.anonymous.get('/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect((await scrape('not-the-token-at-all-000000000')).statusCode).toBe(401);
    expect((await t.anonymous.get('/metrics', { authorization: TOKEN })).statusCode).toBe(401);
    // A signed-in admin's session is not the metrics token either.
    const { api } = await t.userClient('admin');
    expect((await api.get('/metrics')).statusCode).toBe(401);
  });

  it('does not exist without METRICS_TOKEN (404, not the web client)', async () => {
    const off = await createTestApp();
    try {
      const res = await off.anonymous.get('/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Not found' });
    } finally {
      await off.close();
    }
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const { api } = await t.userClient('employee');
    const task = (await api.call(tasksApi.create, { body: { title: 'Measured' } })).json();
    expect(
      (await api.call(tasksApi.update, { params: { id: task.id }, body: { status: 'in_progress' } }))
        .statusCode,
    ).toBe(200);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await api.call(tasksApi.update, { params: { id: missing }, body: { status: 'in_progress' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.anonymous.get('/api/no-such-route/abc')).statusCode).toBe(404);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toContain('# TYPE workbench_http_requests_total counter');
    expect(text).toContain('# TYPE workbench_http_request_duration_seconds histogram');
    expect(
      sample(text, 'workbench_http_requests_total{method="PATCH",route="/api/tasks/:id",status="200"}'),
    ).toBe(1);
    expect(
      sample(text, 'workbench_http_requests_total{method="PATCH",route="/api/tasks/:id",status="404"}'),
    ).toBe(1);
    expect(sample(text, 'workbench_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(
      1,
    );
    expect(
      sample(
        text,
        'workbench_http_request_duration_seconds_count{method="POST",route="/api/tasks",status="201"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(task.id);
    expect(text).not.toContain(missing);
    expect(text).not.toContain('no-such-route');
  });

  it('counts 5xx answers as errors of their route', async () => {
    const { api } = await t.userClient('employee');
    await t.app.deps.events.stop(); // readiness answers 503 while live events are down
    try {
      expect((await api.call(platformApi.ready)).statusCode).toBe(503);
    } finally {
      await t.app.deps.events.start();
    }
    const text = (await scrape()).body;
    expect(sample(text, 'workbench_http_server_errors_total{method="GET",route="/api/health/ready"}')).toBe(
      1,
    );
  });

  it('reports query times, the pool, the outbox queue, sockets, fan-out lag and the process', async () => {
    // One queued e-mail: an invitation.
    const { api: admin } = await t.userClient('admin');
    expect(
      (await admin.call(adminApi.invite, { body: { email: 'queued@example.com', role: 'employee' } }))
        .statusCode,
    ).toBe(201);

    // A socket on a hub that reports to this app's metrics, and an event fanned out to it.
    const user = await t.createUser();
    const socket = Object.assign(new EventEmitter(), {
      OPEN: 1,
      readyState: 1,
      sent: [] as string[],
      send(frame: string) {
        this.sent.push(frame);
      },
      ping() {},
      close() {},
    });
    const hub = createLiveHub({
      db: t.db,
      events: t.app.deps.events,
      clock: t.clock,
      metrics: t.app.deps.metrics,
    });
    try {
      hub.add({
        socket: socket as unknown as LiveClient['socket'],
        userId: user.id,
        userName: 'x',
        sessionToken: '',
        alive: true,
        lastTypingAt: 0,
      });
      await t.app.deps.events.publish({ type: 'notifications.changed', userIds: [user.id] });
      await until(() => socket.sent.some((f) => f.includes('notifications.changed')), 'the pushed event');

      const text = (await scrape()).body;
      expect(sample(text, 'workbench_db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
      expect(sample(text, 'workbench_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'workbench_outbox_queue_depth')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'workbench_websocket_connections')).toBe(1);
      expect(sample(text, 'workbench_event_fanout_lag_seconds_count')).toBe(1);
      expect(sample(text, 'workbench_event_fanout_lag_seconds_sum')).toBeLessThan(5);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
    } finally {
      hub.stop();
    }
  });
});

describe('request ids', () => {
  it('returns a generated id in X-Request-Id, or the caller’s when it is short and plain', async () => {
    const a = await t.anonymous.call(platformApi.health);
    const b = await t.anonymous.call(platformApi.health);
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);

    const mine = await t.anonymous.call(platformApi.health, { headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(mine.headers['x-request-id']).toBe('lb-7f3a.42:1');
    // Too long, or with characters that could forge log lines: replaced.
    for (const bad of ['x'.repeat(65), 'a b', 'id\u2028forged', '"quoted"']) {
      const res = await t.anonymous.call(platformApi.health, { headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Errors and unknown routes carry it too.
    expect((await t.anonymous.get('/api/nope')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the id on every log line of the request, the services’ own lines included', async () => {
    const lines: Record<string, unknown>[] = [];
    const logged = await createTestApp({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    try {
      const { api } = await logged.userClient('admin');
      const res = await api.call(teamsApi.create, {
        body: { name: 'Logged team' },
        headers: { 'x-request-id': 'trace-team-1' },
      });
      expect(res.statusCode).toBe(201);
      const mine = lines.filter((l) => l.reqId === 'trace-team-1');
      expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'team created', 'request completed']);
      // No line of the app's requests goes without an id.
      const requestLines = lines.filter((l) => 'req' in l || 'res' in l || l.msg === 'team created');
      expect(requestLines.length).toBeGreaterThanOrEqual(3);
      for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
    } finally {
      await logged.close();
    }
  });
});
