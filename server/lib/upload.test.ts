import { request } from 'node:http';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TOO_LARGE } from '@contract/chat';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from '@contract/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { english } from '../test/messages';

/**
 * Uploads over the limit are 413, always: also when the file's bytes arrive so that one chunk ends
 * exactly at the limit (the stream is then cut there without an error, and only `truncated` tells).
 * The body is sent over a real socket in two writes: everything up to the limit, then the rest.
 */
let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  port = Number(new URL(t.base).port);
});
afterAll(() => t.close());

const BOUNDARY = 'wbBoundary7MA4YWxkTrZu0gW';

function postInTwoWrites(path: string, cookie: string, fileBytes: number, limit: number, fieldName = 'file') {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const file = Buffer.alloc(fileBytes, 'a');
  const first = Buffer.concat([head, file.subarray(0, limit)]);
  const second = Buffer.concat([file.subarray(limit), tail]);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(first.length + second.length),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(first, () => setTimeout(() => req.end(second), 50));
  });
}

describe('uploads over the limit', () => {
  it('a chat attachment of twice the limit, its first chunk ending at the limit, is 413 and not stored cut', async () => {
    const { user: a, api } = await t.userClient('employee');
    const { user: b } = await t.userClient('employee');
    const conv = (
      await api.post('/api/chat/conversations', { type: 'direct', participantIds: [b.id] })
    ).json();
    expect(a.id).not.toBe(b.id);
    const res = await postInTwoWrites(
      `/api/chat/${conv.id}/attachments`,
      api.cookie as string,
      2 * ATTACHMENT_MAX_BYTES,
      ATTACHMENT_MAX_BYTES,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe(english(ATTACHMENT_TOO_LARGE));
    const messages = (await api.get(`/api/chat/${conv.id}/messages`)).json();
    expect(messages).toHaveLength(0);
  });

  it('an avatar one byte over the limit, its first chunk ending at the limit, is 413', async () => {
    const { api } = await t.userClient('employee');
    const res = await postInTwoWrites(
      '/api/profile/avatar',
      api.cookie as string,
      AVATAR_MAX_BYTES + 1,
      AVATAR_MAX_BYTES,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe(english(AVATAR_TOO_LARGE));
  });
});
