import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDT_CONTRACT } from '../apps/server/src/chain/devnet/index.ts';
import { accountKeysFromSeed } from '../apps/server/src/chain/hd.ts';
import { loadSignerConfig } from '../apps/server/src/signer/signer-config.ts';
import { type RunningSigner, startSignerServer } from '../apps/server/src/signer/signer-server.ts';
import { callAs, registerPlayer, until } from './support/api.ts';
import { screenshot } from './support/app.ts';
import { launchBrowser } from './support/browser.ts';
import { fundAddress, fundedOutsideWallet, newOutsideWallet, sendUsdt } from './support/chain.ts';
import {
  DESKTOP,
  enrolThroughLink,
  newDesk,
  opsFromPage,
  overflowsHorizontally,
  signInToConsole,
  type StaffCredentials,
  TABLET,
  withStepUp,
} from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Treasury > Reconciliation from the operator's side: a player's deposit is credited; the owner opens
 * the page (no run yet), reconciles now and sees USDT covered to the micro-unit (the deposit on its
 * address against the player's balance), the run in the history, and the page in Chinese.
 *
 * Treasury > Sweeps with the signer process holding the deposit keys: the owner sees the hot wallet
 * below its floors and no cycle yet, runs a cycle (step-up) that sweeps the player's deposit into the
 * hot wallet and opens top-up requests, sees the sweep confirmed by the next cycle, changes the USDT
 * floor and target (refused while the floor exceeds the target); an analyst (treasury.read) sees the
 * same page with nothing to run, change or prepare, and the server refuses the cycle; and the page in
 * Chinese on a tablet.
 */

const MICRO = 1_000_000n;

let server: RunningServer;
let browser: Browser;
let desk: { context: BrowserContext; page: Page };
let owner: StaffCredentials;
let signer: RunningSigner;
let depositAddress: string;
const hot = newOutsideWallet();
const cold = newOutsideWallet().address;

beforeAll(async () => {
  const keys = accountKeysFromSeed(randomBytes(32));
  const sharedKey = randomBytes(32).toString('hex');
  signer = await startSignerServer(
    loadSignerConfig({
      SIGNER_XPRV: keys.xprv,
      SIGNER_ALLOWED_DESTINATIONS: `${hot.address},${cold}`,
      SIGNER_USDT_CONTRACT: USDT_CONTRACT,
      SIGNER_SHARED_KEY: sharedKey,
      SIGNER_HOST: '127.0.0.1',
      SIGNER_PORT: '0',
      SIGNER_LOG: join(mkdtempSync(join(tmpdir(), 'console-signer-')), 'log.jsonl'),
    }),
  );
  const treasury = {
    DEPOSIT_XPUB: keys.xpub,
    HOT_WALLET_PRIVATE_KEY: hot.privateKey,
    TREASURY_SWEEP_COLD_ADDRESS: cold,
    TREASURY_SIGNER_URL: signer.url,
    TREASURY_SIGNER_KEY: sharedKey,
    // Cycles only when the owner asks for one; a treasury transaction is final one block deep.
    TREASURY_SWEEP_MINUTES: '0',
    WITHDRAWAL_CONFIRMATIONS: '1',
  };
  [server, browser] = await Promise.all([startServer(treasury, { owners: ['owner.one'], withOpsKey: true }), launchBrowser()]);
  // TRX for the hot wallet to pay what a sweep needs first (activation, fees); no USDT, as before any sweep.
  await fundAddress(server.devnetUrl, hot.address, { trx: 500n * MICRO });
  const player = await registerPlayer(server, `tr${Date.now().toString(36)}`.slice(0, 16), 'treasury2468');
  const { address } = await callAs<{ address: string }>(server, '/v1/bank/deposit/address', {}, player.token);
  depositAddress = address;
  const sender = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: 25_500_001n });
  await sendUsdt(server.devnetUrl, sender, address, 25_500_001n);
  await until('the deposit is credited', async () => (await callAs<{ usdt: string }>(server, '/v1/player/balance/get', {}, player.token)).usdt === '25.500001');
});
afterAll(async () => {
  await desk?.context.close();
  await browser?.close();
  await server?.stop();
  await signer?.close();
});

describe('the console: treasury reconciliation', () => {
  it('runs a reconciliation on demand and shows each currency against what players are owed, and its history', async () => {
    desk = await newDesk(browser, DESKTOP);
    const { page } = desk;
    owner = await enrolThroughLink(page, server.ownerLinks['owner.one']!, 'owner.one', 'copper willow station 42');
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

describe('the console: treasury sweeps', () => {
  it('shows the hot wallet against its floors, runs a cycle that sweeps the deposit and asks for a top-up, and lists the sweep', async () => {
    const { page } = desk;
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('language').click();
    await page.locator('.ant-select-item-option[title="English"]').click();
    await page.getByTestId('nav-sweeps').click();
    await page.getByTestId('hot-wallet').waitFor();
    // Before any cycle: 0 USDT and 500 TRX against the configured floors of 1,000 USDT and 2,000 TRX.
    expect(await page.getByTestId('hot-USDT-balance').textContent()).toBe('0 USDT');
    expect(await page.getByTestId('hot-USDT-state').textContent()).toBe('Below floor');
    expect(await page.getByTestId('hot-TRX-balance').textContent()).toBe('500 TRX');
    expect(await page.getByTestId('sweeps-signer').textContent()).toContain('Online');
    expect(await page.getByTestId('topups-none').textContent()).toContain('No top-up request is open');
    expect(await page.getByTestId('sweeps-list').textContent()).toContain('No sweep yet.');
    expect(await page.getByTestId('setting-floor-USDT').textContent()).toBe('1,000');
    expect(await page.getByTestId('setting-target-USDT').textContent()).toBe('5,000');

    await withStepUp(page, owner, () => page.getByTestId('sweep-now').click());
    const cycles = page.getByTestId('cycles-list');
    await cycles.locator('tbody tr.ant-table-row').first().waitFor();
    const cycleRow = await cycles.locator('tbody tr.ant-table-row').first().textContent();
    expect(cycleRow).toContain('#1');
    expect(cycleRow).toContain('owner.one');
    // The deposit address only ever received USDT: this cycle activates it, and its sweep waits for the activation.
    expect(cycleRow).toContain('1 activated');
    expect(cycleRow).toContain('1 waiting');
    expect(cycleRow).toContain('2 top-up request(s)');
    // The hot wallet holds no USDT yet: the cold wallet's holders are asked for target − balance.
    const topups = page.getByTestId('topups');
    expect(await topups.locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await topups.textContent()).toContain('5,000 USDT');
    // The transfer the cold wallet's holders sign: built by the server, unsigned, good for a day.
    const usdtTopup = topups.locator('tbody tr.ant-table-row').filter({ hasText: '5,000 USDT' });
    await usdtTopup.locator('[data-testid^="topup-prepare-"]').click();
    const transfer = page.getByTestId('topup-transaction-details');
    await transfer.waitFor();
    expect(await transfer.textContent()).toContain('5,000 USDT');
    expect(await page.getByTestId('topup-txid').textContent()).toMatch(/^[0-9a-f]{64}/);
    await screenshot(page, 'console-topup-transfer-en-1440');
    await page.locator('.ant-modal-close').click();
    await page.getByRole('tab', { name: /^Chain transactions/ }).click();
    const activation = await page.getByTestId('actions-list').locator('tbody tr.ant-table-row').first().textContent();
    expect(activation).toContain('Activation');
    expect(activation).toContain(`${depositAddress.slice(0, 6)}…${depositAddress.slice(-6)}`);

    // Later cycles sign and send the sweep, then follow it to its confirmation.
    const sweep = page.getByTestId('sweeps-list').locator('tbody tr.ant-table-row');
    let confirmed = false;
    for (let cycle = 2; cycle <= 10 && !confirmed; cycle++) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await withStepUp(page, owner, () => page.getByTestId('sweep-now').click());
      // The cycles' list shows it once it has run (its toast may be gone after the step-up dialog's wait).
      await expect.poll(() => cycles.locator('tbody tr.ant-table-row').count(), { timeout: 30_000 }).toBe(cycle);
      await page.getByRole('tab', { name: /^Sweeps/ }).click();
      confirmed = (await sweep.count()) > 0 && ((await sweep.first().textContent())?.includes('Confirmed') ?? false);
    }
    expect(confirmed).toBe(true);
    expect(await sweep.count()).toBe(1);
    expect(await sweep.first().textContent()).toContain(`${depositAddress.slice(0, 6)}…${depositAddress.slice(-6)}`);
    expect(await sweep.first().textContent()).toContain('25.500001 USDT');
    expect(await sweep.first().textContent()).toContain('Hot');
    expect(await page.getByTestId('hot-USDT-balance').textContent()).toBe('25.500001 USDT');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-sweeps-en-1440');
    await page.getByTestId('sweeps-tabs').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-sweeps-list-en-1440');
  });

  it('changes the USDT floor and target, refusing a floor above its target, and the change is read back', async () => {
    const { page } = desk;
    await page.getByTestId('sweep-settings-change').click();
    await page.getByTestId('sweep-floor-USDT').fill('40');
    await page.getByTestId('sweep-target-USDT').fill('30');
    await page.locator('#sweep-settings-save').click();
    await page.getByText('The floor must not exceed the target').waitFor();
    await page.getByTestId('sweep-floor-USDT').fill('20');
    await page.getByTestId('sweep-threshold-USDT').fill('0');
    await page.locator('#sweep-settings-save').click();
    await page.getByText('Must be greater than zero').waitFor();
    await page.getByTestId('sweep-threshold-USDT').fill('7.5');
    await withStepUp(page, owner, () => page.locator('#sweep-settings-save').click());
    const closed = await page
      .getByTestId('sweep-floor-USDT')
      .waitFor({ state: 'hidden', timeout: 30_000 })
      .then(
        () => true,
        () => false,
      );
    expect(closed ? null : await page.getByTestId('sweep-settings-error').textContent()).toBeNull();
    await expect.poll(() => page.getByTestId('setting-floor-USDT').textContent()).toBe('20');
    expect(await page.getByTestId('setting-target-USDT').textContent()).toBe('30');
    expect(await page.getByTestId('sweep-settings-updated').textContent()).toContain('Changed by owner.one');
    // 25.500001 USDT now lies between the floor and the target.
    expect(await page.getByTestId('hot-USDT-state').textContent()).toBe('Between floor and target');

    const read = await opsFromPage(page, '/ops/v1/treasury/sweeps', {});
    expect(read.code).toBe(0);
    expect(read.data.settings).toMatchObject({
      threshold: { USDT: '7.5', TRX: '50' },
      floor: { USDT: '20', TRX: '2000' },
      target: { USDT: '30', TRX: '10000' },
      updatedBy: 'owner.one',
    });
  });

  it('shows an analyst (treasury.read) the hot wallet and the sweeps, with nothing to run, change or prepare, and the server agrees', async () => {
    // The analyst's roles are a request made by the key: the owner, a second person, approves it.
    const invited = await server.ops('/ops/v1/staff/invite', { login: 'analyst.one', roles: ['analyst'] });
    expect(
      (await opsFromPage(desk.page, '/ops/v1/approvals/decide', { id: invited.request.id, approve: true, reason: 'analyst reads the treasury' })).data?.status,
    ).toBe('approved');
    const { context, page } = await newDesk(browser, DESKTOP);
    try {
      const analyst = await enrolThroughLink(page, `${server.url}/console/enrol#${invited.link.split('#')[1]}`, 'analyst.one', 'amber harbour lantern 7');
      await signInToConsole(page, server.url, analyst);
      await page.getByTestId('nav-sweeps').click();
      await page.getByTestId('hot-USDT-state').waitFor();
      expect(await page.getByTestId('hot-USDT-state').textContent()).toBe('Between floor and target');
      expect(await page.getByTestId('setting-floor-USDT').textContent()).toBe('20');
      expect(await page.getByTestId('treasury-sweeps').textContent()).toContain('Confirmed');
      expect(await page.getByTestId('sweep-now').count()).toBe(0);
      expect(await page.getByTestId('sweep-settings-change').count()).toBe(0);
      // The owner's top-up requests are listed, without the button that prepares their transaction.
      expect(await page.getByTestId('topups').locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-testid^="topup-prepare-"]').count()).toBe(0);
      expect((await opsFromPage(page, '/ops/v1/treasury/sweep', {})).code).toBe(10055);
      expect((await opsFromPage(page, '/ops/v1/treasury/sweeps', {})).code).toBe(0);
      expect(await overflowsHorizontally(page)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('shows the sweeps page in Chinese at 1024x768 without sideways scrolling', async () => {
    const { page } = desk;
    await page.setViewportSize(TABLET);
    await page.getByTestId('language').click();
    await page.locator('.ant-select-item-option[title="简体中文"]').click();
    await page.getByText('立即运行归集周期').waitFor();
    expect(await page.getByTestId('hot-USDT-state').textContent()).toBe('介于下限与目标之间');
    expect(await page.getByTestId('treasury-sweeps').textContent()).toContain('已确认');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-sweeps-zh-1024');
    await page.getByRole('tab', { name: /^周期/ }).click();
    await page.getByTestId('cycles-list').scrollIntoViewIfNeeded();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-sweeps-cycles-zh-1024');
  });
});
