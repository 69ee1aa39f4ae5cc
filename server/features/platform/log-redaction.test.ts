import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi } from '@contract/auth';
import { serializeError, redactText } from '../../lib/logging';
import { registration } from '../../test/accounts';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../test/harness';
import { findLeaks, rememberSecret } from '../../test/log-scan';

/**
 * What the app logs keeps secrets out (docs/decisions/029-openapi-truth-and-log-redaction.md): the
 * values of a failed statement, secret query parameters, e-mail addresses. Every other test file's
 * log is scanned for them too (server/test/log-scan.ts); these provoke the cases on purpose.
 */

type Line = { msg?: string; err?: Record<string, unknown>; req?: { url: string } } & Record<string, unknown>;

let t: TestContext;
const raw: string[] = [];
const lines = () => raw.map((line) => JSON.parse(line) as Line);

beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'trace', stream: { write: (line: string) => raw.push(line) } },
  });
  await t.db.execute(
    sql.raw(`create or replace function refuse_in_test() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`),
  );
});
afterAll(async () => {
  // The triggers outlive the data on a PostgreSQL test database; the next file must not meet them.
  await t.db.execute(sql.raw('drop trigger if exists refuse_outbox on outbox'));
  await t.db.execute(sql.raw('drop trigger if exists refuse_password on users'));
  await t.db.execute(sql.raw('drop function if exists refuse_in_test()'));
  await t.close();
});

/** The line the error mapper writes for a 500, for the request made after `from` lines. */
function unhandled(from: number): string {
  const found = raw.slice(from).filter((line) => (JSON.parse(line) as Line).msg === 'unhandled error');
  expect(found).toHaveLength(1);
  return found[0];
}

describe('a failed statement', () => {
  it('is logged without its parameters: an outbox insert keeps the address and the code to itself', async () => {
    await t.db.execute(
      sql.raw(
        'create trigger refuse_outbox before insert on outbox for each row execute function refuse_in_test()',
      ),
    );
    try {
      const body = registration();
      const from = raw.length;
      const res = await t.anonymous.call(authApi.register, { body });
      expect(res.statusCode).toBe(500);
      const line = unhandled(from);
      const err = JSON.parse(line).err as Record<string, unknown>;
      // What went wrong is all there: the statement (without its values) and PostgreSQL's reason.
      expect(err.message).toMatch(/^Failed query: insert into "outbox"/);
      expect(JSON.stringify(err)).toContain('refused by the test');
      // The values are not: no parameters, no address, no mail text with its code.
      expect(line).not.toContain('params');
      expect(line).not.toContain(body.email);
      expect(line).not.toContain('verification code is');
      expect(line).not.toMatch(/"code":"[A-Za-z0-9]{6,}"/);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_outbox on outbox'));
    }
  });

  it('is logged without its parameters: a password update keeps the new hash to itself', async () => {
    await t.db.execute(
      sql.raw(
        'create trigger refuse_password before update of password_hash on users for each row execute function refuse_in_test()',
      ),
    );
    try {
      const { api } = await t.userClient('employee');
      const newPassword = 'Another-pass-42';
      rememberSecret(newPassword);
      const from = raw.length;
      const res = await api.call(authApi.changePassword, {
        body: { currentPassword: TEST_PASSWORD, newPassword },
      });
      expect(res.statusCode).toBe(500);
      const line = unhandled(from);
      expect(JSON.parse(line).err.message).toMatch(/^Failed query: update "users" set .*"password_hash"/);
      expect(line).toContain('refused by the test');
      expect(line).not.toContain('$argon2');
      expect(line).not.toContain(newPassword);
      expect(line).not.toContain('params');
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_password on users'));
    }
  });

  it('loses only its values: a unique violation keeps its constraint and code, not the duplicate key', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        constraint: 'users_email_unique',
        detail: 'Key (email)=(ada@example.com) already exists.',
      },
    );
    const failed = Object.assign(
      new Error('Failed query: insert into "users" ("email") values ($1)\nparams: ada@example.com'),
      { query: 'insert into "users" ("email") values ($1)', params: ['ada@example.com'], cause },
    );
    const logged = serializeError(failed) as Record<string, unknown>;
    expect(logged.message).toBe('Failed query: insert into "users" ("email") values ($1)');
    expect(logged.query).toBe('insert into "users" ("email") values ($1)');
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
    expect(JSON.stringify(logged)).not.toContain('ada@');
  });
});

describe('request lines', () => {
  it('carry no OAuth code or state, nor a token or password in the query, nor an address', async () => {
    const { api } = await t.userClient('admin');
    const from = raw.length;
    // Raw URLs: what the log makes of them, byte for byte, is the point (and access_token is no field).
    await t.anonymous.get(
      '/api/auth/oidc/callback?code=Secret-auth-code-1&state=Secret-state-22&iss=https%3A%2F%2Fid.example',
    );
    await api.get('/api/admin/all-users?search=grace.hopper%40navy.example.com');
    await api.get('/api/admin/all-users?search=alan@turing.example.org&access_token=Tok3n-in-query');
    const urls = lines()
      .filter((line, i) => i >= from && line.msg === 'incoming request')
      .map((line) => line.req?.url);
    expect(urls).toEqual([
      '/api/auth/oidc/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid.example',
      '/api/admin/all-users?search=***%40navy.example.com',
      '/api/admin/all-users?search=***@turing.example.org&access_token=[redacted]',
    ]);
    const text = raw.slice(from).join('');
    for (const secret of [
      'Secret-auth-code-1',
      'Secret-state-22',
      'Tok3n-in-query',
      'grace.hopper',
      'alan@',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('carry no session cookie or token, even where a plugin logs the headers (an upload, at trace)', async () => {
    const { api } = await t.userClient('employee');
    const session = String(api.cookie).split('=')[1];
    const form = new FormData();
    form.append('file', new Blob(['not a picture']), 'picture.png');
    const encoded = new Response(form);
    const from = raw.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '', cookie: String(api.cookie) },
    });
    expect(res.statusCode).toBe(400);
    await api.call(authApi.currentUser, { headers: { authorization: 'Bearer wb_pat_not-a-real-token' } });
    const text = raw.slice(from).join('');
    expect(text).toContain('"busboyOptions":{"headers":{');
    expect(text).toContain('"cookie":"[redacted]"');
    expect(text).not.toContain(session);
    expect(text).not.toContain('wb_pat_not-a-real-token');
  });
});

describe('the log scan of the test run (server/test/log-scan.ts)', () => {
  it('finds an address, a password hash and a remembered secret, but not a code inside a number', () => {
    rememberSecret('Qx7-remembered-secret');
    rememberSecret('482913');
    const found = findLeaks([
      '{"msg":"mail to ada@example.com"}\n',
      '{"msg":"x","hash":"$argon2id$v=19$m=19456"}\n',
      '{"msg":"also Qx7-remembered-secret here"}\n',
      '{"time":17641482913045,"responseTime":1.482913777}\n',
    ]);
    expect(found).toHaveLength(3);
    expect(found[0]).toContain('ada@example.com');
    expect(found[1]).toContain('password hash');
    expect(found[2]).toContain('Qx7-remembered-secret');
    expect(findLeaks(['{"to":"***@example.com"}\n'])).toEqual([]);
  });

  it('reads lines as the app writes them: masked and redacted', () => {
    expect(redactText('{"msg":"sent to Bob.Smith+x@Example.co.uk"}')).toBe(
      '{"msg":"sent to ***@Example.co.uk"}',
    );
    expect(redactText('GET /cb?state=abc&code=def#x')).toBe('GET /cb?state=[redacted]&code=[redacted]#x');
    expect(redactText('/reset?password=hunter22&next=/home')).toBe('/reset?password=[redacted]&next=/home');
  });
});
