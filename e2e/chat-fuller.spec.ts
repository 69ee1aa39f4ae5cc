import { ATTACHMENT_NOT_ALLOWED, DELETED_MESSAGE } from '@contract/chat';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createApprovedUser, signInContext } from './accounts';
import { browserForFile, DESKTOP, PHONE, snap } from './support';
import { english } from '../server/test/messages';

const browser = browserForFile();
type Session = Awaited<ReturnType<typeof createApprovedUser>>;

let author: Session;
let reader: Session;
let conversationId: string;

beforeAll(async () => {
  author = await createApprovedUser('employee', { firstName: 'Edie', lastName: 'Editor' });
  reader = await createApprovedUser('manager', { firstName: 'Remy', lastName: 'Reacts' });
  const res = await call(
    'POST',
    '/api/chat/conversations',
    { type: 'group', name: 'Launch room', participantIds: [reader.user.id] },
    author.cookie,
  );
  expect(res.status).toBe(201);
  conversationId = res.body.id as string;
  // An old message a search must reach, under more than one page of newer ones.
  const post = (content: string) =>
    call('POST', `/api/chat/${conversationId}/messages`, { content }, author.cookie);
  expect((await post('Budget figures for the third quarter are in the shared folder')).status).toBe(201);
  for (let i = 1; i <= 55; i++) await post(`Status update ${i}`);
});

async function open(session: Session, viewport = DESKTOP): Promise<Page> {
  const context = await browser.context(viewport);
  await signInContext(context, session);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  await page.goto(`/chat?c=${conversationId}`);
  await page.getByTestId('message').filter({ hasText: 'Status update 55' }).waitFor();
  return page;
}

const message = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

describe('a fuller chat (two people, live)', () => {
  let authorPage: Page;
  let readerPage: Page;

  it('edits one’s own message; the other person sees the new words and “edited” live', async () => {
    authorPage = await open(author);
    readerPage = await open(reader);
    const input = authorPage.getByPlaceholder('Type your message...');
    await input.fill('We deploy at noon');
    await input.press('Enter');
    await message(readerPage, 'We deploy at noon').waitFor();

    const mine = message(authorPage, 'We deploy at noon');
    await mine.hover();
    await mine.getByRole('button', { name: 'Edit message' }).click();
    const editor = authorPage.getByRole('textbox', { name: 'Edit message' });
    await editor.fill('We deploy at one o’clock');
    await editor.press('Enter');
    await message(authorPage, 'We deploy at one o’clock').getByTestId('message-edited').waitFor();

    const seen = message(readerPage, 'We deploy at one o’clock');
    await seen.getByTestId('message-edited').waitFor();
    expect(await message(readerPage, 'We deploy at noon').count()).toBe(0);
    // the other person has no edit or delete on it, only reactions
    await seen.hover();
    expect(await seen.getByRole('button', { name: 'Edit message' }).count()).toBe(0);
    expect(await seen.getByRole('button', { name: 'Delete message' }).count()).toBe(0);
  });

  it('reacts; counts and “mine” follow live on both sides, a second click takes it back', async () => {
    const seen = message(readerPage, 'We deploy at one o’clock');
    await seen.hover();
    await seen.getByRole('button', { name: 'Add reaction' }).click();
    await readerPage.getByRole('button', { name: 'React with 🎉' }).click();
    await seen.getByRole('button', { name: '🎉 1, including you' }).waitFor();

    const mine = message(authorPage, 'We deploy at one o’clock');
    const chip = mine.getByRole('button', { name: '🎉 1' });
    await chip.waitFor();
    expect(await chip.getAttribute('aria-pressed')).toBe('false');
    await chip.click();
    await mine.getByRole('button', { name: '🎉 2, including you' }).waitFor();
    await seen.getByRole('button', { name: '🎉 2, including you' }).waitFor();
    // The reaction row grew the last message: a reader at the bottom stays at the bottom.
    const belowTheFold = () =>
      readerPage
        .getByTestId('message-scroller')
        .evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));
    await expect.poll(belowTheFold).toBeLessThanOrEqual(1);
    await snap(readerPage, 'chat-fuller-reactions-desktop');

    await mine.getByRole('button', { name: '🎉 2, including you' }).click();
    await seen.getByRole('button', { name: '🎉 1, including you' }).waitFor();
  });

  it('attaches an image (shown inline, sized before it loads) and a PDF (a download), seen live', async () => {
    const picture = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 60, g: 130, b: 200 } },
    })
      .png()
      .toBuffer();
    const input = authorPage.getByPlaceholder('Type your message...');
    await input.fill('The new dashboard');
    await authorPage
      .getByTestId('attach-input')
      .setInputFiles({ name: 'dashboard.png', mimeType: 'image/png', buffer: picture });
    await message(authorPage, 'The new dashboard').getByTestId('message-image').waitFor();
    expect(await input.inputValue()).toBe('');

    const image = message(readerPage, 'The new dashboard').getByRole('img', { name: 'dashboard.png' });
    await image.waitFor();
    expect(await image.getAttribute('width')).toBe('280');
    expect(await image.getAttribute('height')).toBe('187');
    await expect
      .poll(() =>
        image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBe(1200);

    await authorPage.getByTestId('attach-input').setInputFiles({
      name: 'release-notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    const file = readerPage.getByRole('link', { name: /release-notes\.pdf/ });
    await file.waitFor();
    expect(await file.getAttribute('download')).toBe('release-notes.pdf');
    // the conversation list's preview names the file
    await readerPage.getByTestId('conversation-item').filter({ hasText: '📎 release-notes.pdf' }).waitFor();
    await snap(readerPage, 'chat-fuller-attachments-desktop');

    // a file that is not allowed by its content is refused with the server's reason
    await authorPage.getByTestId('attach-input').setInputFiles({
      name: 'page.html',
      mimeType: 'text/html',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(
      await authorPage
        .getByRole('alert')
        .filter({ hasText: english(ATTACHMENT_NOT_ALLOWED) })
        .textContent(),
    ).toBe(english(ATTACHMENT_NOT_ALLOWED));
  });

  it('deletes one’s own message after confirming; everyone sees the tombstone live', async () => {
    const input = authorPage.getByPlaceholder('Type your message...');
    await input.fill('Oops, wrong room');
    await input.press('Enter');
    await message(readerPage, 'Oops, wrong room').waitFor();

    const mine = message(authorPage, 'Oops, wrong room');
    await mine.hover();
    await mine.getByRole('button', { name: 'Delete message' }).click();
    const dialog = authorPage.getByRole('dialog', { name: 'Delete this message?' });
    await dialog.waitFor();
    await snap(authorPage, 'chat-fuller-delete-desktop');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => message(readerPage, 'Oops, wrong room').count()).toBe(0);
    expect(await readerPage.getByTestId('message-deleted').count()).toBe(1);
    expect(await readerPage.getByTestId('message-deleted').textContent()).toBe(DELETED_MESSAGE);
    await readerPage.getByTestId('conversation-item').filter({ hasText: DELETED_MESSAGE }).waitFor();
  });

  it('searches the conversation and jumps to an old message, loading older pages', async () => {
    await readerPage.getByRole('button', { name: 'Search in conversation' }).click();
    await readerPage.getByRole('searchbox', { name: 'Search in this conversation' }).fill('budget');
    const results = readerPage.getByRole('list', { name: 'Search results' });
    const result = results.getByRole('button', { name: /Budget figures/ });
    await result.waitFor();
    expect(await results.getByRole('listitem').count()).toBe(1);
    await snap(readerPage, 'chat-fuller-search-desktop');
    await result.click();
    const target = message(readerPage, 'Budget figures for the third quarter');
    await target.waitFor();
    await expect.poll(() => target.evaluate((el) => el.className.includes('ring-2'))).toBe(true);
    expect(await target.isVisible()).toBe(true);
    const box = await target.boundingBox();
    const scroller = await readerPage.getByTestId('message-scroller').boundingBox();
    expect(box && scroller && box.y >= scroller.y && box.y + box.height <= scroller.y + scroller.height).toBe(
      true,
    );
  });

  it('at 375 px: reactions, files and search fit the phone', async () => {
    const phone = await open(reader, PHONE);
    await message(phone, 'The new dashboard').getByRole('img').scrollIntoViewIfNeeded();
    await snap(phone, 'chat-fuller-phone');
    await phone.getByRole('button', { name: 'Search in conversation' }).click();
    await phone.getByRole('searchbox', { name: 'Search in this conversation' }).fill('status update 5');
    await phone.getByRole('list', { name: 'Search results' }).getByRole('listitem').first().waitFor();
    await snap(phone, 'chat-fuller-search-phone');
  });
});
