import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createApprovedUser, openSignedIn } from './accounts';
import { baseURL, launchBrowser, PHONE, snap } from './support';

let browser: Browser;
type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let pictured: Session;
let plain: Session;
let conversationId: string;
const TASK = 'Print the event posters';

/** Uploads a picture as the person would (multipart, field `file`). */
async function upload(session: Session, colour: string) {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const res = await fetch(`${baseURL()}/api/profile/avatar`, {
    method: 'POST',
    headers: { cookie: session.cookie },
    body: form,
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  pictured = await createApprovedUser('manager', { firstName: 'Petra', lastName: 'Picture' });
  plain = await createApprovedUser('manager', { firstName: 'Ivo', lastName: 'Initials' });
  await upload(pictured, '#0f766e');
  const conv = await call(
    'POST',
    '/api/chat/conversations',
    { type: 'direct', participantIds: [plain.user.id] },
    pictured.cookie,
  );
  conversationId = conv.body.id as string;
  for (const [session, content] of [
    [pictured, 'Posters are at the printer.'],
    [plain, 'Great, I will pick them up.'],
  ] as const) {
    expect(
      (await call('POST', `/api/chat/${conversationId}/messages`, { content }, session.cookie)).status,
    ).toBe(201);
  }
  // Each assigns a task to the other: one card shows a picture, the other initials.
  expect(
    (await call('POST', '/api/tasks', { title: TASK, assigneeId: pictured.user.id }, plain.cookie)).status,
  ).toBe(201);
  expect(
    (
      await call(
        'POST',
        '/api/tasks',
        { title: `${TASK} (initials)`, assigneeId: plain.user.id },
        pictured.cookie,
      )
    ).status,
  ).toBe(201);
});
afterAll(() => browser?.close());

const loaded = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth);

describe('avatars in chat and on task cards', () => {
  it('chat: the other person’s picture in the list, the header and beside their messages', async () => {
    const { page } = await openSignedIn(browser, plain, `/chat?c=${conversationId}`);
    await page.getByTestId('message').filter({ hasText: 'Posters are at the printer.' }).waitFor();
    await expect.poll(() => loaded(page, 'conversation-avatar')).toBe(256);
    await expect.poll(() => loaded(page, 'message-avatar')).toBe(256);
    await snap(page, 'avatars-chat-desktop');
    // The other side: no picture, so initials.
    const { page: other } = await openSignedIn(browser, pictured, `/chat?c=${conversationId}`, PHONE);
    await other.getByTestId('message').filter({ hasText: 'Great, I will pick them up.' }).waitFor();
    expect(await other.getByTestId('message-avatar-initials').first().textContent()).toBe('II');
    await snap(other, 'avatars-chat-375');
    await other.getByRole('button', { name: 'Back to conversations' }).click();
    expect(await other.getByTestId('conversation-avatar-initials').first().textContent()).toBe('II');
    await snap(other, 'avatars-chat-list-375');
  });

  it('task cards: the assignee’s picture, or their initials', async () => {
    // Each sees the task they assigned on Advanced Tasks.
    const { page } = await openSignedIn(browser, plain, '/advanced-tasks');
    const withPicture = page
      .getByTestId('task-card')
      .filter({ hasText: TASK })
      .filter({ hasNotText: '(initials)' });
    await withPicture.first().waitFor();
    await expect
      .poll(() =>
        withPicture
          .first()
          .getByTestId('assignee-avatar')
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(256);
    await snap(page, 'avatars-tasks-desktop');
    const { page: phone } = await openSignedIn(browser, pictured, '/advanced-tasks', PHONE);
    const withInitials = phone.getByTestId('task-card').filter({ hasText: `${TASK} (initials)` });
    await withInitials.waitFor();
    expect(await withInitials.getByTestId('assignee-avatar-initials').textContent()).toBe('II');
    await snap(phone, 'avatars-tasks-375');
  });
});
