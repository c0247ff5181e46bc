import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerPlayer, until } from './support/api.ts';
import { markActivityPopupsSeen, openApp, presetSettings, presetToken, screenshot, shown } from './support/app.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { fundedOutsideWallet, newOutsideWallet, sendUsdt } from './support/chain.ts';
import { DESKTOP, enrolThroughLink, newDesk, overflowsHorizontally, signInToConsole, TABLET, withStepUp, type StaffCredentials } from './support/console.ts';
import { measureLayout } from './support/layout.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Sanctions screening from the operator's side: a player's deposit comes from an address staff listed,
 * so it is held, not credited. The owner opens Risk > Sanctions, sees the shipped OFAC lists counted,
 * uploads a text with a bad line (refused, the line named, nothing changed) and then a good one, finds
 * the new address, and credits the held deposit after review: the player's balance moves by exactly it.
 */

const MICRO = 1_000_000n;
const DEPOSIT = 25n * MICRO;

let server: RunningServer;
let browser: Browser;
let owner: StaffCredentials;
let desk: { context: BrowserContext; page: Page };
let player: { token: string; playerId: number };

/** The text box of an Ant Design field, whether the test id sits on the box or on its wrapper. */
const field = (page: Page, testId: string) => page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

const usdtBalance = async () => (await callAs<{ usdt: string }>(server, '/v1/player/balance/get', {}, player.token)).usdt;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { owners: ['owner.one'], withOpsKey: true }), launchBrowser()]);
  player = await registerPlayer(server, `sx${Date.now().toString(36)}`.slice(0, 16), 'sanctions2468');
  const { address } = await callAs<{ address: string }>(server, '/v1/bank/deposit/address', {}, player.token);
  const sender = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: DEPOSIT });
  await server.ops('/ops/v1/sanctions/upload', { list: 'compliance-desk', text: sender.address });
  await sendUsdt(server.devnetUrl, sender, address, DEPOSIT);
  await until(
    'the deposit is held for review',
    async () => (await server.ops<{ total: number }>('/ops/v1/sanctions/hits', { state: 'held', playerId: player.playerId })).total === 1,
  );
});
afterAll(async () => {
  await desk?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('the player whose deposit is held', () => {
  it('sees it under review in the trade history, with why, on a phone in English and in Arabic', async () => {
    for (const [language, theme] of [
      ['en_US', 'light'],
      ['ar_EG', 'dark'],
    ] as const) {
      const { context, page } = await newPhone(browser, { colorScheme: theme });
      try {
        await presetSettings(context, { language, theme });
        await presetToken(context, player.token);
        await markActivityPopupsSeen(context, server, player.token);
        await openApp(page, `${server.url}/trade/TradeHis`);
        const row = shown(page, 'tradehis-row').and(page.locator('[data-type="deposit"]'));
        await row.getByTestId('tradehis-held').waitFor();
        expect(await row.getAttribute('data-status')).toBe('pending');
        // The filter chips scroll sideways by design.
        const report = await measureLayout(page, ['.chip-row']);
        expect(report.scrollWidth).toBeLessThanOrEqual(report.clientWidth);
        expect(report.overflows).toEqual([]);
        if (language === 'ar_EG') expect(report.dir).toBe('rtl');
        await screenshot(page, `sanctions-held-deposit-${language}-${theme}-390`);
      } finally {
        await context.close();
      }
    }
  });
});

describe('the console: sanctions', () => {
  it('counts the lists, names the bad line of an upload, adds a good one, and credits a held deposit after review', async () => {
    desk = await newDesk(browser, DESKTOP);
    const { page } = desk;
    owner = await enrolThroughLink(page, server.ownerLinks['owner.one']!, 'owner.one', 'copper willow station 42');
    await signInToConsole(page, server.url, owner);
    await page.goto(`${server.url}/console/risk/sanctions`);
    await page.getByTestId('sanction-list-ofac-trx').waitFor();
    expect(await page.getByTestId('sanction-list-ofac-usdt').textContent()).toContain('11 shipped, 0 uploaded');
    expect(await usdtBalance()).toBe('0');

    const listed = newOutsideWallet().address;
    await field(page, 'upload-list').fill('compliance-desk');
    await page.getByTestId('upload-text').fill(`# from the regulator\n${listed}\nT-not-an-address`);
    await page.getByTestId('upload-submit').click();
    const refusal = page.getByTestId('upload-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Line 3:');
    expect(await page.getByTestId('sanction-list-compliance-desk').textContent()).toContain('0 shipped, 1 uploaded');

    await page.getByTestId('upload-text').fill(`# from the regulator\n${listed}`);
    await page.getByTestId('upload-submit').click();
    await refusal.waitFor({ state: 'detached' });
    await page.getByTestId('sanction-list-compliance-desk').getByText('0 shipped, 2 uploaded').waitFor();
    await field(page, 'sanction-search').fill(listed.slice(2, 14));
    await field(page, 'sanction-search').press('Enter');
    await page.getByTestId(`remove-${listed}`).waitFor();

    const [held] = (await server.ops<{ list: { id: number }[] }>('/ops/v1/sanctions/hits', { state: 'held', playerId: player.playerId })).list;
    expect(await page.getByTestId(`hit-state-${held!.id}`).textContent()).toBe('Held');
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.getByTestId('sanction-counts').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-sanctions-en-1440');

    await page.getByTestId(`credit-${held!.id}`).click();
    await page.getByTestId('decide-dialog-reason').fill('the sender was delisted');
    await withStepUp(
      page,
      owner,
      () => page.getByTestId('decide-dialog-submit').click(),
      () => page.getByTestId('decide-dialog').waitFor({ state: 'hidden' }),
    );
    await until('the held deposit is credited', async () => (await usdtBalance()) === '25');
    await page.getByTestId('hits-filter').getByText('All').click();
    await page.getByTestId(`hit-state-${held!.id}`).getByText('Credited').waitFor();
  });

  it('shows the page in Chinese at 1024x768 without sideways scrolling', async () => {
    const { page } = desk;
    await page.setViewportSize(TABLET);
    await page.getByTestId('language').click();
    await page.locator('.ant-select-item-option[title="简体中文"]').click();
    await page.getByText('上传名单').waitFor();
    expect(await page.getByTestId('risk-sanctions').textContent()).toContain('制裁名单');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-sanctions-zh-1024');
  });
});
