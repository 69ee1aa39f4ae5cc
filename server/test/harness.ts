import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { Role } from '@contract/auth';
import type { ErrorBody } from '@contract/common';
import { type Endpoint, fillPath, type RequestOf, type ResponseOf } from '@contract/endpoint';
import { type App, type BuildOptions, buildApp } from '../app';
import { loadConfig } from '../config';
import { type DatabaseOptions, openDatabase } from '../db/client';
import type { Database } from '../db/types';
import { outbox, users } from '../db/schema';
import { createSession, SESSION_COOKIE } from '../lib/auth';
import { type Clock, systemClock } from '../lib/clock';
import { createMailer, type DispatchOptions } from '../lib/mailer';
import { hashPassword } from '../lib/password';
import { withDatabase } from './global-setup';
import { logStream, rememberSecret, rememberSecretsOf } from './log-scan';
import { checkAgainstDocument } from './openapi-check';

export const TEST_PASSWORD = 'Password1';
/** A well-formed id that no row has: for the 404 of an unknown id. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';
let passwordHash: Promise<string> | undefined;

/** This worker's own PostgreSQL database (TEST_DATABASE_URL only). */
export function testDatabaseName(): string {
  return `${inject('testDbPrefix')}_${process.env.VITEST_POOL_ID ?? '1'}`;
}

let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated database: in-memory PGlite (loaded from the run's migrated template,
 * server/test/global-setup.ts), or this worker's PostgreSQL database emptied.
 */
export async function openTestDatabase(options: Pick<DatabaseOptions, 'reconnect'> = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    return openDatabase({ pgliteTemplate });
  }
  const database = await openDatabase({
    url: withDatabase(url, testDatabaseName()),
    poolSize: 4,
    reconnect: options.reconnect,
  });
  const { rows } = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as {
    rows: { tablename: string }[];
  };
  // The server's secret outlives the data, as it does in production: apps built later in the same
  // worker share it with those still running.
  const names = rows.filter((r) => r.tablename !== 'server_secrets').map((r) => `"${r.tablename}"`);
  if (names.length)
    await database.db.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`));
  return database;
}

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;
/** A signed-in (or anonymous) caller of the test app: `t.anonymous`, `(await t.userClient()).api`. */
export type TestApi = TestContext['anonymous'];
/** A user with a session, from `t.userClient(role)`. */
export type TestClient = Awaited<ReturnType<TestContext['userClient']>>;

rememberSecret(TEST_PASSWORD);

/**
 * Every test app logs everything into the log scan's buffer (server/test/log-scan.ts), and into the
 * test's own stream at the test's level when it reads the log itself.
 */
function testLogger(own: BuildOptions['logger']): BuildOptions['logger'] {
  if (own && typeof own === 'object' && 'stream' in own) {
    return { ...own, stream: logStream(own.stream as { write: (line: string) => unknown }) };
  }
  return { level: 'trace', stream: logStream() };
}

/**
 * Each response through `inject` is held to the OpenAPI document (server/test/openapi-check.ts), and
 * the secrets it carried are remembered for the log scan. The chained form (`inject()` without
 * options) and the callback form pass unchecked.
 */
function checkEveryResponse(app: App) {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  app.inject = ((options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined || callback !== undefined) return inject(options, callback);
    return (inject(options) as Promise<LightMyRequestResponse>).then((response) => {
      rememberSecretsOf(options, response);
      checkAgainstDocument(app, options, response);
      checkErrorCode(options, response);
      return response;
    });
  }) as App['inject'];
}

/**
 * Every refusal carries a stable `code` (a key of locales/<language>/errors.json) beside its
 * `message` (docs/product/api-conventions.md#errors): a JSON answer of status 400 or more without
 * them fails the test that got it.
 */
function checkErrorCode(options: InjectOptions | string, response: LightMyRequestResponse) {
  if (response.statusCode < 400 || !/[/+]json\b/.test(String(response.headers['content-type'] ?? ''))) return;
  const url = typeof options === 'string' ? options : (options.url ?? options.path ?? '');
  // Readiness is a probe's answer for operators (`{status: 'unavailable', message}`), not a refusal.
  if (String(url).startsWith('/api/health/ready')) return;
  const body = JSON.parse(response.body) as Partial<ErrorBody>;
  if (typeof body?.code === 'string' && body.code !== '' && typeof body.message === 'string') return;
  const what = typeof options === 'string' ? options : `${options.method ?? 'GET'} ${options.url}`;
  throw new Error(`${what} answered ${response.statusCode} without a code and a message: ${response.body}`);
}

/** The codes mailed so far: tests that read them from the outbox never pass them through `inject` first. */
async function rememberMailedCodes(db: Database['db']) {
  try {
    const rows = await db.select({ data: outbox.data }).from(outbox);
    for (const row of rows) rememberSecret(row.data?.code);
  } catch {
    // the test ended the database itself
  }
}

/** The real app on a real database, driven through `inject`. */
export async function createTestApp(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    /** pino options, e.g. `{ level: 'error', stream }` to see what the app logs (the log scan sees it too) */
    logger?: BuildOptions['logger'];
    /** the mail dispatcher's timing (tests with an SMTP server want retries in milliseconds) */
    mail?: Partial<DispatchOptions>;
    /** also serve it on a free port of 127.0.0.1, at `base`, for sockets and plain requests */
    listen?: boolean;
  } & Pick<DatabaseOptions, 'reconnect'> = {},
) {
  const database = await openTestDatabase(options);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({
    database,
    config,
    clock: options.clock ?? systemClock,
    mailer: options.mail
      ? createMailer(database.db, {
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          clock: options.clock ?? systemClock,
          ...options.mail,
        })
      : undefined,
    logger: testLogger(options.logger),
    webDist: options.env?.WEB_DIST,
  });
  await app.ready();
  checkEveryResponse(app);
  const base = options.listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : undefined;
  const db = database.db;
  const clock = options.clock ?? systemClock;
  let counter = 0;

  /** Inserts an approved, verified user of the role (password TEST_PASSWORD). */
  async function createUser(role: Role = 'employee', fields: Partial<typeof users.$inferInsert> = {}) {
    counter += 1;
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const [user] = await db
      .insert(users)
      .values({
        email: `${role}${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`,
        passwordHash: await passwordHash,
        firstName: role === 'admin' ? 'Ada' : role === 'manager' ? 'Maria' : 'Evan',
        lastName: `Tester${String.fromCharCode(65 + (counter % 26))}`,
        role,
        approvalStatus: 'approved',
        emailVerified: true,
        ...fields,
      })
      .returning();
    return user;
  }

  /** A signed-in client for the user: `as(user).get('/api/…')`. */
  async function signIn(user: { id: string }) {
    const token = await createSession(db, user.id, clock);
    return client(`${SESSION_COOKIE}=${token}`);
  }

  function client(cookie?: string) {
    const call = (
      method: InjectOptions['method'],
      url: string,
      payload?: unknown,
      headers: Record<string, string> = {},
    ) =>
      app.inject({
        method,
        url,
        payload: payload as InjectOptions['payload'],
        headers: { ...(cookie ? { cookie } : {}), ...headers },
      });
    /**
     * The typed call (docs/architecture.md "Tests"): `api.call(tasksApi.create, { body })`. The URL,
     * method and the response's type come from the contract's description, so a changed path or
     * shape fails to compile. `json()` is the endpoint's success body, with the error body's fields
     * (`message`, `fieldErrors`) readable too.
     */
    const typed = async <E extends Endpoint>(
      endpoint: E,
      input: RequestOf<E> & { headers?: Record<string, string> } = {} as RequestOf<E> & {
        headers?: Record<string, string>;
      },
    ) => {
      const { params, query, body, headers } = input as {
        params?: Record<string, unknown>;
        query?: Record<string, unknown>;
        body?: unknown;
        headers?: Record<string, string>;
      };
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {})) {
        if (value !== undefined && value !== null) search.set(key, String(value));
      }
      const url = `${fillPath(endpoint.path, params)}${search.size ? `?${search}` : ''}`;
      const payload = body ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {});
      const response = await call(endpoint.method, url, payload, headers);
      return response as Omit<LightMyRequestResponse, 'json'> & {
        json(): ResponseOf<E> & Partial<ErrorBody>;
      };
    };
    return {
      cookie,
      call: typed,
      get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
      post: (url: string, body?: unknown, headers?: Record<string, string>) =>
        call('POST', url, body ?? {}, headers),
      put: (url: string, body?: unknown, headers?: Record<string, string>) =>
        call('PUT', url, body ?? {}, headers),
      patch: (url: string, body?: unknown, headers?: Record<string, string>) =>
        call('PATCH', url, body ?? {}, headers),
      delete: (url: string, headers?: Record<string, string>) => call('DELETE', url, undefined, headers),
    };
  }

  /** A user of the role with a session: the common first line of a test. */
  async function userClient(role: Role = 'employee', fields: Partial<typeof users.$inferInsert> = {}) {
    const user = await createUser(role, fields);
    return { user, api: await signIn(user) };
  }

  return {
    app,
    db,
    database,
    clock,
    createUser,
    signIn,
    userClient,
    anonymous: client(),
    /** The served app's address (`http://127.0.0.1:<port>`), with `listen: true`. */
    get base(): string {
      if (!base)
        throw new Error('createTestApp({ listen: true }) serves the app; this one only answers inject');
      return base;
    },
    async close() {
      await rememberMailedCodes(db);
      await app.close();
      await database.close();
    },
  };
}
