import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { DOCS_PAGE } from '../lib/openapi';
import { createTestApp, TEST_PASSWORD, type TestContext } from './harness';
import { type FuzzCase, type FuzzContext, type FuzzRole, type FuzzRoute, routeCase } from './fuzz-inputs';
import { joinGeneral } from '../core/general-conversation';

/**
 * Every route, fed inputs derived from its own zod schemas (wrong types, control characters, huge
 * and deeply nested values, polluting keys, bad ids and queries) as each role and anonymously:
 * no response may be a 5xx. The routes are dealt into `of` shares, one test file each, so the
 * shares run side by side on the test workers (docs/decisions/009-secure-defaults-and-readiness.md).
 */
const MUTATING_CASES = 200;
const READ_CASES = 60;

let t: TestContext;
/** What the app logged as errors: the cause of any 5xx. */
const serverErrors: string[] = [];

/** The API routes the app registered (its own registry), without the docs pages and the socket. */
function featureRoutes(): FuzzRoute[] {
  return t.app.registeredRoutes
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith(DOCS_PAGE))
    .filter((route) => !(route as { websocket?: boolean }).websocket && route.url !== '/api/openapi.json')
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, url: route.url, schema: route.schema as FuzzRoute['schema'] })),
    );
}

/** Records for the cases to hit: real ids get inputs past "not found" and into the services. */
async function fixtures() {
  const people = {
    employee: await t.createUser('employee'),
    manager: await t.createUser('manager'),
    admin: await t.createUser('admin'),
  };
  for (const user of Object.values(people)) await joinGeneral(t.db, user.id);
  const pending = await t.createUser('employee', { approvalStatus: 'pending' });
  const manager = await t.signIn(people.manager);
  const employee = await t.signIn(people.employee);
  const project = (await manager.post('/api/projects', { name: 'Fuzz' })).json();
  const task = (await manager.post('/api/tasks', { title: 'Fuzz', assigneeId: people.employee.id })).json();
  const entry = (
    await employee.post('/api/time-entries', {
      projectId: project.id,
      date: '2024-01-02',
      startTime: '09:00',
      endTime: '10:00',
    })
  ).json();
  const direct = (
    await employee.post('/api/chat/conversations', { type: 'direct', participantIds: [people.manager.id] })
  ).json();
  const general = (await employee.get('/api/chat/conversations'))
    .json()
    .find((c: { isGeneral: boolean }) => c.isGeneral).id;
  const userIds = [pending.id, ...Object.values(people).map((u) => u.id)];
  const kinds: [RegExp, string[]][] = [
    [/project/i, [project.id]],
    [/task/i, [task.id]],
    [/time-entr|entry/i, [entry.id]],
    [/chat|conversation/i, [direct.id, general]],
    [/user|assignee|participant|admin/i, userIds],
  ];
  const ids = [project.id, task.id, entry.id, direct.id, general, ...userIds];
  const ctx: FuzzContext = {
    ids,
    idsFor: (hint) => kinds.find(([pattern]) => pattern.test(hint))?.[1] ?? ids,
    emails: [pending.email, ...Object.values(people).map((u) => u.email)],
    password: TEST_PASSWORD,
  };
  return { people, ctx };
}

export function fuzzEveryRoute(share: number, of: number) {
  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: 'error', stream: { write: (line: string) => serverErrors.push(line) } },
    });
  });
  afterAll(() => t.close());

  describe(`every route under hostile input (share ${share + 1} of ${of})`, () => {
    it('never answers with a 5xx', async () => {
      const started = Date.now();
      const routes = [
        ...featureRoutes(),
        { method: 'GET', url: '/api/health' },
        { method: 'GET', url: '/api/health/ready' },
        { method: 'POST', url: '/api/no-such-route/:id' },
      ].filter((_, index) => index % of === share);
      const { people, ctx } = await fixtures();
      const seed = Number(process.env.FUZZ_SEED) || Date.now() % 2 ** 31;
      const tally = { cases: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
      const failures: string[] = [];
      const perRoute: string[] = [];

      for (const [index, route] of routes.entries()) {
        // Each route starts from healthy accounts with fresh sessions (earlier cases may have
        // suspended, reset or signed them out).
        await t.db
          .update(users)
          .set({ isActive: true, approvalStatus: 'approved', emailVerified: true, mustChangePassword: false })
          .where(
            inArray(
              users.id,
              Object.values(people).map((u) => u.id),
            ),
          );
        const cookies: Record<FuzzRole, string | undefined> = {
          anonymous: undefined,
          employee: (await t.signIn(people.employee)).cookie,
          manager: (await t.signIn(people.manager)).cookie,
          admin: (await t.signIn(people.admin)).cookie,
        };
        const runs = route.method === 'GET' ? READ_CASES : MUTATING_CASES;
        const r0 = Date.now();
        const cases: FuzzCase[] = fc.sample(routeCase(route, ctx), { numRuns: runs, seed: seed + index });
        const classes = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
        for (const c of cases) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: c.url,
            payload: c.payload,
            headers: {
              ...(c.payload !== undefined ? { 'content-type': c.contentType } : {}),
              ...(cookies[c.role] ? { cookie: cookies[c.role] } : {}),
            },
          });
          const key = `${Math.floor(res.statusCode / 100)}xx` as keyof typeof classes;
          classes[key] += 1;
          if (res.statusCode >= 500 && failures.length < 20) {
            failures.push(
              `${route.method} ${c.url.slice(0, 200)} as ${c.role} → ${res.statusCode} ${res.body.slice(0, 200)}\n  body: ${String(c.payload).slice(0, 300)}\n  logged: ${serverErrors.at(-1)?.slice(0, 600)}`,
            );
          }
        }
        tally.cases += cases.length;
        for (const k of Object.keys(classes) as (keyof typeof classes)[]) tally[k] += classes[k];
        perRoute.push(
          `${route.method.padEnd(6)} ${route.url.padEnd(36)} ${cases.length} cases: 2xx ${classes['2xx']}, 4xx ${classes['4xx']}, 5xx ${classes['5xx']} ${Date.now() - r0} ms`,
        );
      }

      const mutating = routes.filter((r) => r.method !== 'GET').length;
      console.log(
        [
          `fuzz (seed ${seed}): ${routes.length} routes (${mutating} mutating), ${tally.cases} cases in ${Math.round((Date.now() - started) / 1000)} s`,
          `status classes: 2xx ${tally['2xx']}, 3xx ${tally['3xx']}, 4xx ${tally['4xx']}, 5xx ${tally['5xx']}`,
          ...perRoute,
        ].join('\n'),
      );
      expect(failures, `rerun with FUZZ_SEED=${seed}`).toEqual([]);
      expect(tally['5xx']).toBe(0);
      // The inputs reach past validation: some cases succeed on most routes.
      expect(tally['2xx']).toBeGreaterThan(tally.cases / 50);
      expect(mutating).toBeGreaterThan(25 / of);
    }, 300_000);
  });
}
