import { INVALID_CHARACTERS } from '@contract/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../lib/json-body';
import { createTestApp, type TestContext, type TestApi } from '../../test/harness';
import { english } from '../../test/messages';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NUL = 'bad\u0000text';

/** Row counts and a digest of every table's contents, to show a refused request changed nothing. */
async function snapshot() {
  const { rows } = (await t.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as { rows: { tablename: string }[] };
  const out: Record<string, string> = {};
  for (const { tablename } of rows) {
    const res = (await t.db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${tablename}" t`,
      ),
    )) as { rows: { digest: string }[] };
    out[tablename] = res.rows[0].digest;
  }
  return out;
}

describe('a NUL or other control character in free text', () => {
  let admin: TestApi;
  let manager: TestApi;
  let employee: TestApi;
  let employeeId: string;
  let projectId: string;
  let taskId: string;
  let entryId: string;
  let conversationId: string;
  beforeAll(async () => {
    ({ api: admin } = await t.userClient('admin'));
    const boss = await t.userClient('manager');
    manager = boss.api;
    const made = await t.userClient('employee');
    employee = made.api;
    employeeId = made.user.id;
    projectId = (await manager.post('/api/projects', { name: 'Hostile' })).json().id;
    taskId = (await employee.post('/api/tasks', { title: 'Mine' })).json().id;
    await employee.patch(`/api/tasks/${taskId}`, { status: 'in_progress' });
    entryId = (
      await employee.post('/api/time-entries', {
        projectId,
        date: '2020-01-02',
        startTime: '09:00',
        endTime: '10:00',
      })
    ).json().id;
    conversationId = (
      await employee.post('/api/chat/conversations', {
        type: 'group',
        name: 'Group',
        participantIds: [boss.user.id],
      })
    ).json().id;
  });

  const cases: [string, () => ReturnType<TestApi['get']>, string][] = [
    ['task title', () => employee.post('/api/tasks', { title: NUL }), 'title'],
    ['task description', () => employee.post('/api/tasks', { title: 'ok', description: NUL }), 'description'],
    ['comment', () => employee.post(`/api/tasks/${taskId}/comments`, { text: NUL }), 'text'],
    [
      'submission notes',
      () => employee.patch(`/api/tasks/${taskId}/submit`, { submissionNotes: NUL }),
      'submissionNotes',
    ],
    [
      'review comments',
      () => manager.patch(`/api/tasks/${taskId}/review`, { action: 'rework', reviewComments: NUL }),
      'reviewComments',
    ],
    ['task search', () => manager.get(`/api/tasks?search=${encodeURIComponent(NUL)}`), 'search'],
    ['project name', () => manager.post('/api/projects', { name: NUL }), 'name'],
    [
      'project description',
      () => manager.post('/api/projects', { name: 'ok', description: NUL }),
      'description',
    ],
    [
      'time-entry description',
      () =>
        employee.post('/api/time-entries', {
          projectId,
          date: '2020-01-03',
          startTime: '09:00',
          endTime: '10:00',
          description: NUL,
        }),
      'description',
    ],
    [
      'time-entry edit',
      () => employee.patch(`/api/time-entries/${entryId}`, { description: NUL }),
      'description',
    ],
    ['timer description', () => employee.post('/api/timer/start', { description: NUL }), 'description'],
    [
      'chat message',
      () => employee.post(`/api/chat/${conversationId}/messages`, { content: NUL }),
      'content',
    ],
    [
      'group name',
      () =>
        employee.post('/api/chat/conversations', { type: 'group', name: NUL, participantIds: [employeeId] }),
      'name',
    ],
    ['user search', () => employee.get(`/api/users?search=${encodeURIComponent(NUL)}`), 'search'],
    [
      'admin user search',
      () => admin.get(`/api/admin/all-users?search=${encodeURIComponent(NUL)}`),
      'search',
    ],
    [
      'suspension reason',
      () => admin.post(`/api/admin/suspend-user/${employeeId}`, { reason: NUL }),
      'reason',
    ],
    ['rejection reason', () => admin.post(`/api/admin/reject-user/${employeeId}`, { reason: NUL }), 'reason'],
    [
      'first name',
      () =>
        t.anonymous.post('/api/register-with-verification', {
          firstName: NUL,
          lastName: 'Ok',
          email: 'nul@example.com',
          password: 'Secret123',
          role: 'employee',
        }),
      'firstName',
    ],
    [
      'invitation code',
      () =>
        t.anonymous.post('/api/register-with-verification', {
          firstName: 'Nu',
          lastName: 'Ll',
          email: 'nul@example.com',
          password: 'Secret123',
          role: 'employee',
          inviteCode: NUL,
        }),
      'inviteCode',
    ],
    [
      'verification code',
      () => t.anonymous.post('/api/verify-email', { email: 'nul@example.com', verificationCode: '\u0000' }),
      'verificationCode',
    ],
    [
      'codes search',
      () => t.anonymous.get(`/api/verification-codes?search=${encodeURIComponent(NUL)}`),
      'search',
    ],
  ];

  it.each(cases)('%s: 400 naming the field, nothing stored changes', async (_name, call, field) => {
    const before = await snapshot();
    const res = await call();
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toContain(english(INVALID_CHARACTERS));
    expect(await snapshot()).toEqual(before);
  });

  it('multi-line text keeps tabs and line breaks; single-line text refuses them', async () => {
    const comment = await employee.post(`/api/tasks/${taskId}/comments`, {
      text: 'line one\n\tline two\r\nend',
    });
    expect(comment.statusCode).toBe(201);
    expect(comment.json().text).toBe('line one\n\tline two\r\nend');
    const title = await employee.post('/api/tasks', { title: 'two\nlines' });
    expect(title.statusCode).toBe(400);
    expect(title.json().fieldErrors.title).toEqual([english(INVALID_CHARACTERS)]);
    // a lone UTF-16 surrogate is broken Unicode that UTF-8 cannot hold; a proper pair is fine
    const emoji = await employee.post(`/api/tasks/${taskId}/comments`, { text: 'ok 🙂' });
    expect(emoji.statusCode).toBe(201);
    for (const bad of ['\u0001', '\u001b[31m', '\u000b', '\u000c', '\ud800', 'a\udfff\ufeffb']) {
      const res = await employee.post(`/api/tasks/${taskId}/comments`, { text: `x${bad}y` });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('keeps the existing messages for blank and too long values', async () => {
    const blank = await employee.post('/api/tasks', { title: '   ' });
    expect(blank.json().fieldErrors.title).toEqual(['Task title is required']);
    const long = await employee.post('/api/tasks', { title: 'x'.repeat(201) });
    expect(long.json().fieldErrors.title).toEqual(['Task title is too long']);
    const notText = await employee.post('/api/tasks', { title: 'ok', description: 5 });
    expect(notText.json().fieldErrors.description).toEqual(['Description must be text']);
  });
});

describe('deeply nested JSON', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('is 400 with a clear message on every JSON route, anonymous or signed in, and stores nothing', async () => {
    const { api } = await t.userClient('manager');
    const before = await snapshot();
    const body = nested(3000);
    expect(body.length).toBe(6000);
    const objects = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    for (const [client, url] of [
      [t.anonymous, '/api/simple-login'],
      [t.anonymous, '/api/register-with-verification'],
      [api, '/api/tasks'],
      [api, '/api/projects'],
      [api, '/api/no-such-route'],
    ] as const) {
      for (const payload of [body, objects]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: {
            'content-type': 'application/json',
            ...(client.cookie ? { cookie: client.cookie } : {}),
          },
          payload,
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe(
          `JSON in request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
        );
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('accepts nesting up to the limit and ignores brackets inside strings', async () => {
    const { api } = await t.userClient('manager');
    const deepButFine = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { 'content-type': 'application/json', cookie: api.cookie ?? '' },
      payload: JSON.stringify({ name: '[[[[{{{{'.repeat(10), extra: JSON.parse(nested(MAX_JSON_DEPTH - 1)) }),
    });
    expect(deepButFine.statusCode).toBe(201);
    expect(deepButFine.json().name).toBe('[[[[{{{{'.repeat(10));
    const tooDeep = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { 'content-type': 'application/json', cookie: api.cookie ?? '' },
      payload: JSON.stringify({ name: 'x', extra: JSON.parse(nested(MAX_JSON_DEPTH)) }),
    });
    expect(tooDeep.statusCode).toBe(400);
  });
});
