import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCED_KEY } from '../apps/web/src/screens/Activity/announced.ts';
import { markActivityPopupsSeen, openApp as open, presetToken, screenshot, SCREENSHOT_DIR, shown } from './support/app.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { BlockPacer, fundedOutsideWallet, sendTrx, sendUsdt, type OutsideWallet } from './support/chain.ts';
import { LADDER_VIP1_AT_20_USDT } from './support/ops.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * What the player is told, on a 390x844 phone, in English and Arabic, light and dark: a deposit
 * counted block by block from the moment it is seen until the opaque toast of its arrival; popups
 * that close with a cross or a tap beside them, and a level-up that waits behind a bell while an
 * auto-bet bets instead of covering its Stop button; the result moment of a hash round, its
 * countdown in tenths and the explanation of the crossed-out letters; and a transfer-bet wallet
 * shown bound (after a reload too) with the way to unbind it.
 *
 * The server's devnet is in manual mode and this file makes its blocks (BlockPacer): none while the
 * deposit must stand at 7 of 19 confirmations for its screenshots, 300 ms apart where only the
 * chain is waited on, 3 s apart (as on TRON) while hash rounds are played. Nothing sleeps.
 */

const UI_TIMEOUT = 45_000;
const MICRO = 1_000_000n;
const CONFIRMATIONS = 19;
const DEPOSIT = 3_000n * MICRO;
const PASSWORD = 'feedback24';

/** VIP 1 at 20 USDT of bets: the auto-bet's first 20 USDT round reaches it. */
const LADDER = LADDER_VIP1_AT_20_USDT;

const VARIANTS = [
  { language: 'en_US', theme: 'dark', name: 'en-dark' },
  { language: 'en_US', theme: 'light', name: 'en-light' },
  { language: 'ar_EG', theme: 'dark', name: 'ar-dark' },
  { language: 'ar_EG', theme: 'light', name: 'ar-light' },
] as const;
type Variant = (typeof VARIANTS)[number];

let server: RunningServer;
let pacer: BlockPacer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
let wallet: OutsideWallet;
let depositAddress = '';

async function call<T = any>(path: string, body: object = {}): Promise<T> {
  const reply = await server.call<T>(path, body, token);
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

const ops = (path: string, body: object) => server.ops(path, body);

const byTestId = (id: string): Locator => shown(page, id).first();

/** Opens a path of the app in a language and theme, as a player who chose them before. */
async function openAs(variant: Pick<Variant, 'language' | 'theme'>, path: string): Promise<void> {
  // The app's storage is reachable from one of its pages only.
  if (!page.url().startsWith(server.url)) await page.goto(`${server.url}/robots.txt`);
  await page.evaluate((state) => localStorage.setItem('lobby.settings', JSON.stringify({ state, version: 0 })), {
    language: variant.language,
    theme: variant.theme,
  });
  await open(page, `${server.url}${path}`);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(variant.theme);
}

/** Inside the viewport and on top at its centre: the player can see it and tap it. */
function onTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const inside = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth && box.width > 0;
    return inside && el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
  });
}

/** Whether anything the player could tap lies under this element (at its centre and corners). */
function coversAControl(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const points = [
      [box.left + 2, box.top + 2],
      [box.right - 2, box.top + 2],
      [box.left + 2, box.bottom - 2],
      [box.right - 2, box.bottom - 2],
      [box.left + box.width / 2, box.top + box.height / 2],
    ];
    return points.some(([x, y]) =>
      document
        .elementsFromPoint(x, y)
        .filter((under) => !el.contains(under))
        .some((under) => under.closest('button, a, input, select, [role="radio"], [role="tab"]') !== null),
    );
  });
}

/** The alpha of an element's computed background colour (1 when opaque). */
const backgroundAlpha = (locator: Locator) =>
  locator.evaluate((el) => {
    const match = /rgba?\(([^)]+)\)/.exec(getComputedStyle(el).backgroundColor);
    const parts = match ? match[1].split(',').map((p) => p.trim()) : [];
    return parts.length === 4 ? Number(parts[3]) : parts.length === 3 ? 1 : 0;
  });

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '').trim();

describe('what the player is told: deposits, popups, hash results and a bound wallet', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer(
        {
          DEVNET_MANUAL: '1',
          DEPOSIT_CONFIRMATIONS: String(CONFIRMATIONS),
          DEPOSIT_POLL_MS: '300',
          HASH_ENGINE_POLL_MS: '200',
          HASH_HEAD_MAX_AGE_SECONDS: '20',
          BET_ADDRESS_ACTIVATION_TRX: '1',
        },
        { withOpsKey: true },
      ),
      launchBrowser(),
    ]);
    pacer = new BlockPacer(server.devnetUrl, 300).start();
    await ops('/ops/v1/economy/set', { key: 'vip.levels', value: LADDER });
    const account = `fb${Date.now().toString(36)}`.slice(0, 16);
    token = (await call<{ token: string }>('/v1/player/register', { kind: 1, account, password: PASSWORD, lang: 'en_US' })).token;
    depositAddress = (await call<{ address: string }>('/v1/bank/deposit/address')).address;
    wallet = await fundedOutsideWallet(server.devnetUrl, { trx: 200n * MICRO, usdt: 5_000n * MICRO });
    ({ context, page } = await newPhone(browser));
    await presetToken(context, token);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await pacer?.stop();
    await server?.stop();
  });

  it('deposit: incoming with its confirmations counted (7/19) on the Deposit screen and in Transactions, then an opaque toast when it arrives', async () => {
    await openAs(VARIANTS[0], '/trade/Recharge');
    await byTestId('recharge-address').waitFor({ timeout: UI_TIMEOUT });
    expect(await byTestId('recharge-incoming').count()).toBe(0);

    // The chain stands still while the player looks: the transfer's block and six more.
    await pacer.stop();
    await sendUsdt(server.devnetUrl, wallet, depositAddress, DEPOSIT);
    await server.produceBlocks(7);
    const row = byTestId('recharge-incoming-row');
    await expect.poll(() => row.getAttribute('data-seen'), { timeout: UI_TIMEOUT }).toBe('7');
    expect(await row.getAttribute('data-needed')).toBe(String(CONFIRMATIONS));
    expect(plain(await byTestId('recharge-incoming-confirmations').textContent())).toBe('7/19 confirmations');
    expect(plain(await byTestId('recharge-incoming-amount').textContent())).toBe('+3,000.00 USDT');
    expect(plain(await byTestId('recharge-balance').textContent())).toBe('0.00');
    await screenshot(page, 'feedback-06-deposit-incoming-en-dark');

    // After a reload, in every language and theme, the server still says where it stands.
    for (const variant of VARIANTS.slice(1)) {
      await openAs(variant, '/trade/Recharge');
      await expect.poll(() => byTestId('recharge-incoming-row').getAttribute('data-seen'), { timeout: UI_TIMEOUT }).toBe('7');
      await screenshot(page, `feedback-06-deposit-incoming-${variant.name}`);
    }
    for (const variant of [VARIANTS[0], VARIANTS[3]]) {
      await openAs(variant, '/trade/TradeHis');
      const pending = byTestId('tradehis-row').and(page.locator('[data-type="deposit"][data-status="pending"]'));
      await pending.waitFor({ timeout: UI_TIMEOUT });
      expect(plain(await pending.getByTestId('tradehis-confirmations').textContent())).toBe('7/19');
      await screenshot(page, `feedback-06-transactions-incoming-${variant.name}`);
    }

    // The chain moves on; the count follows over the socket, then the balance rises with a toast.
    await openAs(VARIANTS[0], '/trade/Recharge');
    await byTestId('recharge-incoming-row').waitFor({ timeout: UI_TIMEOUT });
    await server.produceBlocks(3);
    await expect.poll(() => byTestId('recharge-incoming-row').getAttribute('data-seen'), { timeout: UI_TIMEOUT }).toBe('10');
    pacer.setInterval(300);
    pacer.start();
    const toast = page.locator('[data-testid="toast"][data-kind="success"]');
    await toast.waitFor({ timeout: UI_TIMEOUT });
    expect(await toast.textContent()).toContain('3,000');
    expect(await backgroundAlpha(toast)).toBe(1);
    await screenshot(page, 'feedback-06-deposit-arrived-toast-en-dark');
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
    expect(await backgroundAlpha(toast)).toBe(1);
    await screenshot(page, 'feedback-06-deposit-arrived-toast-en-light');
    await byTestId('recharge-incoming').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(plain(await byTestId('recharge-balance').textContent())).toBe('3,000.00');
  });

  it('the lobby bonus popup closes with its cross or a tap on the shade, claiming nothing', async () => {
    for (const [i, variant] of VARIANTS.entries()) {
      // Announced once per device: forgotten here so that each look sees it again.
      await page.evaluate((key) => localStorage.removeItem(key), ANNOUNCED_KEY);
      await openAs(variant, '/home');
      const popup = byTestId('activity-popup');
      await popup.waitFor({ timeout: UI_TIMEOUT });
      const close = popup.getByTestId('popup-close');
      expect(await onTop(close)).toBe(true);
      const box = (await close.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(40);
      await screenshot(page, `feedback-04-bonus-popup-${variant.name}`);
      if (i % 2 === 0) await close.click();
      // The shade above the popup, as a thumb would tap it.
      else await page.mouse.click(195, 40);
      await popup.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    }
    // Dismissed, not claimed: the reward still waits on the Events tab.
    await byTestId('tab-activity-badge').waitFor({ timeout: UI_TIMEOUT });
  });

  it('a level-up during a real auto-bet waits behind a bell, off the Stop button, and shows once the run stops', async () => {
    await markActivityPopupsSeen(page, server, token);
    await openAs(VARIANTS[0], '/home');
    pacer.setInterval(1000);
    await call('/v1/auto_bet/start', {
      simulate: false,
      gameId: 1,
      gameLevel: 0,
      wakeUp: { type: 3 },
      strategy: { name: 'Flat 20', progression: 'flat', details: [{ area: 'big', amount: '20' }] },
      stopLoseAmount: '500',
      stopWinAmount: '500',
    });
    const stop = byTestId('autobet-stop');
    await stop.waitFor({ timeout: UI_TIMEOUT });
    // The first settled 20 USDT round reaches VIP 1; the notice waits.
    const bell = byTestId('notice-queue');
    await bell.waitFor({ timeout: 60_000 });
    expect(await bell.getAttribute('data-count')).toBe('1');
    expect(await page.getByTestId('vip-level-up').count()).toBe(0);
    expect(await onTop(stop)).toBe(true);
    expect(await onTop(bell)).toBe(true);
    expect(await coversAControl(bell)).toBe(false);
    await screenshot(page, 'feedback-04-level-up-held-en-dark');
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
    await screenshot(page, 'feedback-04-level-up-held-en-light');
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));

    await stop.click();
    const notice = byTestId('vip-level-up');
    await notice.waitFor({ timeout: UI_TIMEOUT });
    expect(await notice.textContent()).toContain('VIP 1 reached!');
    expect(await bell.count()).toBe(0);
    await screenshot(page, 'feedback-04-level-up-shown-en-dark');
    await notice.getByTestId('popup-close').click();
    await notice.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect((await call<{ isOpen: boolean }>('/v1/auto_bet/player_status')).isOpen).toBe(false);
    await byTestId('autobet-close').click();
  });

  it('hash games: a result moment for the player’s own bets, a countdown in tenths, and the crossed-out letters explained', async () => {
    pacer.setInterval(3000);
    for (const [i, variant] of VARIANTS.entries()) {
      await openAs(variant, '/hashGame?gameId=1&nav=pageBet');
      await byTestId('screen-hash-game').waitFor({ timeout: UI_TIMEOUT });
      if (i === 3) await page.emulateMedia({ reducedMotion: 'reduce' });
      const countdown = byTestId('hash-countdown');
      await expect.poll(() => countdown.getAttribute('data-tenths'), { timeout: UI_TIMEOUT }).toBe('true');
      await expect.poll(async () => /^\d[.,٫]\d/.test(plain(await countdown.textContent())), { timeout: UI_TIMEOUT }).toBe(true);

      // What the crossed-out letters mean, one tap away under the results.
      await byTestId('hash-explain-toggle').scrollIntoViewIfNeeded();
      await byTestId('hash-explain-toggle').click();
      await byTestId('hash-explain-skipped').waitFor({ timeout: UI_TIMEOUT });
      await byTestId('hash-explain').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(page, `feedback-07-hash-explained-${variant.name}`);
      await byTestId('hash-round').scrollIntoViewIfNeeded();

      // A bet on a fresh round; when its block decides it, the result comes to the player.
      await byTestId('hash-area-big').click();
      await byTestId('hash-chip-5').click();
      await expect.poll(async () => Number(await countdown.getAttribute('data-seconds')), { timeout: UI_TIMEOUT }).toBeGreaterThanOrEqual(2);
      const round = Number((await byTestId('hash-round-height').textContent())!.replace(/\D/g, ''));
      await byTestId('hash-bet-submit').click();
      await page.locator(`[data-testid="hash-my-bet-row"][data-round="${round}"]`).first().waitFor({ timeout: UI_TIMEOUT });
      const outcome = page.locator(`[data-testid="hash-outcome"][data-round="${round}"]`);
      await outcome.waitFor({ timeout: UI_TIMEOUT });
      const tone = await outcome.getAttribute('data-tone');
      const amount = plain(await outcome.getByTestId('hash-outcome-amount').textContent());
      if (variant.language === 'en_US') expect(amount).toBe(tone === 'win' ? '+4.75 USDT' : '\u22125.00 USDT');
      if (tone === 'win') await byTestId('hash-balance-delta').waitFor({ timeout: UI_TIMEOUT });
      expect(await onTop(byTestId('hash-bet-submit'))).toBe(true);
      expect(await coversAControl(outcome)).toBe(false);
      const animation = await outcome.evaluate((el) => getComputedStyle(el).animationName);
      if (i === 3) expect(animation).toBe('none');
      else expect(animation).not.toBe('none');
      // Taken as it moves: the moment is the animation.
      await page.screenshot({ path: `${SCREENSHOT_DIR}feedback-07-hash-result-${variant.name}.png` });
      if (i === 3) await page.emulateMedia({ reducedMotion: null });
    }
    expect(await byTestId('hash-sound').getAttribute('data-on')).toBe('false');
  });

  it('binding a transfer-bet wallet: bound address, its state and how to unbind, after a reload too', async () => {
    pacer.setInterval(300);
    await openAs(VARIANTS[0], '/hashGame?gameId=1&nav=transferBet');
    await byTestId('transfer-bind-link').click();
    await byTestId('transfer-bind-address').fill(wallet.address);
    await byTestId('transfer-bind-submit').click();
    const binding = byTestId('transfer-binding');
    await expect.poll(() => binding.getAttribute('data-state'), { timeout: UI_TIMEOUT }).toBe('waiting');
    expect(plain(await byTestId('transfer-binding-to').textContent())).toBe(depositAddress);
    await binding.scrollIntoViewIfNeeded();
    await screenshot(page, 'feedback-05-binding-waiting-en-dark');

    // The wallet proves it is the player's; the screen turns by itself once the server says so.
    await sendTrx(server.devnetUrl, wallet, depositAddress, 1n * MICRO);
    await expect.poll(() => binding.getAttribute('data-state'), { timeout: 60_000 }).toBe('inUse');
    expect(await binding.textContent()).not.toContain('To finish, send');
    expect(plain(await byTestId('transfer-binding-address').textContent())).toBe(wallet.address);
    expect(await byTestId('transfer-binding-state').textContent()).toBe('In use');
    expect(await binding.textContent()).toContain('To use another wallet, unbind this one first.');

    for (const variant of VARIANTS) {
      await openAs(variant, '/hashGame?gameId=1&nav=transferBet');
      await expect.poll(() => byTestId('transfer-binding').getAttribute('data-state'), { timeout: UI_TIMEOUT }).toBe('inUse');
      expect(await byTestId('transfer-bind-link').count()).toBe(0);
      await byTestId('transfer-binding').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(page, `feedback-05-bound-${variant.name}`);
    }

    // Unbinding asks first (a popup with its own cross), then offers to bind again.
    await byTestId('transfer-unbind').click();
    const confirm = byTestId('transfer-unbind-confirm');
    await confirm.waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, 'feedback-05-unbind-confirm-ar-light');
    await confirm.getByTestId('popup-confirm').click();
    await byTestId('transfer-bind-link').waitFor({ timeout: UI_TIMEOUT });
    expect(await byTestId('transfer-binding').count()).toBe(0);
    const list = await call<{ address: string; status: number }[]>('/v1/player/bet_address/list');
    expect(list).toEqual([expect.objectContaining({ address: wallet.address, status: 2 })]);
  });
});
