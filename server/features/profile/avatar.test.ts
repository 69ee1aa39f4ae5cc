import { AVATAR_MISSING, AVATAR_NOT_IMAGE, AVATAR_TOO_LARGE, profileApi } from '@contract/profile';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { english } from '../../test/messages';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A multipart/form-data body as a browser's FormData makes it. */
async function multipart(parts: Record<string, Blob | string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, 'upload.bin');
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

async function upload(cookie: string | undefined, parts: Record<string, Blob | string>) {
  const { payload, headers } = await multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/avatar',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

const png = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 40, b: 90 } } })
    .png()
    .toBuffer();

describe('avatar', () => {
  it('re-encodes an uploaded picture to a 256 px WebP, shows it in the profile, serves it with cache headers', async () => {
    const { user, api } = await t.userClient('employee');
    const res = await upload(api.cookie, {
      file: new Blob([new Uint8Array(await png(800, 600))], { type: 'image/png' }),
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().profileImageUrl as string;
    expect(url).toMatch(new RegExp(`^/api/users/${user.id}/avatar\\?v=[0-9a-f]{16}$`));
    expect((await api.call(profileApi.get)).json().profileImageUrl).toBe(url);
    // Anyone signed in sees it; the browser may keep it for good (the URL changes with the picture).
    const { api: colleague } = await t.userClient('manager');
    const image = await colleague.get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect((await t.anonymous.get(url)).statusCode).toBe(401);
    // A new picture gets a new URL.
    const again = await upload(api.cookie, {
      file: new Blob([new Uint8Array(await png(300, 300, 20))], { type: 'image/png' }),
    });
    expect(again.json().profileImageUrl).not.toBe(url);
  });

  it('refuses a non-image, a missing file and a JSON body with a clear 400, a file over 10 MB with 413', async () => {
    const { api } = await t.userClient('employee');
    const text = await upload(api.cookie, {
      file: new Blob(['hello, not a picture'], { type: 'image/png' }),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      message: english(AVATAR_NOT_IMAGE),
      fieldErrors: { file: [english(AVATAR_NOT_IMAGE)] },
    });
    const big = await upload(api.cookie, {
      file: new Blob([new Uint8Array(10 * 1024 * 1024 + 1).fill(1)], { type: 'image/jpeg' }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(english(AVATAR_TOO_LARGE));
    const none = await upload(api.cookie, { note: 'no file here' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(english(AVATAR_MISSING));
    const json = await api.post('/api/profile/avatar', { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(english(AVATAR_MISSING));
    expect((await api.call(profileApi.get)).json().profileImageUrl).toBeNull();
  });

  it('is 401 anonymous; an unknown picture is 404', async () => {
    expect(
      (await upload(undefined, { file: new Blob([new Uint8Array(await png(10, 10))]) })).statusCode,
    ).toBe(401);
    const { api } = await t.userClient('employee');
    expect(
      (await api.call(profileApi.avatarImage, { params: { id: '00000000-0000-4000-8000-000000000000' } }))
        .statusCode,
    ).toBe(404);
    expect((await api.get('/api/users/nope/avatar')).statusCode).toBe(404);
  });
});
