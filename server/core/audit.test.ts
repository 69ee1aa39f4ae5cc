import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { audit, changesBetween, verifyAuditChain } from './audit';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 9, minute, 0, 123));

/** What an attacker with the database's password could do: switch the append-only trigger off. */
async function asIntruder(change: () => Promise<unknown>) {
  await t.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
  try {
    await change();
  } finally {
    await t.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  }
}

async function freshLog(n: number) {
  await t.db.execute(sql`truncate audit_log`);
  const admin = await t.createUser('admin');
  for (let i = 0; i < n; i++) {
    await audit(t.db, {
      actorId: admin.id,
      action: i % 2 ? 'settings_changed' : 'role_change',
      targetUserId: admin.id,
      details: { step: i, nested: { b: 2, a: [1, 'ü'] } },
      email: i === 1 ? 'someone@example.com' : null,
      at: at(i),
    });
  }
}

describe('the audit log hash chain', () => {
  it('chains every entry to the one before it, and the check finds it intact', async () => {
    await freshLog(6);
    expect(await verifyAuditChain(t.db, 4)).toEqual({ rows: 6, breaks: [] });
  });

  it('is append-only: an UPDATE or DELETE is refused, only anonymisation’s e-mail overwrite goes through', async () => {
    await freshLog(3);
    await expect(
      t.db.execute(
        sql`update audit_log set action = 'sign_in' where seq = (select min(seq) + 1 from audit_log)`,
      ),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`delete from audit_log where seq = (select min(seq) + 1 from audit_log)`),
    ).rejects.toThrow();
    await t.db.execute(sql`update audit_log set email = 'anonymised@invalid' where email is not null`);
    expect((await verifyAuditChain(t.db)).breaks).toEqual([]);
  });

  it('finds a changed row: its hash no longer matches what it says', async () => {
    await freshLog(5);
    await asIntruder(() =>
      t.db.execute(
        sql`update audit_log set details = '{"step": 99}'::jsonb where seq = (select min(seq) + 2 from audit_log)`,
      ),
    );
    const { breaks } = await verifyAuditChain(t.db, 2);
    expect(breaks).toHaveLength(1);
    expect(breaks[0].reason).toMatch(/hash does not match/);
  });

  it('finds a removed row: the next one no longer follows the row before it', async () => {
    await freshLog(5);
    await asIntruder(() =>
      t.db.execute(sql`delete from audit_log where seq = (select min(seq) + 1 from audit_log)`),
    );
    const { rows, breaks } = await verifyAuditChain(t.db);
    expect(rows).toBe(4);
    expect(breaks.map((b) => b.reason)).toEqual([expect.stringMatching(/prev_hash is not the hash/)]);
  });

  it('finds a row whose hash was recomputed by the database’s own function (a forged row)', async () => {
    await freshLog(4);
    // Re-hashing the edited row keeps that row consistent, but the next row still names the old hash.
    await asIntruder(() =>
      t.db.execute(sql`update audit_log set action = 'sign_in',
        hash = audit_log_hash(prev_hash, seq, created_at, 'sign_in', actor_id, target_user_id, details)
        where seq = (select min(seq) + 1 from audit_log)`),
    );
    const { breaks } = await verifyAuditChain(t.db);
    expect(breaks).toHaveLength(1);
    expect(breaks[0].reason).toMatch(/prev_hash/);
  });

  it('stays one chain when many entries are written at once', async () => {
    await freshLog(0);
    const admin = await t.createUser('admin');
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        audit(t.db, { actorId: admin.id, action: 'sign_in', details: { i }, at: at(i % 60) }),
      ),
    );
    expect(await verifyAuditChain(t.db)).toEqual({ rows: 25, breaks: [] });
  });

  // The script opens the configured database: on PostgreSQL this worker's; PGlite in memory is this process's own.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'npm run audit:verify says where the chain breaks, with exit code 1',
    async () => {
      const url = process.env.TEST_DATABASE_URL as string;
      const { testDatabaseName } = await import('../test/harness');
      const { withDatabase } = await import('../test/global-setup');
      await freshLog(3);
      const run = promisify(execFile);
      const env = {
        ...process.env,
        DATABASE_URL: withDatabase(url, testDatabaseName()),
        LOG_LEVEL: 'silent',
      };
      const ok = await run('npx', ['tsx', 'scripts/audit-verify.ts'], { env });
      expect(ok.stdout).toMatch(/intact: 3 entries/);
      await asIntruder(() =>
        t.db.execute(
          sql`update audit_log set action = 'sign_in' where seq = (select max(seq) from audit_log)`,
        ),
      );
      const broken = await run('npx', ['tsx', 'scripts/audit-verify.ts'], { env }).catch((e) => e);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toMatch(/broken at 1 place\(s\) \(of 3 entries\)/);
      expect(broken.stderr).toMatch(/entry #\d+ .*hash does not match its contents/);
    },
    60_000,
  );
});

describe('changesBetween', () => {
  it('lists only the fields that changed, with their old and new values', () => {
    expect(changesBetween({ a: 1, b: [1, 2], c: 'x' }, { a: 1, b: [1, 3], c: undefined, d: 'new' })).toEqual({
      b: { from: [1, 2], to: [1, 3] },
      d: { from: null, to: 'new' },
    });
  });
});
