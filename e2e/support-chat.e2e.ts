import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, presetSettings, presetToken, screenshot } from './support/app.ts';
import { registerPlayer } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { measureLayout } from './support/layout.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { closeAll } from './support/teardown.ts';

/**
 * The support chat on a 390x844 phone: a player goes from /detail/service's "Online support" to
 * /chat, writes to support, and the operator's answer (sent through the ops endpoints, as a support
 * desk would) appears by itself, over the websocket, without a reload; the operator's typing shows
 * first. Then the conversation is measured and photographed in English and Arabic.
 */

const UI_TIMEOUT = 30_000;

let server: RunningServer;
let browser: Browser;
let token = '';
let playerId = 0;
const contexts: BrowserContext[] = [];

const ops = <T = any>(path: string, body: object) => server.ops<T>(path, body);

/** The visible element with this test id (Ionic keeps earlier pages in the DOM, hidden). */
const visible = (page: Page, id: string): Locator => page.getByTestId(id).filter({ visible: true }).first();

async function conversationOfPlayer(): Promise<{ conversationId: number; lastMessage: { text: string } | null } | undefined> {
  const { conversations } = await ops<{ conversations: { playerId: number; conversationId: number; lastMessage: { text: string } | null }[] }>(
    '/ops/v1/chat/conversations',
    { limit: 200 },
  );
  return conversations.find((c) => c.playerId === playerId);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { withOpsKey: true }), launchBrowser()]);
  const account = `chat${Date.now().toString(36)}`.slice(0, 16);
  ({ token, playerId } = await registerPlayer(server, account, 'chat2support'));
});

afterAll(() => closeAll(contexts, browser, server));

describe('support chat', () => {
  it("a player opens /chat from Online support, sends a message, and the operator's answer appears live", async () => {
    const { context, page } = await newPhone(browser, { colorScheme: 'light' });
    contexts.push(context);
    await presetSettings(context, { language: 'en_US', theme: 'light' });
    await presetToken(context, token);
    await openApp(page, `${server.url}/detail/service`);
    await visible(page, 'service-online').click();
    await visible(page, 'chat-empty').waitFor({ timeout: UI_TIMEOUT });
    expect(page.url()).toMatch(/\/chat$/);

    await visible(page, 'chat-input').fill('Hello, my deposit has not arrived yet.');
    await visible(page, 'chat-send').click();
    const mine = page.locator('[data-testid="chat-message"][data-sender="player"]').filter({ visible: true });
    await expect.poll(() => mine.count(), { timeout: UI_TIMEOUT }).toBe(1);
    expect(await mine.first().innerText()).toContain('Hello, my deposit has not arrived yet.');

    // The desk sees it at the head of its queue and answers; nothing on the page is reloaded.
    let conversation = await conversationOfPlayer();
    expect(conversation?.lastMessage?.text).toBe('Hello, my deposit has not arrived yet.');
    await ops('/ops/v1/chat/typing', { conversationId: conversation!.conversationId, typing: true });
    await visible(page, 'chat-typing').waitFor({ timeout: UI_TIMEOUT });
    // The answer goes out under the name of whoever gives it: here the automation key's.
    const { operatorName } = await ops<{ operatorName: string }>('/ops/v1/chat/answer', {
      conversationId: conversation!.conversationId,
      clientMsgId: randomBytes(8).toString('hex'),
      text: 'Thanks for waiting: it is confirmed and credited now.',
    });
    const answer = page.locator('[data-testid="chat-message"][data-sender="operator"]').filter({ visible: true });
    await expect.poll(() => answer.count(), { timeout: UI_TIMEOUT }).toBe(1);
    expect(await answer.first().innerText()).toContain('Thanks for waiting: it is confirmed and credited now.');
    expect(await answer.first().innerText()).toContain(operatorName);
    await expect.poll(() => page.getByTestId('chat-typing').filter({ visible: true }).count()).toBe(0);
    // Each message is on the page once.
    expect(await page.locator('[data-testid="chat-message"]').filter({ visible: true }).count()).toBe(2);
    conversation = await conversationOfPlayer();
    expect(conversation?.lastMessage?.text).toBe('Thanks for waiting: it is confirmed and credited now.');
    await screenshot(page, 'support-chat-en_US-light');
  });

  it('fits the conversation on a 390 px phone in English and Arabic', async () => {
    const problems: string[] = [];
    for (const [language, theme] of [
      ['en_US', 'dark'],
      ['ar_EG', 'light'],
      ['ar_EG', 'dark'],
    ] as const) {
      const { context, page } = await newPhone(browser, { colorScheme: theme });
      contexts.push(context);
      await presetSettings(context, { language, theme });
      await presetToken(context, token);
      await openApp(page, `${server.url}/chat`);
      await visible(page, 'chat-list').waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => page.getByTestId('chat-message').filter({ visible: true }).count(), { timeout: UI_TIMEOUT }).toBe(2);
      if (language === 'ar_EG') {
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(await visible(page, 'screen-title').innerText()).toBe('خدمة العملاء');
      }
      const report = await measureLayout(page, []);
      if (report.scrollWidth > report.clientWidth) problems.push(`${language} ${theme}: scrolls sideways`);
      for (const o of report.overflows) problems.push(`${language} ${theme}: ${o.element} "${o.text}" outside ${o.within}`);
      const composer = await visible(page, 'chat-composer').boundingBox();
      expect(composer!.y + composer!.height).toBeLessThanOrEqual(844 + 1);
      await screenshot(page, `support-chat-${language}-${theme}`);
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
