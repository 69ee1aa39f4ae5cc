import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createApprovedUser, signInContext } from './accounts';
import { browserForFile, DESKTOP, PHONE, snap } from './support';

const browser = browserForFile();

type Session = Awaited<ReturnType<typeof createApprovedUser>>;

/** A signed-in page with the conversation open and its history on screen. */
async function openConversation(session: Session, otherName: string, viewport = DESKTOP) {
  const context = await browser.context(viewport);
  await signInContext(context, session);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  await page.goto('/chat');
  await page.getByTestId('conversation-item').filter({ hasText: otherName }).click();
  await page.getByTestId('message').filter({ hasText: 'History 30' }).waitFor();
  return page;
}

const texts = (page: Page) => page.getByTestId('message').getByTestId('message-content').allTextContents();
const scroller = (page: Page) => page.getByTestId('message-scroller');
const distanceFromBottom = (page: Page) =>
  scroller(page).evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

async function send(page: Page, text: string) {
  const input = page.getByRole('combobox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
}

describe('chat: live messages arrive at the bottom', () => {
  let writer: Session;
  let reader: Session;
  let writerPage: Page;
  let readerPage: Page;

  beforeAll(async () => {
    writer = await createApprovedUser('employee', { firstName: 'Sasha', lastName: 'Sender' });
    reader = await createApprovedUser('manager', { firstName: 'Robin', lastName: 'Receiver' });
    const opened = await call(
      'POST',
      '/api/chat/conversations',
      { type: 'direct', participantIds: [reader.user.id] },
      writer.cookie,
    );
    // Enough history that the thread scrolls, written before either browser opens it.
    for (let i = 1; i <= 30; i++)
      await call('POST', `/api/chat/${opened.body.id}/messages`, { content: `History ${i}` }, writer.cookie);
    writerPage = await openConversation(writer, 'Robin Receiver');
    readerPage = await openConversation(reader, 'Sasha Sender');
  });

  it('puts a new message below the history on both sides and follows it there', async () => {
    await send(writerPage, 'Fresh off the press');
    for (const page of [writerPage, readerPage]) {
      await page.getByTestId('message').filter({ hasText: 'Fresh off the press' }).waitFor();
      const order = await texts(page);
      expect(order.at(-1)).toBe('Fresh off the press');
      expect(order.at(-2)).toBe('History 30');
      expect(order).toHaveLength(31);
      await expect.poll(() => distanceFromBottom(page)).toBeLessThan(2);
    }
    expect(await readerPage.getByRole('button', { name: /new message/i }).count()).toBe(0);
    await snap(readerPage, 'chat-live-bottom-desktop');
  });

  it('keeps the place of a reader who scrolled up and offers a "new messages" button instead', async () => {
    await scroller(readerPage).evaluate((el) => el.scrollTo({ top: 200 }));
    await expect.poll(() => scroller(readerPage).evaluate((el) => el.scrollTop)).toBe(200);
    await send(writerPage, 'Did you see the numbers?');
    await readerPage.getByTestId('message').filter({ hasText: 'Did you see the numbers?' }).waitFor();
    expect((await texts(readerPage)).at(-1)).toBe('Did you see the numbers?');
    const jump = readerPage.getByRole('button', { name: /new message/i });
    await jump.waitFor();
    expect(await scroller(readerPage).evaluate((el) => el.scrollTop)).toBe(200);
    await snap(readerPage, 'chat-new-messages-desktop');

    await jump.click();
    await expect.poll(() => distanceFromBottom(readerPage)).toBeLessThan(2);
    await expect.poll(() => jump.count()).toBe(0);
    expect((await texts(writerPage)).at(-1)).toBe('Did you see the numbers?');
  });

  it('does the same at 375 px', async () => {
    const phone = await openConversation(reader, 'Sasha Sender', PHONE);
    await scroller(phone).evaluate((el) => el.scrollTo({ top: 0 }));
    await send(writerPage, 'Ping from the desk');
    await phone.getByTestId('message').filter({ hasText: 'Ping from the desk' }).waitFor();
    expect((await texts(phone)).at(-1)).toBe('Ping from the desk');
    const jump = phone.getByRole('button', { name: /new message/i });
    await jump.waitFor();
    await snap(phone, 'chat-new-messages-phone');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await jump.click();
    await expect.poll(() => distanceFromBottom(phone)).toBeLessThan(2);
  });
});
