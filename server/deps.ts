import type { Config } from './config';
import type { Database, Db } from './db/types';
import type { Guard } from './lib/auth';
import type { Clock } from './lib/clock';
import type { LiveHub } from './core/live';
import type { EventBus } from './lib/events';
import type { Mailer } from './lib/mailer';
import type { Metrics } from './lib/metrics';

/**
 * The app's shared parts, built once by buildApp. Routes turn them into a per-request Context
 * (server/lib/context.ts), which is what services take. Kept apart from app.ts so that feature
 * modules can name these types without importing the app that imports them.
 */
export type AppDeps = {
  database: Database;
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  events: EventBus;
  /** this instance's live sockets (server/core/live.ts) */
  live: LiveHub;
  guard: Guard;
  /** the server's HMAC key (server/lib/server-secret.ts) */
  secret: string;
  /** this app's Prometheus metrics (server/lib/metrics.ts) */
  metrics: Metrics;
};

export type { ZodApp } from './lib/routes';
