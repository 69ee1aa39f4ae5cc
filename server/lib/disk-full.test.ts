// A full disk answers 503 "The server's disk is full", and readiness says so for a minute after the
// last such failure (docs/decisions/028-supervised-embedded-server.md). The disk is never filled:
// PostgreSQL's own error (53100) is raised by a trigger, ENOSPC is thrown as Node's fs throws it.
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { DISK_FULL, errorHandler, isConnectionLoss, isDiskFull, isUniqueViolation } from './errors';
import { DISK_FULL_UNREADY_MS, unreadyReason } from './readiness';
import { english } from '../test/messages';

/** As `fs.writeFile` rejects on a full disk. */
const enospc = () =>
  Object.assign(new Error("ENOSPC: no space left on device, write '/data/upload.tmp'"), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
/** As drizzle wraps a failed statement: PostgreSQL's error is the cause. */
const wrapped53100 = () =>
  new Error('Failed query: insert into "tasks" …', {
    cause: Object.assign(new Error('could not extend file "base/16384/16402": No space left on device'), {
      code: '53100',
    }),
  });

describe('the disk-full mapping', () => {
  it('recognises PostgreSQL 53100 (also wrapped) and ENOSPC, and nothing else', () => {
    expect(isDiskFull(enospc())).toBe(true);
    expect(isDiskFull(wrapped53100())).toBe(true);
    expect(isDiskFull(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
    expect(isDiskFull(new Error('something else'))).toBe(false);
    // and it is neither of the other two kinds
    expect(isConnectionLoss(wrapped53100())).toBe(false);
    expect(isUniqueViolation(wrapped53100())).toBe(false);
  });

  it('answers 503 with the message for either, and logs it as an error', async () => {
    const logged: { level: number; msg: string }[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
    });
    app.setErrorHandler(errorHandler);
    app.get('/upload', async () => {
      throw enospc();
    });
    app.get('/write', async () => {
      throw wrapped53100();
    });
    for (const url of ['/upload', '/write']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'disk_full', message: "The server's disk is full" });
    }
    expect(logged.map((l) => [l.level, l.msg])).toEqual([
      [50, "a write failed: the server's disk is full"],
      [50, "a write failed: the server's disk is full"],
    ]);
    await app.close();
  });
});

describe('a full disk through the API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a write PostgreSQL refuses for lack of space is a 503, and readiness reports it for a minute', async () => {
    const { api } = await t.userClient('employee');
    expect((await t.anonymous.get('/api/health/ready')).statusCode).toBe(200);
    // The database's own answer to a full disk, for task inserts only.
    await t.db.execute(sql`
      create function raise_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
      end $$`);
    await t.db.execute(
      sql`create trigger disk_full before insert on tasks for each row execute function raise_disk_full()`,
    );
    try {
      const res = await api.post('/api/tasks', { title: 'Will not fit' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: DISK_FULL, message: english(DISK_FULL) });
      const ready = await t.anonymous.get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', message: english(DISK_FULL) });
      // reads still work
      expect((await api.get('/api/tasks')).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`drop trigger disk_full on tasks`);
      await t.db.execute(sql`drop function raise_disk_full()`);
    }
    // Space freed: writes work at once; readiness recovers once a minute has passed without a failure.
    expect((await api.post('/api/tasks', { title: 'Fits now' })).statusCode).toBe(201);
    const { database, events } = t.app.deps;
    expect(await unreadyReason(database, events)).toBe(english(DISK_FULL));
    expect(await unreadyReason(database, events, Date.now() + DISK_FULL_UNREADY_MS)).toBeNull();
  });
});
