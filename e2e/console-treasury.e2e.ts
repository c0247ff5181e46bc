import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerPlayer, until } from './support/api.ts';
import { screenshot } from './support/app.ts';
import { launchBrowser } from './support/browser.ts';
import { fundedOutsideWallet, sendUsdt } from './support/chain.ts';
import { DESKTOP, enrolThroughLink, newDesk, overflowsHorizontally, signInToConsole, TABLET } from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Treasury > Reconciliation from the operator's side: a player's deposit is credited; the owner opens
 * the page (no run yet), reconciles now and sees USDT covered to the micro-unit (the deposit on its
 * address against the player's balance), the run in the history, and the page in Chinese.
 */

const MICRO = 1_000_000n;

let server: RunningServer;
let browser: Browser;
let desk: { context: BrowserContext; page: Page };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { owners: ['owner.one'] }), launchBrowser()]);
  const player = await registerPlayer(server, `tr${Date.now().toString(36)}`.slice(0, 16), 'treasury2468');
  const { address } = await callAs<{ address: string }>(server, '/v1/bank/deposit/address', {}, player.token);
  const sender = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: 25_500_001n });
  await sendUsdt(server.devnetUrl, sender, address, 25_500_001n);
  await until('the deposit is credited', async () => (await callAs<{ usdt: string }>(server, '/v1/player/balance/get', {}, player.token)).usdt === '25.500001');
});
afterAll(async () => {
  await desk?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('the console: treasury reconciliation', () => {
  it('runs a reconciliation on demand and shows each currency against what players are owed, and its history', async () => {
    desk = await newDesk(browser, DESKTOP);
    const { page } = desk;
    const owner = await enrolThroughLink(page, server.ownerLinks['owner.one']!, 'owner.one', 'copper willow station 42');
    await signInToConsole(page, server.url, owner);
    await page.getByTestId('nav-reconciliation').click();
    await page.getByText('No reconciliation has run yet.').waitFor();

    await page.getByTestId('reconcile-now').click();
    const usdt = page.getByTestId('reconciliation-USDT');
    await usdt.waitFor();
    expect(await usdt.textContent()).toContain('Covered');
    expect(await usdt.textContent()).toContain('Deposit addresses: 25.500001');
    expect(await usdt.textContent()).toContain('Cash: 25.500001');
    expect(await page.getByTestId('reconciliation-USDT-difference').textContent()).toBe('0');
    expect(await page.getByTestId('reconciliation-history').locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-treasury-en-1440');
  });

  it('shows the page in Chinese at 1024x768 without sideways scrolling', async () => {
    const { page } = desk;
    await page.setViewportSize(TABLET);
    await page.getByTestId('language').click();
    await page.locator('.ant-select-item-option[title="简体中文"]').click();
    await page.getByText('立即对账').waitFor();
    expect(await page.getByTestId('treasury-reconciliation').textContent()).toContain('足额');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-treasury-zh-1024');
  });
});
