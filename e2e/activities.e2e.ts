import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, presetSettings, presetToken, screenshot, shown } from './support/app.ts';
import { callAs, until } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { fundedOutsideWallet, sendUsdt } from './support/chain.ts';
import { measureLayout } from './support/layout.ts';
import { inParallel, LAYOUT_LANES } from './support/parallel.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Activities end to end on a 390x844 phone, with the seven activities the server ships. A new player
 * registers in the app, binds an e-mail with the code the outbox kept and deposits 60 USDT from an
 * outside wallet. The lobby announces the waiting bonus in its single-button popup and the Events tab
 * counts two rewards; on /activity the player claims the register reward and the first-deposit bonus
 * from their cards, then plays 3-second hash rounds until the hash tasks are done, claims them on the
 * activity's page and finds all three bonuses in the event bonus records. Finally the three activity
 * screens are measured in the eight languages and photographed in English and Arabic, light and dark,
 * with a second player's lobby popup in Arabic.
 */

const UI_TIMEOUT = 45_000;
const MICRO = 1_000_000n;
const PASSWORD = 'events24';
const DEPOSIT_USDT = 60n;
const BET_USDT = '5';
/** ECONOMY.md's hash tasks: 20 rounds, and 100 USDT of valid hash turnover. */
const HASH_ROUNDS = 20;
const MAX_HASH_ROUNDS = 40;
const TYPE = { FIRST_RECHARGE: 2, HASH_TASK: 5, REGISTER_REWARD: 6 } as const;
/** Boxes that scroll sideways on purpose (the lobby's rows under the popup, the type chips), as screens-fit names them. */
const HORIZONTAL_SCROLLERS = ['.category-nav__track', '.banners__track', '.hash-cards', '.game-row', '.chip-row'];
const LANGUAGES = ['zh_CN', 'zh_TW', 'en_US', 'pt_BR', 'vi_VN', 'id_ID', 'th_TH', 'ar_EG'];

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const call = <T = any>(path: string, body: object, token: string): Promise<T> => callAs<T>(server, path, body, token);

const requestId = () => randomBytes(8).toString('hex');

/** The verification code of the newest mail the development outbox kept for this address. */
/** The code of the newest mail to `email`, once it holds more than `earlier` mails (a second code to one address waits for its own mail). */
async function codeMailedTo(email: string, earlier = 0): Promise<string> {
  let code = '';
  await until('the code is mailed', async () => {
    const response = await fetch(`${server.url}/dev/outbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: email }),
    });
    const mails = ((await response.json()) as { data: { body: string }[] }).data;
    code = mails.length > earlier ? (mails[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '') : '';
    return code !== '';
  });
  return code;
}

async function deposit(token: string, usdt: bigint): Promise<void> {
  const { address } = await call<{ address: string }>('/v1/bank/deposit/address', {}, token);
  const wallet = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: usdt * MICRO });
  await sendUsdt(server.devnetUrl, wallet, address, usdt * MICRO);
  await until('the deposit is credited', async () => (await call<{ usdt: string }>('/v1/player/balance/get', {}, token)).usdt !== '0');
}

/** One page bet on big in a 3-second game, waited for until it is settled. */
async function betAndSettle(token: string): Promise<void> {
  const { bet } = await call<{ bet: { id: number } }>(
    '/v1/hashGame/bet',
    { requestId: requestId(), gameId: 1, area: 'big', amount: BET_USDT, currency: 'USDT', level: 0 },
    token,
  );
  await until('the bet is settled', async () => (await call<{ status: number }>('/v1/hashGame/betDetail', { betId: bet.id }, token)).status >= 4);
}

interface Conf {
  id: number;
  bonusType: number;
}

async function activityOf(token: string, bonusType: number): Promise<Conf> {
  const { confs } = await call<{ confs: Conf[] }>('/v1/activity/configSync', { language: 'en_US' }, token);
  const conf = confs.find((c) => c.bonusType === bonusType);
  if (!conf) throw new Error(`no activity of type ${bonusType}`);
  return conf;
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('lobby.token') ?? '');

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ DEVNET_BLOCK_MS: '300', DEPOSIT_POLL_MS: '300', HASH_ENGINE_POLL_MS: '200', HASH_HEAD_MAX_AGE_SECONDS: '20' }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('activities', () => {
  it('a new player registers, binds an e-mail, deposits, claims the register, first-deposit and hash-task bonuses and finds them in the bonus records', async () => {
    const { context, page } = await newPhone(browser, { colorScheme: 'light' });
    contexts.push(context);
    await presetSettings(context, { language: 'en_US', theme: 'light' });

    // Registers in the app.
    const account = `ev${Date.now().toString(36)}`.slice(0, 16);
    await openApp(page, `${server.url}/register`);
    await shown(page, 'auth-kind-account').click();
    await shown(page, 'auth-account').fill(account);
    await shown(page, 'auth-password').fill(PASSWORD);
    await shown(page, 'auth-confirm').fill(PASSWORD);
    await shown(page, 'auth-submit').click();
    await page.waitForURL((url) => url.pathname === '/home');
    const token = await tokenOf(page);
    expect(token).not.toBe('');

    // Nothing to claim yet: the register reward waits for an e-mail.
    await openApp(page, `${server.url}/activity`);
    const registerReward = await activityOf(token, TYPE.REGISTER_REWARD);
    const firstRecharge = await activityOf(token, TYPE.FIRST_RECHARGE);
    const hashTask = await activityOf(token, TYPE.HASH_TASK);
    await shown(page, `activity-status-${registerReward.id}`).waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, `activity-claim-${registerReward.id}`).count()).toBe(0);
    expect(await shown(page, 'tab-activity-badge').count()).toBe(0);

    // Binds an e-mail with the mailed code and the login password.
    const first = `${account}.old@example.com`;
    await openApp(page, `${server.url}/UserInfo/BindUserInfo`);
    await shown(page, 'bind-email-input').fill(first);
    await shown(page, 'bind-send-code').click();
    await shown(page, 'bind-code').fill(await codeMailedTo(first));
    await shown(page, 'bind-password').fill(PASSWORD);
    await shown(page, 'bind-submit').click();
    await shown(page, 'toast').waitFor({ timeout: UI_TIMEOUT });

    // Changes it: a code to the bound address, one to the new address, and the password again.
    const email = `${account}@example.com`;
    await openApp(page, `${server.url}/UserInfo`);
    await shown(page, 'userinfo-change-email').click();
    expect(await shown(page, 'bind-current').innerText()).toContain(first);
    await shown(page, 'bind-send-old-code').click();
    await shown(page, 'bind-old-code').fill(await codeMailedTo(first, 1));
    await shown(page, 'bind-email-input').fill(email);
    await shown(page, 'bind-send-code').click();
    await shown(page, 'bind-code').fill(await codeMailedTo(email));
    await shown(page, 'bind-password').fill(PASSWORD);
    await shown(page, 'bind-submit').click();
    await expect.poll(() => shown(page, 'userinfo-email').innerText(), { timeout: UI_TIMEOUT }).toBe(email);

    // Deposits 60 USDT: the first-deposit bonus is 100% of it.
    await deposit(token, DEPOSIT_USDT);

    // The lobby names both new bonuses in its one-button popup, which leads to the Events tab; the tab counts them.
    await openApp(page, `${server.url}/home`);
    const popup = shown(page, 'activity-popup');
    await popup.waitFor({ timeout: UI_TIMEOUT });
    expect(await popup.getAttribute('data-kind')).toBe('activity');
    expect(await popup.innerText()).toContain('2 bonuses are ready to claim');
    // One action; the corner cross only closes it.
    expect(await popup.locator('button:not([data-testid=popup-close])').count()).toBe(1);
    expect(await popup.locator('[data-testid=popup-close]').count()).toBe(1);
    await expect.poll(() => shown(page, 'tab-activity-badge').innerText(), { timeout: UI_TIMEOUT }).toBe('2');
    await screenshot(page, 'activities-flow-lobby-popup');
    await shown(page, 'popup-confirm').click();
    await page.waitForURL((url) => url.pathname === '/activity');

    // Claims the register reward and the first-deposit bonus from their cards.
    for (const [conf, amount] of [
      [registerReward, '1.00'],
      [firstRecharge, '60.00'],
    ] as const) {
      const claim = shown(page, `activity-claim-${conf.id}`);
      await claim.waitFor({ timeout: UI_TIMEOUT });
      expect(await shown(page, `activity-status-${conf.id}`).innerText()).toBe(`\u2066${amount} USDT\u2069 to claim`);
      if (conf === registerReward) await screenshot(page, 'activities-flow-claimable');
      await claim.click();
      await expect.poll(() => shown(page, `activity-status-${conf.id}`).innerText(), { timeout: UI_TIMEOUT }).toBe('Claimed');
    }
    await expect.poll(() => shown(page, 'tab-activity-badge').count(), { timeout: UI_TIMEOUT }).toBe(0);
    expect(Number((await call<{ usdt: string }>('/v1/player/balance/get', {}, token)).usdt)).toBe(121);

    // Plays 3-second hash rounds until the hash tasks are done, watching the task's page.
    await shown(page, `activity-open-${hashTask.id}`).click();
    await shown(page, 'activity-detail-progress').waitFor({ timeout: UI_TIMEOUT });
    // The figures sit in bidi isolates, so that "0 / 20" reads the same in Arabic.
    expect((await shown(page, 'activity-detail-progress').innerText()).replace(/[\u2066-\u2069]/g, '')).toBe(`0 / ${HASH_ROUNDS} rounds`);
    // Both tasks: 20 rounds, and 100 USDT of valid hash turnover (a won bet counts its win, 4.75 of
    // a 5 USDT stake, so a few more rounds than 20), 0.5 USDT each.
    const pending = async () =>
      Number((await call<{ pendingReward: string }[]>('/v1/activity/playerData', { activityIds: [hashTask.id] }, token))[0]?.pendingReward);
    let rounds = 0;
    while (rounds < HASH_ROUNDS || ((await pending()) < 1 && rounds < MAX_HASH_ROUNDS)) {
      await betAndSettle(token);
      rounds++;
    }
    await until('both hash tasks are done', async () => (await pending()) === 1, 20_000);
    await openApp(page, `${server.url}/ActivityDetail?id=${hashTask.id}`);
    const claimTasks = shown(page, 'activity-detail-claim');
    await claimTasks.waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'activity-detail-reward').innerText()).toBe('1.00 USDT');
    await screenshot(page, 'activities-flow-hash-task');
    await claimTasks.click();
    await shown(page, 'activity-detail-status').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'activity-detail-status').innerText()).toBe('Claimed');

    // All three are in the event bonus records: the hash tasks as one record per task.
    await openApp(page, `${server.url}/activity/activityBonus`);
    await shown(page, 'activity-bonus-list').waitFor({ timeout: UI_TIMEOUT });
    const rows = shown(page, 'bonus-row');
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT }).toBe(4);
    const amountsOf = (type: number) =>
      rows
        .and(page.locator(`[data-type="${type}"]`))
        .getByTestId('bonus-amount')
        .allInnerTexts();
    expect(await amountsOf(TYPE.REGISTER_REWARD)).toEqual(['+1.00 USDT']);
    expect(await amountsOf(TYPE.FIRST_RECHARGE)).toEqual(['+60.00 USDT']);
    expect(await amountsOf(TYPE.HASH_TASK)).toEqual(['+0.50 USDT', '+0.50 USDT']);
    await shown(page, `activity-bonus-type-${TYPE.FIRST_RECHARGE}`).click();
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT }).toBe(1);
    await screenshot(page, 'activities-flow-bonus-records');
  }, 600_000);

  it('fits its screens on a 390 px phone in the eight languages, light and dark', async () => {
    // A second player with the register reward waiting: the lobby popup and a claimable card.
    const account = `ew${Date.now().toString(36)}`.slice(0, 16);
    const { token } = await call<{ token: string }>('/v1/player/register', { kind: 1, account, password: PASSWORD, lang: 'en_US' }, '');
    const email = `${account}@example.com`;
    await call('/v1/player/email/captcha', { account: email, lang: 'en_US' }, token);
    await call('/v1/player/updateprofile', { email, code: await codeMailedTo(email), password: PASSWORD }, token);
    const hashTask = await activityOf(token, TYPE.HASH_TASK);
    const screens = [
      { path: '/activity', name: 'list', testId: 'activity-list' },
      { path: `/ActivityDetail?id=${hashTask.id}`, name: 'detail', testId: 'activity-detail' },
      { path: '/activity/activityBonus', name: 'bonus', testId: 'activity-bonus-empty' },
      { path: '/home', name: 'popup', testId: 'activity-popup' },
    ];

    const problems: string[] = [];
    const variants = LANGUAGES.flatMap((language) =>
      (language === 'en_US' || language === 'ar_EG' ? (['light', 'dark'] as const) : (['dark'] as const)).map((theme) => ({
        language,
        theme,
        photographed: language === 'en_US' || language === 'ar_EG',
      })),
    );
    await inParallel(variants, LAYOUT_LANES, async ({ language, theme, photographed }) => {
      const { context, page } = await newPhone(browser, { colorScheme: theme });
      contexts.push(context);
      await presetSettings(context, { language, theme });
      await presetToken(context, token);
      for (const screen of screens) {
        // The popup shows once per reward: each context starts from a fresh storage.
        await openApp(page, `${server.url}${screen.path}`);
        await shown(page, screen.testId).waitFor({ timeout: UI_TIMEOUT });
        await page.waitForLoadState('networkidle').catch(() => undefined);
        const report = await measureLayout(page, HORIZONTAL_SCROLLERS);
        if (report.scrollWidth > report.clientWidth) problems.push(`${language} ${screen.path}: scrolls sideways`);
        for (const o of report.overflows) problems.push(`${language} ${theme} ${screen.path}: ${o.element} "${o.text}" outside ${o.within}`);
        if (screen.name === 'popup') expect(await shown(page, 'activity-popup-details').count()).toBe(1);
        if (photographed) await screenshot(page, `activities-${language}-${theme}-${screen.name}`);
      }
      await context.close();
    });
    expect(problems).toEqual([]);
  }, 600_000);
});
