import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/types';
import { errorReply } from './errors';

/** The label of requests that matched no route (unknown paths, the web client's app shell). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The app's Prometheus metrics (docs/decisions/021-operations.md). Each app has its own registry:
 * tests build many apps in one process, and prom-client's global registry would mix them.
 */
export function createMetrics() {
  const registry = new Registry();
  const requestLabels = ['method', 'route', 'status'] as const;
  const metrics = {
    registry,
    requests: new Counter({
      name: 'workbench_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: requestLabels,
      registers: [registry],
    }),
    requestDuration: new Histogram({
      name: 'workbench_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its response, by method, route pattern and status',
      labelNames: requestLabels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    serverErrors: new Counter({
      name: 'workbench_http_server_errors_total',
      help: 'Requests answered with a 5xx status, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      registers: [registry],
    }),
    queryDuration: new Histogram({
      name: 'workbench_db_query_duration_seconds',
      help: 'Time each database query took, from sending it to its result (PGlite: including waiting for its single connection)',
      labelNames: ['outcome'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [registry],
    }),
    fanOutLag: new Histogram({
      name: 'workbench_event_fanout_lag_seconds',
      help: 'Time from publishing a live event (NOTIFY) to pushing it to the last of its local WebSockets',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    /** Whoever holds WebSockets on this instance (the chat hub) and how many. */
    socketHolders: new Set<{ readonly socketCount: number }>(),
  };
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** A gauge whose value is read when Prometheus scrapes, not kept up to date. */
function gaugeOnScrape(
  registry: Registry,
  name: string,
  help: string,
  read: (set: (value: number, labels?: Record<string, string>) => void) => Promise<void> | void,
  labelNames: string[] = [],
) {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      await read((value, labels) => (labels ? this.set(labels, value) : this.set(value)));
    },
  });
}

/**
 * Everything measured from outside the request path: the pool, the outbox, the sockets (the chat
 * hub reports its own count), and Node's process figures.
 */
export function collectAppMetrics(metrics: Metrics, database: Database, outboxDepth: () => Promise<number>) {
  const { registry } = metrics;
  collectDefaultMetrics({ register: registry });
  gaugeOnScrape(
    registry,
    'workbench_db_pool_connections',
    'Database connections of this instance: total open, idle, and callers waiting for one (PGlite: one connection)',
    (set) => {
      const pool = database.poolStats();
      set(pool.total, { state: 'total' });
      set(pool.idle, { state: 'idle' });
      set(pool.waiting, { state: 'waiting' });
    },
    ['state'],
  );
  gaugeOnScrape(
    registry,
    'workbench_outbox_queue_depth',
    'E-mails queued and not yet sent or given up',
    async (set) => set(await outboxDepth()),
  );
  gaugeOnScrape(
    registry,
    'workbench_websocket_connections',
    'Live WebSocket connections on this instance',
    (set) => {
      let count = 0;
      for (const holder of metrics.socketHolders) count += holder.socketCount;
      set(count);
    },
  );
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics in Prometheus' text format, for a bearer of METRICS_TOKEN only; without the variable
 * the endpoint does not exist (404), so nothing about the instance leaks by default.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  app.get('/metrics', { logLevel: 'warn' }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!expected) return reply.status(404).send(errorReply(request, 'not_found'));
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorReply(request, 'metrics_token_required'));
    }
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
}

/** Counts and times every response by its route pattern (never the raw URL: ids would explode the series). */
export function observeRequests(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.requests.inc(labels);
    metrics.requestDuration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) metrics.serverErrors.inc({ method: request.method, route });
    done();
  });
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request's id: a caller's (a proxy's) X-Request-Id when it is short and plain, so one id
 * follows a request through every hop; otherwise a new one. Every log line of the request carries
 * it as `reqId`, and the response returns it in X-Request-Id.
 */
export function requestId(
  request: { headers: Record<string, string | string[] | undefined> },
  next: () => string,
) {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : next();
}
