import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerPlayer } from './support/api.ts';
import { screenshot } from './support/app.ts';
import { launchBrowser } from './support/browser.ts';
import { newOutsideWallet } from './support/chain.ts';
import { DESKTOP, enrolThroughLink, newDesk, overflowsHorizontally, signInToConsole, TABLET, type StaffCredentials } from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Player protection from the operator's side: a player's limits and time-out on their Protection tab
 * (with no way to lift it), the queue of accounts linked to a self-excluded player decided with a
 * reason, and the protection settings changed and in force at once.
 */

const PASSWORD = 'protect2468';
let server: RunningServer;
let browser: Browser;
let owner: StaffCredentials;
let desk: { context: BrowserContext; page: Page };
let limited: { token: string; playerId: number };
let excluded: { token: string; playerId: number };
let linked: { token: string; playerId: number };

const name = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 16);
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { owners: ['owner.one'], withOpsKey: true }), launchBrowser()]);
  [limited, excluded, linked] = await Promise.all(['pl', 'ex', 'ln'].map((prefix) => registerPlayer(server, name(prefix), PASSWORD)));
  // A daily loss limit of 20 USDT with a raise to 50 waiting out its cooling-off, then a 7-day time-out.
  await callAs(server, '/v1/player/protection/limit_set', { kind: 'loss', period: 'day', amount: '20' }, limited.token);
  await callAs(server, '/v1/player/protection/limit_set', { kind: 'loss', period: 'day', amount: '50' }, limited.token);
  await callAs(server, '/v1/player/protection/time_out', { days: 7 }, limited.token);
  // Two players save the same withdrawal address; one self-excludes: the other is flagged.
  const shared = newOutsideWallet().address;
  for (const player of [excluded, linked]) await callAs(server, '/v1/player/cashout_address/add', { address: shared, label: 'shared' }, player.token);
  await callAs(server, '/v1/player/protection/self_exclude', { period: '6m', confirm: true, password: PASSWORD }, excluded.token);
});
afterAll(async () => {
  await desk?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('the console: player protection', () => {
  it("shows a player's limit, its pending raise, the time-out and the history, and says staff cannot lift it", async () => {
    desk = await newDesk(browser, DESKTOP);
    const { page } = desk;
    owner = await enrolThroughLink(page, server.ownerLinks['owner.one']!, 'owner.one', 'copper willow station 42');
    await signInToConsole(page, server.url, owner);
    await page.goto(`${server.url}/console/players/${limited.playerId}`);
    await page.getByTestId('tab-protection').click();
    await page.getByTestId('protection-tab').waitFor();
    expect(await text(page, 'protection-no-lift')).toContain('Staff cannot lift or shorten a time-out or a self-exclusion');
    expect(await text(page, 'protection-pause')).toBe('Time-out');
    const row = page.getByTestId('protection-limits').locator('tbody tr.ant-table-row');
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toMatch(/^LossPer day20 USDT0 USDT.*Raise to 50 USDTthe player may confirm from \d{4}-/);
    expect(await text(page, 'protection-reality-check')).toBe('Every 60 minutes');
    const history = await page.getByTestId('protection-history-entry').allTextContents();
    expect(history).toHaveLength(3);
    expect(history[0]).toMatch(/^Time-out taken .* · Player7 days, until \d{4}-/);
    expect(history[1]).toContain('Loss limit per day: 20 → 50 USDT');
    expect(history[2]).toContain('Loss limit per day: 20 USDT');
    // The tab changes nothing: no button lifts or shortens the pause.
    expect(await page.getByTestId('protection-tab').getByRole('button').count()).toBe(0);
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.getByTestId('protection-tab').evaluate((tab) => tab.scrollIntoView());
    await screenshot(page, 'console-player-protection-en-1440');
  });

  it('lists the account linked to a self-excluded player, decides it with a reason, and the player pages show the decision', async () => {
    const { page } = desk;
    // The menu counts the flag waiting for review.
    await expect.poll(() => page.getByTestId('nav-count-exclusionLinks').textContent()).toBe('1');
    await page.getByTestId('nav-exclusionLinks').click();
    const flags = page.getByTestId('exclusion-links').locator('tbody tr.ant-table-row');
    await flags.first().waitFor();
    expect(await flags.count()).toBe(1);
    expect(await flags.first().textContent()).toMatch(new RegExp(`${linked.playerId}${excluded.playerId}WalletT\\w+To review`));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'console-exclusion-links-en-1440');
    await flags.first().getByRole('button', { name: 'Decide' }).click();
    await page.getByTestId('decision-confirmed').click();
    await page.getByText('Confirming does not freeze the account: freeze it from the player’s page.').waitFor();
    await page.getByTestId('decision-cleared').click();
    await page.getByTestId('decide-dialog-reason').fill('a family member, checked by phone');
    await page.getByTestId('decide-dialog-submit').click();
    await page.getByTestId('exclusion-links').getByText('No linked-account flag waits for review.').waitFor();
    await expect.poll(() => page.getByTestId('nav-count-exclusionLinks').count()).toBe(0);
    await page.getByTestId('links-show-all').click();
    await page.getByTestId('exclusion-links').getByText('Cleared').waitFor();
    expect(await flags.first().textContent()).toContain('owner.one');
    const { items } = await server.ops<{ items: { playerId: number; decision: string | null; decidedBy: string | null }[] }>('/ops/v1/protection/links', {
      open: false,
    });
    expect(items).toEqual([expect.objectContaining({ playerId: linked.playerId, decision: 'cleared', decidedBy: 'owner.one' })]);

    await page.getByTestId(`player-link-${linked.playerId}`).click();
    await page.getByTestId('tab-protection').click();
    await page.getByTestId('protection-links').getByText('Cleared').waitFor();
    expect(await text(page, 'protection-links')).toContain(`This player is linked to self-excluded player${excluded.playerId}`);
    expect((await page.getByTestId('protection-history-entry').allTextContents())[0]).toMatch(
      new RegExp(
        `^Linked-account flag decided .* · owner\\.oneCleared \\(linked by wallet to player ${excluded.playerId}\\): a family member, checked by phone$`,
      ),
    );
  });

  it('changes the protection settings after checking them, and they are in force at once; the page reads in Chinese at 1024x768', async () => {
    const { page } = desk;
    await page.getByTestId('nav-protectionSettings').click();
    await page.getByTestId('protection-settings').locator('form').waitFor();
    const hours = page.getByTestId('cooling-off-hours').locator('input').or(page.locator('input[data-testid="cooling-off-hours"]')).first();
    const rate = page.locator('input[data-testid="fallback-trx-per-usdt"]');
    await rate.fill('0');
    await page.getByTestId('save-protection-settings').click();
    await page.getByText('A number above zero with at most 6 digits before and 6 after the point').waitFor();
    await rate.fill('6.5');
    await hours.fill('48');
    await page.getByTestId('reality-check-default').click();
    await page.locator('.ant-select-item-option[title="Every 30 minutes"]').click();
    await page.getByTestId('save-protection-settings').click();
    await page.getByText('Saved: in force on every instance').waitFor();
    const { settings } = await server.ops('/ops/v1/protection/settings', {});
    expect(settings).toEqual({
      periodZone: 'Asia/Shanghai',
      realityCheckDefaultMinutes: 30,
      coolingOffHours: 48,
      returnCoolingOffDays: 7,
      fallbackTrxPerUsdt: '6.5',
    });
    // A player who never chose an interval now has the new default.
    const fresh = await registerPlayer(server, name('fr'), PASSWORD);
    expect((await callAs(server, '/v1/player/protection/get', {}, fresh.token)).realityCheckMinutes).toBe(30);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'console-protection-settings-en-1440');

    await page.setViewportSize(TABLET);
    await page.getByTestId('language').click();
    await page.locator('.ant-select-item-option[title="简体中文"]').click();
    await page.getByText('限额周期时区').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'console-protection-settings-zh-1024');
    await page.goto(`${server.url}/console/players/${limited.playerId}`);
    await page.getByTestId('tab-protection').click();
    await page.getByTestId('protection-tab').waitFor();
    expect(await text(page, 'protection-pause')).toBe('暂停');
    expect(await text(page, 'protection-limits')).toContain('提高到 50 USDT');
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.getByTestId('protection-tab').evaluate((tab) => tab.scrollIntoView());
    await screenshot(page, 'console-player-protection-zh-1024');
  });
});
