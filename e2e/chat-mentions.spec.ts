import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, createApprovedUser, openSignedIn } from './accounts';
import { launchBrowser, PHONE, snap } from './support';

let browser: Browser;
type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let author: Session;
let named: Session;
let conversationId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  author = await createApprovedUser('employee', { firstName: 'Mina', lastName: 'Writer' });
  named = await createApprovedUser('manager', { firstName: 'Carl', lastName: 'Mentioned' });
  const other = await createApprovedUser('employee', { firstName: 'Cara', lastName: 'Other' });
  const res = await call(
    'POST',
    '/api/chat/conversations',
    { type: 'group', name: 'Mentions crew', participantIds: [named.user.id, other.user.id] },
    author.cookie,
  );
  expect(res.status).toBe(201);
  conversationId = res.body.id as string;
});
afterAll(() => browser?.close());

const bellSays = (page: Page, unread: number) =>
  page
    .getByRole('button', { name: unread ? `Notifications, ${unread} unread` : 'Notifications', exact: true })
    .waitFor();

describe('chat mentions (two people, live)', () => {
  let authorPage: Page;
  let namedPage: Page;

  it('offers the participants as @ is typed: arrows move, Escape closes, Enter inserts the name', async () => {
    ({ page: namedPage } = await openSignedIn(browser, named, '/'));
    await bellSays(namedPage, 1); // the account approval
    ({ page: authorPage } = await openSignedIn(browser, author, `/chat?c=${conversationId}`));
    const input = authorPage.getByRole('combobox', { name: 'Message' });
    await input.waitFor();
    await input.pressSequentially('Please check @Ca');
    const list = authorPage.getByRole('listbox', { name: 'People to mention' });
    await list.waitFor();
    const options = list.getByRole('option');
    expect(await options.allTextContents()).toEqual(['Cara Other', 'Carl Mentioned']);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
    await input.press('ArrowDown');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await snap(authorPage, 'chat-mention-list-desktop');
    await input.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await input.pressSequentially('rl');
    await expect.poll(() => options.allTextContents()).toEqual(['Carl Mentioned']);
    await input.press('Enter');
    expect(await input.inputValue()).toBe('Please check @Carl Mentioned ');
    await list.waitFor({ state: 'detached' });
  });

  it("sends the mention, and Carl's bell counts up without a reload; the notification opens the chat", async () => {
    const input = authorPage.getByRole('combobox', { name: 'Message' });
    await input.pressSequentially('today');
    await input.press('Enter');
    await authorPage.getByTestId('message').filter({ hasText: 'today' }).waitFor();
    await bellSays(namedPage, 2);
    await namedPage.getByTestId('notification-bell').click();
    const item = namedPage
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: /Mina Writer mentioned you in “Mentions crew”/ });
    await item.click();
    await namedPage.waitForURL(`**/chat?c=${conversationId}`);
    await expect.poll(() => namedPage.getByTestId('conversation-title').textContent()).toBe('Mentions crew');
    await bellSays(namedPage, 1);
    // The author is never told of their own mention.
    await bellSays(authorPage, 1);
  });

  it('works with Tab and the pointer on a phone', async () => {
    const { page } = await openSignedIn(browser, author, `/chat?c=${conversationId}`, PHONE);
    const input = page.getByRole('combobox', { name: 'Message' });
    await input.waitFor();
    await input.pressSequentially('@car');
    const list = page.getByRole('listbox', { name: 'People to mention' });
    await list.waitFor();
    await snap(page, 'chat-mention-list-phone');
    await input.press('Tab');
    expect(await input.inputValue()).toBe('@Cara Other ');
    await input.pressSequentially('and @Carl');
    await list.getByRole('option', { name: 'Carl Mentioned' }).click();
    expect(await input.inputValue()).toBe('@Cara Other and @Carl Mentioned ');
    await page.context().close();
  });
});
