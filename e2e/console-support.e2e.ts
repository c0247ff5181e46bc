import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerPlayer } from './support/api.ts';
import { openApp, presetSettings, presetToken, screenshot } from './support/app.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { DESKTOP, enrolThroughLink, newDesk, overflowsHorizontally, signInToConsole, TABLET, type StaffCredentials } from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { closeAll } from './support/teardown.ts';

/**
 * The console's support desk: the owner brings in a support member (a grant of rights, approved by
 * a second party); a player writes from the phone app and the message reaches the member's inbox by
 * itself; the member answers and the player reads it live. The inbox also fits a tablet in Chinese,
 * and site mail written there reaches the player.
 */

const UI_TIMEOUT = 30_000;
const QUESTION = 'Hello, my deposit has not arrived yet.';
const ANSWER = 'Thanks for waiting: it is confirmed and credited now.';
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let server: RunningServer;
let browser: Browser;
let player: { token: string; playerId: number };
let supportLink = '';
let member: StaffCredentials;
let desk: { context: BrowserContext; page: Page };
let phone: { context: BrowserContext; page: Page };
const contexts: BrowserContext[] = [];

/** The visible element with this test id on the phone (Ionic keeps earlier pages in the DOM, hidden). */
const visible = (page: Page, id: string): Locator => page.getByTestId(id).filter({ visible: true }).first();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { owners: ['owner.one'], withOpsKey: true }), launchBrowser()]);
  player = await registerPlayer(server, `sup${Date.now().toString(36)}`.slice(0, 16), 'support2desk');
});

afterAll(() => closeAll(contexts, browser, server));

describe('the console support desk', () => {
  it('lets the owner bring in a support member: the invitation asks for the role, the owner approves it', async () => {
    const { context, page } = await newDesk(browser, DESKTOP);
    contexts.push(context);
    const owner = await enrolThroughLink(page, server.ownerLinks['owner.one'] ?? '', 'owner.one', 'copper willow station 42');
    await signInToConsole(page, server.url, owner);

    // The automation key asks; its request is decided by the owner, a person other than the key.
    const invited = await server.ops<{ link: string; request: { id: number; status: string } }>('/ops/v1/staff/invite', {
      login: 'support.one',
      roles: ['support'],
    });
    expect(invited.request.status).toBe('pending');
    supportLink = `${server.url}/console/enrol${new URL(invited.link).hash}`;
    // The owner decides from the signed-in console tab, with its session and CSRF token (signed in moments ago: no step-up).
    const decided = await page.evaluate(async (id) => {
      const response = await fetch('/ops/v1/approvals/decide', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': sessionStorage.getItem('lobby.console.csrf') ?? '' },
        body: JSON.stringify({ id, approve: true, reason: 'new support member' }),
      });
      return (await response.json()) as { code: number; data: { status: string } };
    }, invited.request.id);
    expect(decided).toMatchObject({ code: 0, data: { status: 'approved' } });
    await context.close();
  });

  it("shows a player's message in the member's inbox without a reload, and the member's answer on the player's phone", async () => {
    desk = await newDesk(browser, DESKTOP);
    contexts.push(desk.context);
    const { page } = desk;
    member = await enrolThroughLink(page, supportLink, 'support.one', 'amber harbour lantern 7');
    await signInToConsole(page, server.url, member);
    await page.getByTestId('nav-chats').click();
    await page.getByTestId('support-chats').waitFor();
    await page.getByTestId('page-empty').waitFor();
    // Live from here on: the inbox is read again only when the socket says so (or every two minutes).
    await expect.poll(() => page.getByTestId('live-state').textContent()).toContain('Live');
    expect(await page.getByTestId('nav-count-chats').count()).toBe(0);

    phone = await newPhone(browser, { colorScheme: 'light' });
    contexts.push(phone.context);
    await presetSettings(phone.context, { language: 'en_US', theme: 'light' });
    await presetToken(phone.context, player.token);
    await openApp(phone.page, `${server.url}/chat`);
    await visible(phone.page, 'chat-input').fill(QUESTION);
    await visible(phone.page, 'chat-send').click();

    // The console socket brings it: the queue, the menu's count, with no reload of the page.
    const row = page.locator(`[data-testid="chat-row"][data-player-id="${player.playerId}"]`);
    await row.waitFor({ timeout: UI_TIMEOUT });
    expect(await row.getAttribute('data-awaiting')).toBe('yes');
    expect(await row.textContent()).toContain(QUESTION);
    await expect.poll(() => page.getByTestId('nav-count-chats').textContent(), { timeout: UI_TIMEOUT }).toBe('1');

    await row.click();
    const fromPlayer = page.locator('[data-testid="console-chat-message"][data-sender="player"]');
    await expect.poll(() => fromPlayer.count()).toBe(1);
    expect(await fromPlayer.textContent()).toContain(QUESTION);

    await page.getByTestId('chat-answer').fill(ANSWER);
    // The player sees the member typing before the answer comes.
    await visible(phone.page, 'chat-typing').waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('chat-answer-send').click();
    await expect.poll(() => page.locator('[data-testid="console-chat-message"][data-sender="operator"]').count()).toBe(1);
    expect(await page.locator('[data-testid="console-chat-message"][data-sender="operator"]').textContent()).toContain('support.one');

    const answer = phone.page.locator('[data-testid="chat-message"][data-sender="operator"]').filter({ visible: true });
    await expect.poll(() => answer.count(), { timeout: UI_TIMEOUT }).toBe(1);
    expect(await answer.first().textContent()).toContain(ANSWER);

    // Answered: off the count in the menu.
    await expect.poll(() => page.getByTestId('nav-count-chats').count(), { timeout: UI_TIMEOUT }).toBe(0);
    expect(await row.getAttribute('data-awaiting')).toBe('no');

    // The member takes the conversation: the queue and the pane say it is theirs, and "Only mine" keeps it.
    await page.getByTestId('chat-assign').click();
    await page.getByTestId('chat-release').waitFor();
    await expect.poll(() => row.getByTestId('chat-holder').textContent()).toBe('Mine');
    await page.getByTestId('chat-mine').click();
    await expect.poll(() => page.getByTestId('chat-row').count()).toBe(1);
    await row.waitFor();
    await page.getByTestId('chat-mine').click();

    // A picture from the player shows in the open conversation, served by this server.
    await callAs(
      server,
      '/v1/chat/sendImage',
      { clientMsgId: 'picture-0001', image: ONE_PIXEL_PNG, type: 'image/png', text: 'Here is the receipt.' },
      player.token,
    );
    const picture = page.locator('[data-testid="console-chat-message"][data-sender="player"] img');
    await picture.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-support-chats-en-1440');
  });

  it('shows the inbox in Chinese on a 1024x768 tablet, and sends site mail that reaches the player', async () => {
    const { page } = desk;
    await page.setViewportSize(TABLET);
    await page.evaluate(() => localStorage.setItem('lobby.console.locale', 'zh'));
    await page.reload();
    await page.getByTestId('chat-pane').waitFor();
    expect(await page.getByTestId('support-chats').textContent()).toContain('在线客服');
    expect(await page.getByTestId('chat-answer-send').textContent()).toContain('发送');
    expect(await page.getByTestId('chat-close').textContent()).toContain('关闭会话');
    expect(await page.getByTestId('chat-holder').first().textContent()).toBe('我负责');
    await page.getByTestId('chat-release').click();
    expect(await page.getByTestId('chat-assign').textContent()).toContain('分配给我');
    // The open conversation answers first; the inbox row follows when its list is fetched again.
    await expect.poll(() => page.getByTestId('chat-holder').count()).toBe(0);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-support-chats-zh-1024');

    await page.getByTestId('nav-mail').click();
    await page.getByTestId('support-mail').waitFor();
    await page.locator('input[data-testid="mail-player-id"], [data-testid="mail-player-id"] input').fill(String(player.playerId));
    await page.getByTestId('text-title-en_US').fill('Your deposit is credited');
    await page.getByTestId('text-content-en_US').fill('Thank you for your patience. The deposit is in your balance.');
    await page.getByTestId('mail-send').click();
    // The mail's own notice: the release's may still be showing beside it.
    await page.locator('.ant-message-success').filter({ hasText: '站内信' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-support-mail-zh-1024');

    // The player reads it in their own language; a language not written falls back to the default's words.
    const inbox = await callAs<{ list: { title: string; content: string }[] }>(server, '/v1/mail/mailData', { page: 1, pageSize: 10 }, player.token);
    expect(inbox.list.map((mail) => mail.title)).toContain('Your deposit is credited');
    const inChinese = await callAs<{ list: { title: string }[] }>(server, '/v1/mail/mailData', { page: 1, pageSize: 10, language: 'zh_CN' }, player.token);
    expect(inChinese.list.map((mail) => mail.title)).toContain('Your deposit is credited');

    await page.getByTestId('mail-sent-tab').click();
    await expect.poll(() => page.getByTestId('mail-sent').textContent()).toContain('Your deposit is credited');

    const sent = await server.ops<{ mails: { audience: { kind: string; playerId: number }; sentBy: string }[] }>('/ops/v1/mail/sent', {});
    expect(sent.mails[0]).toMatchObject({ audience: { kind: 'player', playerId: player.playerId }, sentBy: 'support.one' });
  });

  it('publishes a bulletin for every player and withdraws it', async () => {
    const { page } = desk;
    await page.getByTestId('nav-bulletins').click();
    await page.getByTestId('page-empty').waitFor();
    await page.getByTestId('bulletin-new').click();
    await page.getByTestId('text-title-en_US').fill('Maintenance tonight');
    await page.getByTestId('text-content-en_US').fill('Deposits pause from 02:00 to 02:30 UTC.');
    await page.getByTestId('bulletin-publish').click();
    const row = page.getByTestId('bulletin-list').locator('tbody tr', { hasText: 'Maintenance tonight' });
    await expect.poll(() => row.textContent(), { timeout: UI_TIMEOUT }).toContain('展示中');
    const { bulletins } = await server.ops<{ bulletins: { title: Record<string, string>; status: string }[] }>('/ops/v1/bulletins/list', {});
    expect(bulletins[0]).toMatchObject({ status: 'showing', title: { en_US: 'Maintenance tonight', ar_EG: 'Maintenance tonight' } });
    expect(await overflowsHorizontally(page)).toBe(false);

    await row.getByTestId('bulletin-withdraw').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => row.textContent(), { timeout: UI_TIMEOUT }).toContain('已撤回');
  });
});
