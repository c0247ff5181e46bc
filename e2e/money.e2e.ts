import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser.ts';
import {
  devnetClient,
  fundAddress,
  fundedOutsideWallet,
  newOutsideWallet,
  sendTrx,
  sendUsdt,
  usdtBalanceOf,
  waitForTransaction,
  type OutsideWallet,
} from './support/chain.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The money issue end to end, on a 390x844 phone: a player signs up, deposits USDT and TRX from
 * their own TRON wallet and watches the recharge screen's balance rise without reloading; sets a
 * fund password and a withdrawal address from the withdraw screen, withdraws USDT below the review
 * threshold and sees it sent, which the chain confirms (the outside wallet holds the amount minus
 * the fee); exchanges USDT to TRX and receives exactly the quoted TRX; and finds all of it in the
 * trade history. After the first page load every step is in-app navigation, as a player would do it.
 *
 * The server runs its devnet with a block every 500 ms (the chain's pace matters to nobody here but
 * the waiting) and polls deposits and withdrawals every 500 ms. The test gives the server its hot
 * wallet key so it can fund that wallet from the faucet, as an operator tops it up: only once the
 * withdrawal screen has told the player it waits for those funds. Element timeouts
 * are generous because the machine is shared; nothing sleeps.
 */

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const UI_TIMEOUT = 45_000;
/** Chain work seen through the UI: a block, the watcher's next poll, the socket event. */
const CHAIN_TIMEOUT = 60_000;
const MICRO = 1_000_000n;

// What the player does, in micro-units (USDT and TRX both have 6 decimals).
const DEPOSIT_USDT = 120_123_456n; // 120.123456 USDT
const DEPOSIT_TRX = 75_000_321n; // 75.000321 TRX
const WITHDRAW_USDT = 30_500_000n; // 30.5 USDT, below the 2000 USDT review threshold
const WITHDRAW_FEE = 1_000_000n; // WITHDRAWAL_USDT_FEE default
const EXCHANGE_USDT = 20_500_000n; // 20.5 USDT
// The operator's exchange rate and spread given to the server.
const TRX_PER_USDT = { text: '6.4321', num: 64_321n, den: 10_000n };
const SPREAD_BPS = 100n;
/** What the exchange pays, worked out here: mid × (1 − spread), rounded down. */
const EXCHANGE_TRX = (EXCHANGE_USDT * TRX_PER_USDT.num * (10_000n - SPREAD_BPS)) / (TRX_PER_USDT.den * 10_000n);

const LOGIN_PASSWORD = 'money2024pw';
const FUND_PASSWORD = '482615';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let sender: OutsideWallet;
let hotWallet: OutsideWallet;

/** Micro-units as the trade screens show an exact amount: thousands separated, at least 2 decimals. */
function exact(micro: bigint): string {
  const whole = (micro / MICRO).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let fraction = (micro % MICRO).toString().padStart(6, '0').replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** Micro-units as balances and exchange quotes are shown: cut to 2 decimals. */
function short(micro: bigint): string {
  const cents = micro / 10_000n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** A decimal amount from the API ("12.5") in micro-units. */
function micro(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return BigInt(match[1]) * MICRO + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** How the app shortens an address in lists. */
const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-6)}`;

/**
 * The whole transaction id behind a shortened one (its title). The devnet's transactions are on no
 * public explorer, so the id links nowhere.
 */
async function shownTxId(locator: Locator): Promise<string> {
  await locator.waitFor({ timeout: UI_TIMEOUT });
  expect(await locator.evaluate((element) => element.closest('a') === null)).toBe(true);
  const txId = (await locator.getAttribute('title')) ?? '';
  if (!/^[0-9a-f]{64}$/i.test(txId)) throw new Error(`no transaction id behind ${JSON.stringify(await locator.innerText())}`);
  return txId;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The visible element with this test id (Ionic keeps earlier pages in the DOM, hidden). */
const byTestId = (id: string): Locator => page.getByTestId(id).filter({ visible: true });

/** Waits until the visible element's whole text is `text` (whitespace normalised). */
async function waitForText(id: string, text: string, timeout = UI_TIMEOUT): Promise<void> {
  const locator = byTestId(id);
  try {
    await locator
      .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) })
      .first()
      .waitFor({ timeout });
  } catch (error) {
    const shown = await locator.allInnerTexts().catch(() => []);
    throw new Error(`${id}: expected ${JSON.stringify(text)}, shown ${JSON.stringify(shown)}\n${(error as Error).message}`);
  }
}

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png` });
}

/**
 * Resolves once the app's realtime socket opened from now on is signed in (the server's
 * `{op:'auth', ok:true}`), after which the player's balance events reach the page.
 */
function socketAuthenticated(): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the realtime socket was not signed in')), UI_TIMEOUT);
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString('utf8');
        if (/"op":\s*"auth"/.test(text) && /"ok":\s*true/.test(text)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
}

/** The player's balances straight from the server, with the session the browser holds. */
async function serverBalances(): Promise<{ usdt: bigint; trx: bigint }> {
  const token = await page.evaluate(() => localStorage.getItem('lobby.token'));
  expect(token).toBeTruthy();
  const reply = await server.call<{ usdt: string; trx: string }>('/v1/player/balance/get', {}, token!);
  expect(reply.code).toBe(0);
  return { usdt: micro(reply.data.usdt), trx: micro(reply.data.trx) };
}

describe('money: deposit, withdraw, exchange and the trade history on a phone', () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The operator's hot wallet: its key is ours, so the faucet can top it up.
    hotWallet = newOutsideWallet();
    server = await startServer(
      {
        DEVNET_BLOCK_MS: '500',
        DEPOSIT_POLL_MS: '500',
        WITHDRAWAL_POLL_MS: '500',
        WITHDRAWAL_CONFIRMATIONS: '3',
        HOT_WALLET_PRIVATE_KEY: hotWallet.privateKey,
        EXCHANGE_TRX_PER_USDT: TRX_PER_USDT.text,
        EXCHANGE_SPREAD_BPS: String(SPREAD_BPS),
        // No hash game is played here; its engine would only load the shared machine.
        HASH_ENGINE: 'false',
      },
      { withOpsKey: true },
    );
    // The operator lets a new withdrawal address be used at once here (it waits 24 hours by default).
    await server.ops('/ops/v1/security/setAddressWait', { hours: 0 });
    // The player's own wallet; the hot wallet starts empty.
    sender = await fundedOutsideWallet(server.devnetUrl, { trx: 1_000n * MICRO, usdt: 1_000n * MICRO });
    browser = await launchBrowser();
    ({ context, page } = await newPhone(browser));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('deposits, withdraws and exchanges, and the history shows all three', async () => {
    // ---- sign up
    await page.goto(`${server.url}/register`);
    await page.getByTestId('launch-screen').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    await byTestId('auth-account').fill(`money${Date.now().toString(36)}`.slice(0, 20));
    await byTestId('auth-password').fill(LOGIN_PASSWORD);
    await byTestId('auth-confirm').fill(LOGIN_PASSWORD);
    await byTestId('auth-submit').click();
    await byTestId('screen-home').waitFor({ timeout: UI_TIMEOUT });

    // ---- deposit: the recharge screen shows the address; the player's wallet pays it
    const live = socketAuthenticated();
    await page.goto(`${server.url}/trade/Recharge`);
    await page.getByTestId('launch-screen').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    await byTestId('screen-trade-recharge').waitFor({ timeout: UI_TIMEOUT });
    const address = (await byTestId('recharge-address').innerText({ timeout: UI_TIMEOUT })).trim();
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await waitForText('recharge-balance', '0.00');
    await waitForText('recharge-confirmations', '1');

    // The app's socket is signed in, so the screen hears of the deposit (it does not poll).
    await live;
    const usdtTx = await sendUsdt(server.devnetUrl, sender, address, DEPOSIT_USDT);
    // The balance rises on the open screen, to the exact amount, without a reload.
    await waitForText('recharge-arrived', `+${exact(DEPOSIT_USDT)}`, CHAIN_TIMEOUT);
    await waitForText('recharge-balance', short(DEPOSIT_USDT));
    await screenshot('money-recharge');
    expect((await waitForTransaction(devnetClient(server.devnetUrl), usdtTx)).success).toBe(true);

    await byTestId('recharge-currency-TRX').click();
    await waitForText('recharge-balance', '0.00');
    const trxTx = await sendTrx(server.devnetUrl, sender, address, DEPOSIT_TRX);
    await waitForText('recharge-arrived', `+${exact(DEPOSIT_TRX)}`, CHAIN_TIMEOUT);
    await waitForText('recharge-balance', short(DEPOSIT_TRX));
    await byTestId('recharge-currency-USDT').click();
    await waitForText('recharge-balance', short(DEPOSIT_USDT));
    expect(await serverBalances()).toEqual({ usdt: DEPOSIT_USDT, trx: DEPOSIT_TRX });

    // ---- withdraw: first a fund password and an address, from the withdraw screen's own links
    await byTestId('trade-tab-Withdraw').click();
    await byTestId('screen-trade-withdraw').waitFor({ timeout: UI_TIMEOUT });
    await byTestId('withdraw-set-fund-password').click({ timeout: UI_TIMEOUT });
    await byTestId('screen-set-fund-password').waitFor({ timeout: UI_TIMEOUT });
    expect(await byTestId('fundpwd-form').getAttribute('data-mode')).toBe('set');
    await byTestId('fundpwd-login').fill(LOGIN_PASSWORD);
    await byTestId('fundpwd-new').fill(FUND_PASSWORD);
    await byTestId('fundpwd-confirm').fill(FUND_PASSWORD);
    await byTestId('fundpwd-submit').click();

    // Back on the withdraw screen, which now asks for an address.
    await byTestId('screen-trade-withdraw').waitFor({ timeout: UI_TIMEOUT });
    const receiver = newOutsideWallet();
    await byTestId('withdraw-add-address').click({ timeout: UI_TIMEOUT });
    await byTestId('screen-add-address').waitFor({ timeout: UI_TIMEOUT });
    await byTestId('addr-input').fill(receiver.address);
    await byTestId('addr-label').fill('My wallet');
    await byTestId('addr-submit').click();

    await byTestId('screen-trade-withdraw').waitFor({ timeout: UI_TIMEOUT });
    const select = byTestId('withdraw-address-select');
    await select.waitFor({ timeout: UI_TIMEOUT });
    expect(await select.locator('option:checked').innerText()).toContain('My wallet');
    await waitForText('withdraw-available', `${short(DEPOSIT_USDT)} USDT`);
    await byTestId('withdraw-amount').fill(exact(WITHDRAW_USDT));
    await waitForText('withdraw-fee', `${exact(WITHDRAW_FEE)} USDT`);
    await waitForText('withdraw-receive', `${exact(WITHDRAW_USDT - WITHDRAW_FEE)} USDT`);
    expect(await byTestId('withdraw-review-note').count()).toBe(0);
    await byTestId('withdraw-fund-password').fill(FUND_PASSWORD);
    await byTestId('withdraw-submit').click();

    const result = byTestId('withdraw-result');
    await result.waitFor({ timeout: UI_TIMEOUT });
    // The hot wallet cannot pay yet: the screen says the withdrawal waits for it, then the operator tops it up.
    const waiting = page.locator('[data-testid="withdraw-waiting"][data-reason="hot_wallet_funds"]').filter({ visible: true });
    await waiting.waitFor({ timeout: CHAIN_TIMEOUT });
    expect(await result.getAttribute('data-status')).toBe('sending');
    await fundAddress(server.devnetUrl, hotWallet.address, { trx: 1_000n * MICRO, usdt: 10_000n * MICRO });
    // Below the review threshold it is sent at once, and the screen follows it to the chain.
    await page.locator('[data-testid="withdraw-result"][data-status="sent"]').filter({ visible: true }).waitFor({ timeout: CHAIN_TIMEOUT });
    const withdrawTx = await shownTxId(byTestId('withdraw-tx'));
    await screenshot('money-withdraw');
    // The chain agrees: the transaction shown succeeded and the outside wallet received the amount minus the fee.
    expect((await waitForTransaction(devnetClient(server.devnetUrl), withdrawTx)).success).toBe(true);
    expect(await usdtBalanceOf(server.devnetUrl, receiver.address)).toBe(WITHDRAW_USDT - WITHDRAW_FEE);
    expect(await serverBalances()).toEqual({ usdt: DEPOSIT_USDT - WITHDRAW_USDT, trx: DEPOSIT_TRX });
    await byTestId('withdraw-done').click();

    // ---- exchange USDT to TRX at the quoted rate
    await byTestId('trade-tab-Exchange').click();
    await byTestId('screen-trade-exchange').waitFor({ timeout: UI_TIMEOUT });
    await byTestId('exchange-amount').waitFor({ timeout: UI_TIMEOUT });
    // The coin's mark, then its code.
    expect((await byTestId('exchange-from-currency').innerText()).trim()).toMatch(/USDT$/);
    expect((await byTestId('exchange-to-currency').innerText()).trim()).toMatch(/TRX$/);
    await waitForText('exchange-balance', short(DEPOSIT_USDT - WITHDRAW_USDT));
    await byTestId('exchange-amount').fill(exact(EXCHANGE_USDT));
    // The quote reads with two decimals, cut down (SPEC section 9); the ledger below is checked to the micro-unit.
    await waitForText('exchange-receive', short(EXCHANGE_TRX));
    await screenshot('money-exchange');
    await byTestId('exchange-submit').click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `${short(EXCHANGE_TRX)} TRX` })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    await waitForText('exchange-balance', short(DEPOSIT_USDT - WITHDRAW_USDT - EXCHANGE_USDT));
    // Exactly the quoted TRX arrived.
    expect(await serverBalances()).toEqual({ usdt: DEPOSIT_USDT - WITHDRAW_USDT - EXCHANGE_USDT, trx: DEPOSIT_TRX + EXCHANGE_TRX });
    await byTestId('exchange-swap').click();
    await waitForText('exchange-balance', short(DEPOSIT_TRX + EXCHANGE_TRX));

    // ---- the trade history has the deposits, the withdrawal and the exchange
    await byTestId('trade-history-link').click();
    await byTestId('screen-trade-history').waitFor({ timeout: UI_TIMEOUT });
    await byTestId('tradehis-list').waitFor({ timeout: UI_TIMEOUT });
    const rows = byTestId('tradehis-row');
    const row = (type: string, amount: string) => rows.and(page.locator(`[data-type="${type}"]`)).filter({ hasText: amount });
    const deposit = row('deposit', `+${exact(DEPOSIT_USDT)} USDT`);
    const depositTrx = row('deposit', `+${exact(DEPOSIT_TRX)} TRX`);
    const withdrawal = row('withdraw', `${exact(WITHDRAW_USDT)} USDT`);
    const exchange = row('exchange', `${exact(EXCHANGE_USDT)} USDT`);
    for (const locator of [deposit, depositTrx, withdrawal, exchange]) await locator.waitFor({ timeout: UI_TIMEOUT });
    expect(await rows.count()).toBe(4);
    for (const locator of [deposit, depositTrx, withdrawal, exchange]) expect(await locator.getAttribute('data-status')).toBe('completed');
    expect(await exchange.innerText()).toContain(`+${exact(EXCHANGE_TRX)} TRX`);
    expect(await withdrawal.innerText()).toContain(exact(WITHDRAW_FEE));
    // Each chain movement shows its own transaction, with the outside wallet on the other side.
    expect(await shownTxId(deposit.getByTestId('tradehis-tx'))).toBe(usdtTx);
    expect(await shownTxId(depositTrx.getByTestId('tradehis-tx'))).toBe(trxTx);
    expect(await shownTxId(withdrawal.getByTestId('tradehis-tx'))).toBe(withdrawTx);
    expect(await deposit.innerText()).toContain(shortAddress(sender.address));
    expect(await withdrawal.innerText()).toContain(shortAddress(receiver.address));
    expect(await exchange.getByTestId('tradehis-tx').count()).toBe(0);
    // The exchange's toast gone, so the picture shows the whole list.
    await page.getByTestId('toast').first().waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await screenshot('money-history');
  });
});
