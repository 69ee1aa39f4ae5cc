import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/types';
import type { AppDeps } from './deps';
import { createLiveHub } from './core/live';
import { registerFeatures } from './features';
import { makeGuard } from './lib/auth';
import { type Clock, systemClock } from './lib/clock';
import { refuseCrossSiteWrites } from './lib/cross-site';
import { AppError, errorHandler, errorReply } from './lib/errors';
import { createEventBus } from './lib/events';
import { parseJsonBody } from './lib/json-body';
import { withRedaction } from './lib/logging';
import { createMailer, type Mailer, queuedMailCount } from './lib/mailer';
import {
  collectAppMetrics,
  createMetrics,
  observeRequests,
  registerMetricsRoute,
  requestId,
} from './lib/metrics';
import { registerOpenApi } from './lib/openapi';
import { securityHeaders } from './lib/security-headers';
import { serverSecret } from './lib/server-secret';
import { ensureTimeOffDefaults } from './features/time-off/defaults';
import { responseSerializer } from './lib/serializer';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    registeredRoutes: RouteOptions[];
  }
}

export type App = FastifyInstance;

export type BuildOptions = {
  database: Database;
  config: Config;
  clock?: Clock;
  mailer?: Mailer;
  logger?: boolean | object | FastifyBaseLogger;
  /** where the built client lives; tests point it elsewhere */
  webDist?: string;
};

const defaultWebDist = fileURLToPath(new URL('../dist/web', import.meta.url));
export const BODY_LIMIT = 64 * 1024;
export const SHUTTING_DOWN = 'shutting_down';
const appVersion: string = JSON.parse(
  readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'),
).version;

export async function buildApp(options: BuildOptions): Promise<App> {
  const { database, config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    // Secrets, statement parameters and e-mail addresses never reach the log (lib/logging.ts).
    logger: withRedaction((options.logger ?? { level: config.LOG_LEVEL }) as FastifyServerOptions['logger']),
    // The router's own refusals (a path parameter over 100 characters: 414; a malformed URL: 400)
    // and requests that arrive while the server closes get the one error shape too.
    frameworkErrors: errorHandler,
    return503OnClosing: false,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    // Every log line of a request carries its id as `reqId`; X-Request-Id returns it (metrics.ts).
    requestIdHeader: false,
    genReqId: (request) => requestId(request, randomUUID),
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  const metrics = createMetrics();
  observeRequests(app, metrics);
  const stopTimingQueries = database.onQueryTime((seconds, ok) =>
    metrics.queryDuration.observe({ outcome: ok ? 'ok' : 'error' }, seconds),
  );
  if (config.METRICS_TOKEN) collectAppMetrics(metrics, database, () => queuedMailCount(database.db));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(!config.isProduction));
  app.setErrorHandler(errorHandler);
  // A request that arrives while the server closes: 503 in the one error shape, not Fastify's own.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new AppError(503, SHUTTING_DOWN);
  });
  // Every route as registered, for the OpenAPI completeness check and the input fuzz test.
  const registeredRoutes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    registeredRoutes.push(route);
  });
  app.decorate('registeredRoutes', registeredRoutes);
  // The client sends a JSON content type on every call (docs/product/client-behaviour.md#http-client), also on POSTs without a body
  // (logout, clock-in, activate); an empty JSON body therefore means "no body", not malformed JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(typeof body === 'string' ? body : body.toString('utf8')));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  // The time-off rules and leave types every organisation starts with (docs/product/time-off.md#types).
  await ensureTimeOffDefaults(database.db);
  const events = createEventBus(database, app.log);
  const live = createLiveHub({ db: database.db, events, clock, metrics });
  const deps: AppDeps = {
    database,
    db: database.db,
    config,
    clock,
    mailer:
      options.mailer ??
      createMailer(database.db, {
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        clock,
        onError: (err, mail) => app.log.warn({ err, mail }, 'e-mail not sent; it stays queued'),
      }),
    events,
    live,
    guard: makeGuard({ db: database.db, clock }),
    secret: await serverSecret(database.db, config.WORKBENCH_SECRET),
    metrics,
  };
  app.decorate('deps', deps);
  app.decorateRequest('user', null);

  app.addHook('onRequest', securityHeaders());
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: BODY_LIMIT } });
  app.addHook('onRequest', refuseCrossSiteWrites);

  registerMetricsRoute(app, metrics, config.METRICS_TOKEN);
  const api = app.withTypeProvider<ZodTypeProvider>();
  await registerOpenApi(api, appVersion);
  await app.register(async (scope) => registerFeatures(scope.withTypeProvider<ZodTypeProvider>(), deps));

  registerClient(app, options.webDist ?? defaultWebDist);
  app.addHook('onClose', async () => {
    live.stop();
    stopTimingQueries();
    await deps.mailer.stop();
    await events.stop();
  });
  await events.start();
  deps.mailer.start();
  return app;
}

/** Hashed assets get a year of caching; every other non-API GET answers with the app shell. */
function registerClient(app: FastifyInstance, webDist: string) {
  const indexPath = `${webDist}/index.html`;
  const built = existsSync(indexPath);
  if (built) {
    app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(res, path) {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }
  const shell = built
    ? readFileSync(indexPath, 'utf8')
    : '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Workbench</title></head><body><p>The web client is not built yet: run <code>npm run build</code>.</p></body></html>';
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send(errorReply(request, 'not_found'));
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell);
  });
}
