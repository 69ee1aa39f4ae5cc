import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHUTTING_DOWN } from '../../app';
import { createTestApp, type TestContext } from '../../test/harness';
import { english } from '../../test/messages';

/** The refusals Fastify itself makes come in the app's one error shape: `{code, message}` and nothing else. */
describe("Fastify's own refusals", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a path parameter over 100 characters with 414 {message}', async () => {
    const { api } = await t.userClient('employee');
    const res = await api.get(`/api/projects/${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 'path_parameter_too_long', message: 'A path parameter is too long' });
    // One character less is an id that names nothing.
    expect((await api.get(`/api/projects/${'a'.repeat(100)}`)).statusCode).toBe(404);
  });

  it('answers a URL that cannot be decoded with 400 {message}', async () => {
    const { api } = await t.userClient('employee');
    const res = await api.get('/api/projects/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'malformed_url', message: 'Malformed URL' });
  });

  it('answers a body of another type with 415 {message}', async () => {
    const { api } = await t.userClient('employee');
    const res = await api.post('/api/tasks', 'title=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: 'unsupported_content_type',
      message: 'Unsupported content type; send application/json',
    });
  });
});

/**
 * Sends raw HTTP/1.1 on one connection and resolves with everything the server wrote back until it
 * closed the connection.
 */
function exchange(port: number, first: string, then: (send: (text: string) => void) => void) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(first, () => then((text) => socket.write(text)));
  });
}

describe('a request that arrives while the server closes', () => {
  it('is 503 {message} with Connection: close, and the request in flight still finishes', async () => {
    const t = await createTestApp({ listen: true });
    const port = Number(new URL(t.base).port);
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password-1' });
    // A sign-in whose body is still arriving when the close begins, then a second request behind it.
    let closed: Promise<void> | undefined;
    const raw = await exchange(
      port,
      `POST /api/simple-login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      (send) => {
        setTimeout(() => {
          closed = t.app.close();
          setTimeout(() => send(`${body.slice(10)}GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n`), 50);
        }, 50);
      },
    );
    await closed;
    await t.database.close();
    const responses = raw.split(/(?=HTTP\/1\.1 )/);
    expect(responses.map((r) => r.slice(0, 12))).toEqual(['HTTP/1.1 401', 'HTTP/1.1 503']);
    expect(responses[1].toLowerCase()).toContain('connection: close');
    expect(JSON.parse(responses[1].slice(responses[1].indexOf('\r\n\r\n') + 4))).toEqual({
      code: SHUTTING_DOWN,
      message: english(SHUTTING_DOWN),
    });
  });
});
