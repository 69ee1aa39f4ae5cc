import { createHmac } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { outbox } from './schema';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'wb-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations as they were before `tag` (the folder minus it and everything after). */
function migrationsBefore(tag: string) {
  const folder = join(dir, 'migrations');
  cpSync(migrations, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const index = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0002 (server secret)', () => {
  it('expires codes issued before it and takes them out of the outbox; verifying says so and a new code works', async () => {
    const dataDir = join(dir, 'data');
    const email = 'legacy@example.com';
    const code = 'ABCDEF';
    // A database as the previous release left it: a live code hashed under the user id alone.
    const old = await PGlite.create(dataDir);
    const before = drizzle(old);
    await migrate(before, { migrationsFolder: migrationsBefore('0002_server_secrets') });
    // Plain SQL: the schema in code has moved on since (later migrations add columns).
    const {
      rows: [user],
    } = await old.query<{ id: string }>(
      `insert into users (email, password_hash, first_name, last_name, role)
       values ($1, 'x', 'Lee', 'Gacy', 'employee') returning id`,
      [email],
    );
    await old.query('insert into verification_codes (user_id, code_hash, expires_at) values ($1, $2, $3)', [
      user.id,
      createHmac('sha256', user.id).update(code).digest('hex'),
      new Date(Date.now() + 10 * 60_000).toISOString(),
    ]);
    await old.query('insert into outbox (to_email, subject, text, kind, data) values ($1, $2, $3, $4, $5)', [
      email,
      'Your Workbench verification code',
      `Hello Lee,\n\nyour verification code is ${code}. It is valid for 15 minutes.`,
      'verification',
      JSON.stringify({ code }),
    ]);
    await old.close();

    const database = await openDatabase({ dataDir });
    const app = await buildApp({ database, config: loadConfig({ NODE_ENV: 'test' }), logger: false });
    try {
      const [mail] = await database.db.select().from(outbox).where(eq(outbox.toEmail, email));
      expect(mail.text).not.toContain(code);
      expect(mail.data).toEqual({});
      const verify = (verificationCode: string) =>
        app.inject({ method: 'POST', url: '/api/verify-email', payload: { email, verificationCode } });
      const stale = await verify(code);
      expect(stale.statusCode).toBe(400);
      expect(stale.json().message).toBe('This code has expired. Please request a new one.');
      const resend = await app.inject({
        method: 'POST',
        url: '/api/resend-verification',
        payload: { email },
      });
      expect(resend.statusCode).toBe(204);
      const codes = (await app.inject({ method: 'GET', url: '/api/verification-codes' })).json();
      expect(codes).toHaveLength(1);
      expect((await verify(codes[0].code)).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 180_000); // two embedded databases opened and migrated: slow on a busy machine
});
