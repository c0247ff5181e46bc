import { randomBytes } from 'node:crypto';
import { BonusType, type HomeData } from '@lobby/contract';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markActivityPopupsSeen, openApp, presetSettings, presetToken, screenshot, shown } from './support/app.ts';
import { launchBrowserWithoutCjkFonts } from './support/bare-fonts.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { fundedOutsideWallet, newOutsideWallet, sendUsdt } from './support/chain.ts';
import { measureLayout, type Overflow } from './support/layout.ts';
import { sharedCountryTable } from '../apps/server/src/modules/jurisdiction/country-table.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Every screen of SPEC section 2 on a 390x844 phone, in English and in Arabic (right to left), as a
 * visitor and signed in: nothing may push the page sideways or stick out of the screen or of the box
 * that clips it. The signed-in player has money (cash and a bonus being wagered), a settled bet, a fund
 * password and a withdrawal address, so the lists and details show real rows rather than their empty states.
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
  /** Views inside the screen reached by taps, each measured in turn after the screen itself. */
  views?: { name: string; act(page: Page): Promise<void> }[];
}

/** SPEC section 2 "Routes", with sample parameters where the route takes them. */
function routes(betId: number): Route[] {
  return [
    {
      path: '/home',
      player: true,
      screenshot: 'home',
      views: [
        { name: 'hash category', act: (page) => shown(page, 'nav-hash').click() },
        { name: 'slot category', act: (page) => shown(page, 'nav-slot').click() },
      ],
    },
    { path: '/menu', player: true, screenshot: 'menu' },
    { path: '/activity', player: true },
    { path: '/userProfile', guard: true, screenshot: 'profile' },
    { path: '/walletShow', player: true },
    { path: '/detail/service' },
    { path: '/promotion' },
    { path: '/register', screenshot: 'signup' },
    { path: '/register?type=1' },
    { path: '/retrieveMode' },
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
    { path: '/responsible-gaming', guard: true, screenshot: 'responsible-gaming' },
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
    {
      path: '/hashGame?gameId=1&nav=pageBet',
      player: true,
      screenshot: 'hash-page-bet',
      views: [{ name: 'transfer bet', act: (page) => shown(page, 'hash-nav-transferBet').click() }],
    },
    { path: '/hashGame?gameId=3&nav=pageBet', player: true },
    { path: '/hashGame?gameId=5&nav=pageBet', player: true },
    { path: '/hashGame?gameId=101&nav=pageBet', player: true },
    { path: '/hashGame/verify?gameId=1' },
    { path: '/ActivityDetail' },
    { path: '/vip', player: true, screenshot: 'vip' },
    { path: '/vip/vipDetails', player: true },
    { path: '/bonusRecord', player: true, screenshot: 'bonus-record' },
    { path: '/webview', player: true },
    { path: '/tutorial' },
    { path: '/walletRegister' },
    { path: '/relAppDownload' },
    { path: '/graphicTutorial' },
    { path: '/buyCrypto' },
    { path: '/proxyPartner' },
    { path: '/newFanshui', player: true, screenshot: 'rebate' },
    { path: '/newFanshuiInfo', player: true },
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

/** A player with money, a bonus being wagered, a settled bet, a fund password and a withdrawal address. */
async function seedPlayer(): Promise<void> {
  const account = `fit${Date.now().toString(36)}`.slice(0, 16);
  token = (await call<{ token: string }>('/v1/player/register', { kind: 1, account, password: PASSWORD, lang: 'en_US' })).token;
  const { address } = await call<{ address: string }>('/v1/bank/deposit/address');
  const wallet = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: 500n * MICRO });
  await sendUsdt(server.devnetUrl, wallet, address, 321_456_789n);
  await until('the deposit is credited', async () => (await call<{ usdt: string }>('/v1/player/balance/get')).usdt !== '0');
  // The first-deposit bonus claimed: the wallet, Withdraw, Exchange, the lobby's chip and the game show cash and bonus apart.
  const { confs } = await call<{ confs: { id: number; bonusType: number }[] }>('/v1/activity/configSync');
  const firstDeposit = confs.find((conf) => conf.bonusType === BonusType.FIRST_RECHARGE)!;
  await until('the first-deposit bonus is claimed', async () => {
    const reply = await server.call('/v1/activity/participate', { requestId: requestId(), activityId: firstDeposit.id }, token);
    return reply.code === 0;
  });
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

/** Two frames: whatever the last data or tap changed has been laid out. */
function settled(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function visitAll(language: string, theme: 'light' | 'dark', signedIn: boolean): Promise<Visit[]> {
  const { context, page } = await newPhone(browser, { colorScheme: theme });
  contexts.push(context);
  await presetSettings(context, { language, theme });
  if (signedIn) {
    await presetToken(context, token);
    await markActivityPopupsSeen(context, server, token);
  }
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
    await settled(page);
    visits.push({ route: route.path, report: await measureLayout(page, HORIZONTAL_SCROLLERS) });
    if (route.screenshot) {
      await page.getByTestId('launch-screen').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
      await screenshot(page, `fit-${language}-${theme}-${signedIn ? 'player' : 'visitor'}-${route.screenshot}`);
    }
    for (const view of route.views ?? []) {
      await view.act(page);
      await quiet();
      await settled(page);
      visits.push({ route: `${route.path} (${view.name})`, report: await measureLayout(page, HORIZONTAL_SCROLLERS) });
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
    startServer(
      {
        DEVNET_BLOCK_MS: '300',
        DEPOSIT_POLL_MS: '300',
        HASH_ENGINE_POLL_MS: '200',
        HASH_HEAD_MAX_AGE_SECONDS: '20',
        EXCHANGE_TRX_PER_USDT: '6.4321',
        // The region screen's phones name their address as a load balancer would (X-Forwarded-For).
        TRUST_PROXY: '127.0.0.1',
      },
      { withOpsKey: true },
    ),
    launchBrowser(),
  ]);
  const home = await server.call<HomeData>('/v1/app/home', { language: 'en_US' });
  await seedPlayer();
  // What a tap on a slot tile stores: the game and the launch address the server answered.
  const game = home.data.slotGames[0];
  const { url } = await call<{ url: string }>('/v1/thirdGame/enter', {
    aggregator: game.aggregator,
    manufacturer: game.manufacturer,
    gameCode: game.gameCode,
    gameType: game.gameType,
    gameId: game.id,
    language: 'en_US',
    currency: 'USD',
    platformCode: 'other',
  });
  thirdGame = { game, url };
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

describe('the auto-bet panel', () => {
  it('fits expanded and minimised to its chip, in English (light) and Arabic (dark)', async () => {
    await call('/v1/auto_bet/start', {
      simulate: true,
      gameId: 1,
      gameLevel: 0,
      currency: 'USDT',
      strategy: { name: 'Martingale', progression: 'martingale', side: 'fixed', details: [{ area: 'big', amount: '1' }] },
      wakeUp: { type: 3, rule: [] },
    });
    try {
      for (const [language, theme] of [
        ['en_US', 'light'],
        ['ar_EG', 'dark'],
      ] as const) {
        const { context, page } = await newPhone(browser, { colorScheme: theme });
        contexts.push(context);
        await presetSettings(context, { language, theme });
        await presetToken(context, token);
        await markActivityPopupsSeen(context, server, token);
        await openApp(page, `${server.url}/home`);
        await page.getByTestId('autobet-record-row').first().waitFor({ timeout: UI_TIMEOUT });
        expect(problems([{ route: 'auto-bet panel', report: await measureLayout(page, HORIZONTAL_SCROLLERS) }])).toEqual([]);
        await screenshot(page, `fit-${language}-${theme}-player-autobet-panel`);

        await page.getByTestId('autobet-minimise').click();
        await page.getByTestId('autobet-chip').waitFor({ timeout: UI_TIMEOUT });
        expect(problems([{ route: 'auto-bet chip', report: await measureLayout(page, HORIZONTAL_SCROLLERS) }])).toEqual([]);
        await screenshot(page, `fit-${language}-${theme}-player-autobet-chip`);
        await context.close();
      }
    } finally {
      await call('/v1/auto_bet/stop');
      await call('/v1/auto_bet/stop');
    }
  });
});

/**
 * What a player sees on a device without Chinese or Thai fonts (a bare Linux machine here): the
 * faces the app ships must draw those characters, never empty boxes. The characters measured are
 * taken from the screen's own text, so the font pieces they need are the ones the page loaded.
 */
describe('Chinese and Thai on a device without those fonts', () => {
  const HAN = /\p{Script=Han}/gu;
  // Thai letters that take their own width (no combining vowels or tone marks).
  const THAI = /[\u0E01-\u0E30\u0E32\u0E33\u0E40-\u0E46]/gu;
  const cases = [
    { language: 'zh_CN', path: '/home', screen: 'screen-home', family: 'Noto Sans SC', script: HAN },
    { language: 'zh_TW', path: '/home', screen: 'screen-home', family: 'Noto Sans TC', script: HAN },
    { language: 'th_TH', path: '/home', screen: 'screen-home', family: 'Noto Sans Thai', script: THAI },
    // An English player meets both scripts in the language list.
    { language: 'en_US', path: '/detail/setLang', screen: 'screen-set-lang', family: 'Noto Sans SC', script: HAN },
    { language: 'en_US', path: '/detail/setLang', screen: 'screen-set-lang', family: 'Noto Sans Thai', script: THAI },
  ];
  let bare: Awaited<ReturnType<typeof launchBrowserWithoutCjkFonts>>;

  beforeAll(async () => {
    bare = await launchBrowserWithoutCjkFonts();
  });

  afterAll(async () => {
    await bare?.close();
  });

  for (const { language, path, screen, family, script } of cases) {
    it(`${language} ${path}: ${family} draws what the device cannot`, async () => {
      const { context, page } = await newPhone(bare.browser);
      contexts.push(context);
      await presetSettings(context, { language, theme: 'dark' });
      await openApp(page, server.url + path);
      await shown(page, screen).waitFor({ timeout: UI_TIMEOUT });
      const sample = ((await page.evaluate(() => document.body.innerText)).match(script) ?? []).slice(0, 4).join('');
      expect(sample.length, `no ${family} text on ${path}`).toBeGreaterThanOrEqual(3);
      // The shipped face was downloaded because the screen's text needed it.
      await page.waitForFunction(
        ({ family, sample }) =>
          [...document.fonts].some((face) => face.family.replace(/["']/g, '') === family && face.status === 'loaded') &&
          document.fonts.check(`16px "${family}"`, sample),
        { family, sample },
        { timeout: UI_TIMEOUT },
      );
      await page.evaluate(() => document.fonts.ready);
      const report = await page.evaluate(
        ({ family, sample, script }) => {
          const pattern = new RegExp(script, 'u');
          const measure = (text: string, font: string, like?: CSSStyleDeclaration) => {
            const span = document.createElement('span');
            span.textContent = text;
            span.style.cssText = 'position: absolute; white-space: nowrap;';
            span.style.font = font;
            if (like) {
              span.style.letterSpacing = like.letterSpacing;
              span.style.textTransform = like.textTransform;
            }
            document.body.append(span);
            const width = span.getBoundingClientRect().width;
            span.remove();
            return width;
          };
          // Every line of the script on screen, as drawn, against the same text in the same style drawn
          // afresh with the shipped face in front: text in a font list without it, or drawn before the
          // face arrived and never again, would still be boxes.
          const stale: string[] = [];
          let checked = 0;
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          const range = document.createRange();
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            const parent = node.parentElement;
            if (!pattern.test(text) || !parent?.checkVisibility() || parent.closest('#launch')) continue;
            range.selectNodeContents(node);
            const lines = range.getClientRects();
            if (lines.length !== 1 || lines[0].width === 0) continue;
            const style = getComputedStyle(parent);
            // SVG text is drawn at its drawing's scale.
            const scale = parent instanceof SVGGraphicsElement ? (parent.getScreenCTM()?.a ?? 1) : 1;
            const fresh = scale * measure(text, `${style.fontStyle} ${style.fontWeight} ${style.fontSize} "${family}", ${style.fontFamily}`, style);
            checked++;
            if (Math.abs(lines[0].width - fresh) > 1) stale.push(`${text.trim()}: drawn ${lines[0].width.toFixed(1)}, should be ${fresh.toFixed(1)}`);
          }
          return {
            checked,
            stale,
            app: measure(sample, `40px ${getComputedStyle(document.body).fontFamily}`),
            shipped: measure(sample, `40px "${family}"`),
            device: measure(sample, '40px sans-serif'),
            // U+0378 is unassigned: every font draws it as its empty box.
            boxes: measure('\u0378'.repeat(sample.length), '40px sans-serif'),
          };
        },
        { family, sample, script: script.source },
      );
      // This device really has no font for the script: on its own it draws boxes...
      expect(report.device, `the device drew ${sample} itself`).toBeCloseTo(report.boxes, 1);
      // ...and the app draws the characters with the face it ships,
      expect(Math.abs(report.app - report.boxes)).toBeGreaterThan(4);
      expect(report.app).toBeCloseTo(report.shipped, 1);
      // everywhere on the screen, including what was on it before the faces arrived.
      expect(report.checked).toBeGreaterThan(0);
      expect(report.stale).toEqual([]);
      await page.getByTestId('launch-screen').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
      await screenshot(page, `fit-no-cjk-fonts-${language}-${path.split('/').pop()}-${family.split(' ').pop()}`);
      await context.close();
    });
  }
});

describe('the blocked-region screen', () => {
  it('fits over the lobby as a visitor and signed in, in English (light) and Arabic (dark, right to left)', async () => {
    await server.ops('/ops/v1/site/setBlockedCountries', { countries: ['KP'] });
    const from = sharedCountryTable().firstAddress('KP', 4);
    expect(from).not.toBeNull();
    for (const [language, theme] of [
      ['en_US', 'light'],
      ['ar_EG', 'dark'],
    ] as const) {
      for (const signedIn of [false, true]) {
        const { context, page } = await newPhone(browser, { colorScheme: theme });
        contexts.push(context);
        await context.setExtraHTTPHeaders({ 'x-forwarded-for': from ?? '' });
        await presetSettings(context, { language, theme });
        if (signedIn) {
          await presetToken(context, token);
          await markActivityPopupsSeen(context, server, token);
        }
        await openApp(page, `${server.url}/home`);
        await page.getByTestId('region-blocked').waitFor({ timeout: UI_TIMEOUT });
        await settled(page);
        const report = await measureLayout(page, HORIZONTAL_SCROLLERS);
        expect(report.dir).toBe(language === 'ar_EG' ? 'rtl' : 'ltr');
        expect(problems([{ route: `the region screen (${signedIn ? 'signed in' : 'visitor'})`, report }])).toEqual([]);
        await screenshot(page, `fit-${language}-${theme}-${signedIn ? 'player' : 'visitor'}-region-blocked`);
        await context.close();
      }
    }
  });
});
