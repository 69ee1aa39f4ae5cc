import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createApprovedUser, signInContext } from './accounts';
import { browserForFile, DESKTOP, PHONE, snap } from './support';

const browser = browserForFile();

type Session = Awaited<ReturnType<typeof createApprovedUser>>;

async function chatPage(session: Session, viewport = DESKTOP): Promise<Page> {
  const context = await browser.context(viewport);
  await signInContext(context, session);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  await page.goto('/chat');
  await page.getByTestId('conversation-item').first().waitFor();
  return page;
}

const item = (page: Page, name: string) => page.getByTestId('conversation-item').filter({ hasText: name });

describe('chat', () => {
  let writer: Session;
  let reader: Session;
  let writerPage: Page;
  let readerPage: Page;

  beforeAll(async () => {
    writer = await createApprovedUser('employee', { firstName: 'Wanda', lastName: 'Writer' });
    reader = await createApprovedUser('manager', { firstName: 'Rory', lastName: 'Reader' });
  });

  it("shows approved users 'General' and 'Select a conversation' before one is chosen", async () => {
    readerPage = await chatPage(reader);
    await item(readerPage, 'General').waitFor();
    await readerPage.getByText('Select a conversation').waitFor();
    await snap(readerPage, 'chat-empty-desktop');
  });

  it('opens a direct conversation from the dialog with user search', async () => {
    writerPage = await chatPage(writer);
    await writerPage.getByTestId('new-conversation').click();
    await writerPage.getByLabel('Person').fill('Rory');
    await writerPage.getByRole('button', { name: /Rory Reader/ }).click();
    await snap(writerPage, 'chat-dialog-desktop');
    await writerPage.getByTestId('create-conversation').click();
    await expect.poll(() => writerPage.getByTestId('conversation-title').textContent()).toBe('Rory Reader');
    expect(await writerPage.getByTestId('participant-count').textContent()).toBe('2 participants');
  });

  it('sends with Enter; the reader sees it live with unread badges, then reads it', async () => {
    const input = writerPage.getByPlaceholder('Type your message...');
    const send = writerPage.getByTestId('send-message');
    expect(await send.isDisabled()).toBe(true);
    await input.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await input.fill('  Hello Rory, the release is ready for review.  ');
    await input.press('Enter');
    await writerPage.getByTestId('message').filter({ hasText: 'Hello Rory' }).waitFor();
    expect(await input.inputValue()).toBe('');
    expect(await writerPage.locator('[data-testid="message"][data-own]').count()).toBe(1);

    // No reload on the reader's side: the conversation, its badge and the sidebar count arrive live.
    const conversation = item(readerPage, 'Wanda Writer');
    await conversation.getByTestId('unread-badge').filter({ hasText: '1' }).waitFor();
    expect(await conversation.textContent()).toContain('Hello Rory, the release is ready for review.');
    await readerPage.getByTestId('nav-chat').filter({ hasText: '1' }).waitFor();

    await conversation.click();
    const received = readerPage.getByTestId('message').filter({ hasText: 'Hello Rory' });
    await received.waitFor();
    expect(await received.textContent()).toContain('Wanda Writer');
    await expect.poll(() => conversation.getByTestId('unread-badge').count()).toBe(0);
    await snap(readerPage, 'chat-conversation-desktop');
  });

  it('keeps Shift+Enter as a new line and delivers replies live while the conversation is open', async () => {
    const input = readerPage.getByPlaceholder('Type your message...');
    await input.fill('Looks good.');
    await input.press('Shift+Enter');
    await input.pressSequentially('Shipping it now.');
    expect(await input.inputValue()).toBe('Looks good.\nShipping it now.');
    await readerPage.getByTestId('send-message').click();
    await writerPage.getByTestId('message').filter({ hasText: 'Shipping it now.' }).waitFor();
    // open on the writer's screen, so it is read at once: no badge appears
    await writerPage.waitForTimeout(500);
    expect(await item(writerPage, 'Rory Reader').getByTestId('unread-badge').count()).toBe(0);
  });

  it('keeps the history after a reload, each message once', async () => {
    await readerPage.reload();
    await readerPage.getByTestId('message').filter({ hasText: 'Hello Rory' }).waitFor();
    expect(await readerPage.getByTestId('message').count()).toBe(2);
    expect(await readerPage.getByTestId('conversation-title').textContent()).toBe('Wanda Writer');
  });

  it('after a dropped connection, reconnects with back-off and fetches what it missed, once, edits too', async () => {
    // The socket runs through a proxy the test controls, so the connection can really be cut.
    const context = await browser.context(DESKTOP);
    await signInContext(context, reader);
    const page = await context.newPage();
    let online = true;
    let opened = 0;
    let current: { close: () => Promise<void> } | undefined;
    await page.routeWebSocket('**/api/ws', (ws) => {
      if (!online) return void ws.close();
      opened += 1;
      ws.connectToServer();
      current = ws;
    });
    await page.goto(new URL(readerPage.url()).pathname + new URL(readerPage.url()).search);
    await page.getByTestId('message').first().waitFor();
    await expect.poll(() => opened).toBe(1);

    online = false;
    await current?.close();
    const input = writerPage.getByPlaceholder('Type your message...');
    await input.fill('Sent while you were offline');
    await input.press('Enter');
    await writerPage.getByTestId('message').filter({ hasText: 'Sent while you were offline' }).waitFor();
    // An edit of a message already on the reader's screen, whose live event is missed too.
    const direct = (await call('GET', '/api/chat/conversations', undefined, writer.cookie))
      .body as unknown as {
      id: string;
      type: string;
    }[];
    const conversationId = direct.find((c) => c.type === 'direct')!.id;
    const history = (await call('GET', `/api/chat/${conversationId}/messages`, undefined, writer.cookie))
      .body as unknown as { id: string; content: string }[];
    const hello = history.find((m) => m.content.startsWith('Hello Rory'))!;
    const edited = await call(
      'PATCH',
      `/api/chat/${conversationId}/messages/${hello.id}`,
      { content: 'Hello Rory, the release is ready (edited while you were away).' },
      writer.cookie,
    );
    expect(edited.status).toBe(200);
    await page.waitForTimeout(1500);
    expect(await page.getByText('edited while you were away').count()).toBe(0);
    expect(await page.getByTestId('message').filter({ hasText: 'Sent while you were offline' }).count()).toBe(
      0,
    );

    online = true;
    const missed = page.getByTestId('message').filter({ hasText: 'Sent while you were offline' });
    await missed.waitFor({ timeout: 20_000 });
    expect(opened).toBe(2);
    await page.waitForTimeout(500);
    expect(await missed.count()).toBe(1);
    expect(await page.getByTestId('message').count()).toBe(3);
    const changed = page.getByTestId('message').filter({ hasText: 'edited while you were away' });
    await changed.waitFor();
    expect(await changed.getByTestId('message-edited').count()).toBe(1);
  });

  it('loads older pages when scrolling up', async () => {
    const conversations = await call('GET', '/api/chat/conversations', undefined, writer.cookie);
    const general = (conversations.body as unknown as { id: string; name: string }[]).find(
      (c) => c.name === 'General',
    )!;
    for (let i = 1; i <= 60; i++)
      await call('POST', `/api/chat/${general.id}/messages`, { content: `History ${i}` }, writer.cookie);
    await item(readerPage, 'General').click();
    await readerPage.getByTestId('message').filter({ hasText: 'History 60' }).waitFor();
    expect(await readerPage.getByTestId('message').count()).toBe(50);
    await readerPage.getByTestId('message-scroller').evaluate((el) => el.scrollTo({ top: 0 }));
    await expect.poll(() => readerPage.getByTestId('message').count()).toBe(60);
    await readerPage.getByText('Beginning of the conversation').waitFor();
  });

  it('switches between list and conversation at 375 px', async () => {
    const phone = await chatPage(reader, PHONE);
    await snap(phone, 'chat-empty-phone');
    await item(phone, 'Wanda Writer').click();
    await phone.getByTestId('message').first().waitFor();
    expect(await phone.getByTestId('conversation-item').first().isVisible()).toBe(false);
    await snap(phone, 'chat-conversation-phone');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await phone.getByRole('button', { name: 'Back to conversations' }).click();
    await item(phone, 'General').waitFor();
    await phone.getByTestId('new-conversation').click();
    await phone.getByRole('tab', { name: 'Group' }).click();
    await phone.getByLabel('Group name').fill('Release crew');
    await snap(phone, 'chat-dialog-phone');
  });
});
