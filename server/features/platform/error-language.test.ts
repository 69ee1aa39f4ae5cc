import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasksApi } from '@contract/tasks';
import { createTestApp, MISSING_ID, type TestContext } from '../../test/harness';
import { english, german } from '../../test/messages';

/**
 * Every refusal names itself with a stable `code` (a key of locales/<language>/errors.json) and says
 * why in the reader's language (docs/decisions/035-languages.md): their profile's, else their
 * browser's, else the organisation's. The codes never change with the language.
 */
describe('the language of an error', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("writes a German user's validation errors in German, with the same code as in English", async () => {
    const { api: deApi } = await t.userClient('employee', { language: 'de' });
    const { api: enApi } = await t.userClient('employee', { language: 'en' });
    const [de, en] = await Promise.all(
      [deApi, enApi].map((api) => api.call(tasksApi.create, { body: { title: '  ' } })),
    );
    expect(de.statusCode).toBe(400);
    expect(en.statusCode).toBe(400);
    expect(de.json().code).toBe('title_required');
    expect(en.json().code).toBe('title_required');
    expect(en.json().message).toBe('Task title is required');
    expect(en.json().fieldErrors?.title).toEqual(['Task title is required']);
    expect(de.json().message).toBe(german('title_required'));
    expect(de.json().message).toBe('Aufgabentitel ist erforderlich');
    expect(de.json().fieldErrors?.title).toEqual([german('title_required')]);
  });

  it("follows the person's own choice over the browser's", async () => {
    const { api } = await t.userClient('employee', { language: 'en' });
    const res = await api.delete(`/api/tasks/${MISSING_ID}`, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'task_not_found', message: english('task_not_found') });
  });

  it("writes a service's refusal in German for a German user, the same code as in English", async () => {
    const { api } = await t.userClient('employee', { language: 'de' });
    const res = await api.delete(`/api/tasks/${MISSING_ID}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'task_not_found', message: 'Aufgabe nicht gefunden' });
  });

  it('answers an anonymous caller in the language its browser asks for', async () => {
    const de = await t.anonymous.get('/api/tasks', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(de.statusCode).toBe(401);
    expect(de.json()).toEqual({ code: 'not_authenticated', message: german('not_authenticated') });
    const en = await t.anonymous.get('/api/tasks', { 'accept-language': 'en-GB' });
    expect(en.json()).toEqual({ code: 'not_authenticated', message: 'Not authenticated' });
    const unknown = await t.anonymous.get('/api/no-such-thing', { 'accept-language': 'de' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'Nicht gefunden' });
  });

  it("keeps zod's own messages in English and gives them a generic German text and code", async () => {
    const { api: enApi } = await t.userClient('employee', { language: 'en' });
    const { api: deApi } = await t.userClient('employee', { language: 'de' });
    // `limit` has no message of ours: zod's own says what is wrong.
    const en = await enApi.get('/api/tasks?limit=0');
    const de = await deApi.get('/api/tasks?limit=0');
    expect(en.statusCode).toBe(400);
    expect(en.json().code).toBe('invalid_input');
    expect(en.json().message).toMatch(/>=1|at least|too small/i);
    expect(de.json()).toMatchObject({ code: 'invalid_input', message: 'Ungültige Eingabe' });
    expect(de.json().fieldErrors).toEqual({ limit: ['Ungültige Eingabe'] });
  });

  it('writes a message with variable parts in either language', async () => {
    expect(english('json_too_deep', { max: 64 })).toBe(
      'JSON in request body is nested too deeply (at most 64 levels)',
    );
    expect(german('json_too_deep', { max: 64 })).toBe(
      'Das JSON im Anfragetext ist zu tief verschachtelt (höchstens 64 Ebenen)',
    );
    expect(english('task_move_refused', { from: 'pending_review', to: 'completed' })).toBe(
      'A task that is pending review cannot be moved to completed',
    );
    expect(english('task_already_in_status', { status: 'in_progress' })).toBe('Task is already in progress');
    expect(german('task_already_in_status', { status: 'in_progress' })).toBe(
      'Die Aufgabe ist bereits in Bearbeitung',
    );
    expect(english('over_balance', { remaining: 1.5 })).toBe(
      'This is more than your remaining allowance (1.5 days)',
    );
  });

  it('answers malformed JSON in the browser’s language (the body is refused before the caller is known)', async () => {
    const { api } = await t.userClient('employee');
    const res = await api.post('/api/tasks', '{"title":', {
      'content-type': 'application/json',
      'accept-language': 'de',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'malformed_json', message: german('malformed_json') });
  });
});
