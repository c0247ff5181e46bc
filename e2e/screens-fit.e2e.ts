import { randomBytes } from 'node:crypto';
import type { HomeData } from '@lobby/contract';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetSettings, presetToken, screenshot, shown } from './support/app.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { fundedOutsideWallet, newOutsideWallet, sendUsdt } from './support/chain.ts';
import { measureLayout, type Overflow } from './support/layout.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Every screen of SPEC section 2 on a 390x844 phone, in English and in Arabic (right to left), as a
 * visitor and signed in: nothing may push the page sideways or stick out of the screen or of the box
 * that clips it. The signed-in player has money, a settled bet, a fund password and a withdrawal
 * address, so the lists and details show real rows rather than their empty states.
 *
 * Each route is a fresh page load (Ionic keeps the pages it navigated away from, and a transition
 * would be measured half-way); a route counts as shown once its screen is in and the network is
 * quiet. English runs in the light theme and Arabic in the dark one, side by side, and a few screens
 * of each are written to e2e/screenshots/fit-*.png for people to look at.
 */

const UI_TIMEOUT = 30_000;
const MICRO = 1_000_000n;
const PASSWORD = 'fit2screen';
const FUND_PASSWORD = '271828';

/** Strips meant to scroll sideways: what they hold may run past their edges, they must fit themselves. */
const HORIZONTAL_SCROLLERS = ['.category-nav__track', '.banners__track', '.hash-cards', '.game-row', '.chip-row'];

interface Route {
  path: string;
  /** Guarded routes send a visitor to the login screen: visited signed in only. */
  guard?: boolean;
  /** Shows a signed-in player more (balances, records, the bet panel): visited both ways. */
  player?: boolean;
  /** Screens written to e2e/screenshots/ in every language. */
  screenshot?: string;
  /** A view inside the screen reached by a tap, measured too. */
  then?: { name: string; act(page: Page): Promise<void> };
}

/** SPEC section 2 "Routes", with sample parameters where the route takes them. */
function routes(betId: number): Route[] {
  return [
    { path: '/home', player: true, screenshot: 'home' },
    { path: '/home', player: true, then: { name: 'hash category', act: (page) => shown(page, 'nav-hash').click() } },
    { path: '/home', then: { name: 'slot category', act: (page) => shown(page, 'nav-slot').click() } },
    { path: '/menu', player: true, screenshot: 'menu' },
    { path: '/activity', player: true },
    { path: '/userProfile', guard: true, screenshot: 'profile' },
    { path: '/walletShow', player: true },
    { path: '/detail/service' },
    { path: '/promotion' },
    { path: '/register', screenshot: 'signup' },
    { path: '/register?type=1' },
    { path: '/retrieveMode' },
    { path: '/performance/details/0/1/USDT/7' },
    { path: '/performance/details/1/2/TRX/30' },
    { path: '/UserInfo', guard: true },
    { path: '/UserInfo/ModifyAvatar', guard: true },
    { path: '/UserInfo/BindUserInfo', guard: true },
    { path: '/userProfile/ExperienceRule' },
    { path: '/SpecialInviteRule' },
    { path: '/trade/TradeHis', guard: true },
    { path: '/trade', guard: true },
    { path: '/trade/Recharge', guard: true },
    { path: '/trade/Withdraw', guard: true, screenshot: 'withdraw' },
    { path: '/trade/Exchange', guard: true },
    { path: '/safeCenter', guard: true },
    { path: '/safeCenter/modLoginPwd', guard: true },
    { path: '/safeCenter/setFundPwd', guard: true },
    { path: '/safeCenter/wdAddrManage', guard: true },
    { path: '/safeCenter/addCryptoAddr', guard: true },
    { path: '/siteMessage' },
    { path: '/activity/activityBonus' },
    { path: '/betRecord', player: true, screenshot: 'bet-record' },
    { path: `/betRecord/betDetails?id=${betId}`, player: true, screenshot: 'bet-detail' },
    { path: '/detail/setLang' },
    { path: '/report' },
    { path: '/hashGame?gameId=1&nav=pageBet', player: true, screenshot: 'hash-page-bet' },
    { path: '/hashGame?gameId=1&nav=transferBet', player: true },
    { path: '/hashGame?gameId=3&nav=pageBet', player: true },
    { path: '/hashGame?gameId=5&nav=pageBet', player: true },
    { path: '/hashGame?gameId=101&nav=pageBet', player: true },
    { path: '/hashGame/verify?gameId=1' },
    { path: '/ActivityDetail' },
    { path: '/vip' },
    { path: '/vip/vipDetails' },
    { path: '/bonusRecord' },
    { path: '/webview', player: true },
    { path: '/tutorial' },
    { path: '/walletRegister' },
    { path: '/relAppDownload' },
    { path: '/graphicTutorial' },
    { path: '/buyCrypto' },
    { path: '/proxyPartner' },
    { path: '/newFanshui' },
    { path: '/newFanshuiInfo' },
    { path: '/helpCenter' },
    { path: '/tronIntroduce' },
    { path: '/WithdrawAccountMgr', guard: true },
    { path: '/AddWithdrawAccount', guard: true },
    { path: '/chat', guard: true },
    { path: '/appDownload' },
    { path: '/autoBet?gameId=1', guard: true, screenshot: 'autobet' },
    { path: '/no-such-screen' },
  ];
}

let server: RunningServer;
let browser: Browser;
let token = '';
let betId = 0;
let thirdGame: unknown;
const contexts: BrowserContext[] = [];

async function call<T = any>(path: string, body: object = {}): Promise<T> {
  const reply = await server.call<T>(path, body, token);
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

async function until(what: string, done: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const requestId = () => randomBytes(8).toString('hex');

/** A player with money, a settled bet, a fund password and a withdrawal address. */
async function seedPlayer(): Promise<void> {
  const account = `fit${Date.now().toString(36)}`.slice(0, 16);
  token = (await call<{ token: string }>('/v1/player/register', { kind: 1, account, password: PASSWORD, lang: 'en_US' })).token;
  const { address } = await call<{ address: string }>('/v1/bank/deposit/address');
  const wallet = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: 500n * MICRO });
  await sendUsdt(server.devnetUrl, wallet, address, 321_456_789n);
  await until('the deposit is credited', async () => (await call<{ usdt: string }>('/v1/player/balance/get')).usdt !== '0');
  await call('/v1/player/finance_password/update', { newPassword: FUND_PASSWORD, loginPassword: PASSWORD });
  await call('/v1/player/cashout_address/add', { address: newOutsideWallet().address, label: 'My long-named cold wallet' });
  await call('/v1/bank/currency_exchange/submit', { requestId: requestId(), from: 'USDT', to: 'TRX', amount: '12.5' });
  const { bet } = await call<{ bet: { id: number } }>('/v1/hashGame/bet', {
    requestId: requestId(),
    gameId: 1,
    area: 'big',
    amount: '12.345',
    currency: 'USDT',
    level: 0,
  });
  betId = bet.id;
  // Settled: the detail shows the block, the result and the payout.
  await until('the bet is settled', async () => (await call<{ status: number }>('/v1/hashGame/betDetail', { betId })).status >= 4);
}

interface Visit {
  route: string;
  report: { scrollWidth: number; clientWidth: number; dir: string; overflows: Overflow[] };
}

/**
 * A page whose network requests are counted, so a screen counts as shown only when the data it asked
 * for has arrived and been rendered.
 */
function trackRequests(page: Page): () => Promise<void> {
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return async () => {
    const deadline = Date.now() + 10_000;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (pending.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 150) break;
      await page.waitForTimeout(50);
    }
    pending.clear();
  };
}

async function visitAll(language: string, theme: 'light' | 'dark', signedIn: boolean): Promise<Visit[]> {
  const { context, page } = await newPhone(browser, { colorScheme: theme });
  contexts.push(context);
  await presetSettings(context, { language, theme });
  if (signedIn) await presetToken(context, token);
  // /webview opens the game the player tapped last, kept for the tab.
  await context.addInitScript((game) => sessionStorage.setItem('lobby.thirdGame', JSON.stringify(game)), thirdGame);
  const quiet = trackRequests(page);
  const visits: Visit[] = [];
  for (const route of routes(betId)) {
    if (signedIn ? !route.guard && !route.player : route.guard) continue;
    await page.goto(server.url + route.path, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid^="screen-"]:not([data-testid="screen-title"]):not([data-testid="screen-loading"])')].some((el) =>
          el.checkVisibility(),
        ) && !document.querySelector('[data-testid="screen-loading"]'),
      undefined,
      { timeout: UI_TIMEOUT },
    );
    await quiet();
    if (route.then) {
      await route.then.act(page);
      await quiet();
    }
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const name = route.then ? `${route.path} (${route.then.name})` : route.path;
    visits.push({ route: name, report: await measureLayout(page, HORIZONTAL_SCROLLERS) });
    if (route.screenshot) {
      await page.getByTestId('launch-screen').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
      await screenshot(page, `fit-${language}-${theme}-${signedIn ? 'player' : 'visitor'}-${route.screenshot}`);
    }
  }
  await context.close();
  return visits;
}

/** What a failure prints: each route with what sticks out, by how much, and out of what. */
function problems(visits: Visit[]): string[] {
  const lines: string[] = [];
  for (const { route, report } of visits) {
    if (report.scrollWidth > report.clientWidth) lines.push(`${route}: the page scrolls sideways (${report.scrollWidth} > ${report.clientWidth})`);
    for (const o of report.overflows) {
      lines.push(`${route}: ${o.element} "${o.text}" spans ${o.left}..${o.right}, outside ${o.within} ${o.boundLeft}..${o.boundRight}`);
    }
  }
  return lines;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      DEVNET_BLOCK_MS: '300',
      DEPOSIT_POLL_MS: '300',
      HASH_ENGINE_POLL_MS: '200',
      HASH_HEAD_MAX_AGE_SECONDS: '20',
      EXCHANGE_TRX_PER_USDT: '6.4321',
    }),
    launchBrowser(),
  ]);
  const home = await server.call<HomeData>('/v1/app/home', { language: 'en_US' });
  thirdGame = home.data.slotGames[0];
  await seedPlayer();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('every screen fits a 390 px phone', () => {
  for (const signedIn of [false, true]) {
    it(`${signedIn ? 'signed in' : 'as a visitor'}, in English (light) and Arabic (dark, right to left)`, async () => {
      const [english, arabic] = await Promise.all([visitAll('en_US', 'light', signedIn), visitAll('ar_EG', 'dark', signedIn)]);
      expect(english.every((v) => v.report.dir === 'ltr')).toBe(true);
      expect(arabic.map((v) => v.report.dir).filter((dir) => dir !== 'rtl')).toEqual([]);
      expect([...problems(english).map((line) => `en_US ${line}`), ...problems(arabic).map((line) => `ar_EG ${line}`)]).toEqual([]);
    });
  }
});
