import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/app.ts';
import { until } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import {
  DESKTOP,
  enrolThroughLink,
  newDesk,
  opsFromPage,
  overflowsHorizontally,
  signInToConsole,
  TABLET,
  withStepUp,
  type StaffCredentials,
} from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';

// A real one-pixel PNG, as an operator's banner picture.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
const SLOTS = 10;

let server: RunningServer;
let browser: Browser;
let owner: StaffCredentials;

type Settings = { settings: { key: string; value: unknown }[] };
const rebateRate = async (level: number, gameType: number) => {
  const { settings } = await server.ops<Settings>('/ops/v1/economy/settings');
  const rates = settings.find((setting) => setting.key === 'rebate.rates')!.value as Record<string, number>[];
  return rates[level]![String(gameType)];
};
const pokerGameCodes = async () => {
  const home = await server.call<{ pokerGames: { gameCode: string }[] }>('/v1/app/home', { language: 'en_US' });
  return home.data.pokerGames.map((game) => game.gameCode);
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_AGGREGATOR_PORT: '0' }, { owners: ['owner.one'], withOpsKey: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the operator console: marketing, economy and the game catalogue', () => {
  it('changes a rebate rate in the table of VIP levels and named game types, and the economy applies it at once with its history', async () => {
    const { context, page } = await newDesk(browser, DESKTOP);
    owner = await enrolThroughLink(page, server.ownerLinks['owner.one']!, 'owner.one', 'copper willow station 42');
    await signInToConsole(page, server.url, owner);

    expect(await rebateRate(3, SLOTS)).toBe(5_500);
    await page.goto(`${server.url}/console/marketing/economy`);
    const cell = page.getByTestId(`rate-rebate.rates-3-${SLOTS}`);
    await cell.waitFor();
    expect(await page.getByTestId('table-rebate.rates').textContent()).toMatch(
      /Hash games.*Crypto games.*Slots.*Fishing.*Live casino.*Poker and cards.*Sports.*Mini games/,
    );
    expect(await cell.inputValue()).toBe('0.55');

    // An invalid rate is refused before it is sent.
    await cell.fill('12');
    expect(await page.getByTestId('save-rebate.rates').isDisabled()).toBe(true);
    await cell.fill('0.6');
    await withStepUp(page, owner, () => page.getByTestId('save-rebate.rates').click());
    await until('the new rate is in force', async () => (await rebateRate(3, SLOTS)) === 6_000, 15_000);
    await page.getByTestId('history-rebate.rates').getByText('VIP 3 · Slots').waitFor();
    const history = await page.getByTestId('history-rebate.rates').textContent();
    expect(history).toContain('owner.one');
    expect(history).toContain('0.55%→0.6%'.replace('→', ' → '));
    expect(await page.getByTestId(`rate-rebate.rates-3-${SLOTS}`).inputValue()).toBe('0.6');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-economy-en-1440');

    // The catalogue: hiding the demo aggregator's poker category takes its games off the lobby.
    expect(await pokerGameCodes()).toContain('demo_hilo');
    await page.goto(`${server.url}/console/games/catalogue`);
    await page.getByTestId('unmapped').waitFor();
    const visible = page.getByTestId('category-visible-poker');
    expect(await visible.getAttribute('aria-checked')).toBe('true');
    await visible.click();
    await until('the lobby hides the poker category', async () => !(await pokerGameCodes()).includes('demo_hilo'), 15_000);
    await page.waitForFunction(() => document.querySelector('[data-testid="category-visible-poker"]')?.getAttribute('aria-checked') === 'false');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-catalogue-en-1440');
    // A refresh from the aggregator says in numbers what it found.
    await page.getByTestId('games-refresh').click();
    await page
      .locator('.ant-message')
      .getByText(/^Refreshed: \d+ listed, \d+ no longer listed, \d+ skipped, \d+ in unmapped categories\.$/)
      .waitFor();

    // The hash games page: switching a game off takes it off the player lobby, and on brings it back.
    const hashGameShown = async (id: number) =>
      (await server.call<{ hashGames: { id: number }[] }>('/v1/app/home', { language: 'en_US' })).data.hashGames.some((game) => game.id === id);
    expect(await hashGameShown(2)).toBe(true);
    await page.getByTestId('nav-hashGames').click();
    const hashSwitch = page.getByTestId('hash-enabled-2');
    await hashSwitch.click();
    await until('the lobby hides hash game 2', async () => !(await hashGameShown(2)), 15_000);
    await page.waitForFunction(() => document.querySelector('[data-testid="hash-enabled-2"]')?.getAttribute('aria-checked') === 'false');
    await hashSwitch.click();
    await until('the lobby lists hash game 2 again', () => hashGameShown(2), 15_000);
    await page.locator('[data-testid="hash-game-list"] .ant-table-row-expand-icon').first().click();
    await page.getByTestId('hash-address-1-0').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-hash-games-en-1440');

    // A new lobby banner is listed by the player lobby's banner call.
    await page.goto(`${server.url}/console/marketing/banners`);
    await page.getByTestId('banner-new').click();
    await page.getByTestId('banner-title-input').fill('Weekend reload');
    await page.getByTestId('banner-link').fill('/vip');
    await page.locator('.ant-modal input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('banner-save').click();
    await page.getByTestId('banner-list').getByText('Weekend reload').waitFor();
    const { banners } = await server.ops<{ banners: { title: string; imageUrl: string }[] }>('/ops/v1/banners/list');
    const created = banners.find((banner) => banner.title === 'Weekend reload')!;
    const lobby = await server.call<{ imageUrl: string; link: string | null }[]>('/v1/app/queryBanner', { language: 'en_US' });
    expect(lobby.data).toContainEqual(expect.objectContaining({ imageUrl: created.imageUrl, link: '/vip' }));
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-banners-en-1440');

    // Activities: switching one off shows at once, and its history names who did it.
    await page.goto(`${server.url}/console/marketing/activities`);
    const firstRow = page.getByTestId('activity-list').locator('tbody tr.ant-table-row').first();
    await firstRow.getByText('Running').waitFor();
    await firstRow.getByRole('switch').click();
    await firstRow.getByText('Off').waitFor();
    await firstRow.getByRole('button', { name: 'Change history' }).click();
    await page.locator('.ant-drawer').getByText('Disabled').waitFor();
    expect(await page.locator('.ant-drawer').textContent()).toContain('owner.one');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-activities-en-1440');
    await context.close();
  });

  it("shows the economy and the catalogue in Chinese on a tablet without sideways scrolling, and edits a hash game level's transfer address there", async () => {
    const { context, page } = await newDesk(browser, TABLET, 'zh-CN');
    await signInToConsole(page, server.url, owner);
    await page.goto(`${server.url}/console/marketing/economy`);
    await page.getByTestId(`rate-rebate.rates-3-${SLOTS}`).waitFor();
    const text = await page.getByTestId('economy').textContent();
    for (const words of ['经济设置', '返水比例', 'VIP 等级与礼金', '哈希游戏', '老虎机', '真人娱乐', '棋牌', '变更记录']) expect(text).toContain(words);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-economy-zh-1024');

    await page.goto(`${server.url}/console/games/catalogue`);
    await page.getByTestId('category-list').waitFor();
    expect(await page.getByTestId('catalogue').textContent()).toContain('第三方游戏目录');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-catalogue-zh-1024');

    // Each game's hot, new, order and visibility choices fit a tablet as well.
    await page.getByRole('tab', { name: '单个游戏' }).click();
    await page.getByTestId('game-list').getByText('demo_hilo · DEMO').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-games-zh-1024');

    // A level's transfer address and limits are edited in a dialog that refuses a malformed address
    // and a max not above its min; saved, the player lobby lists the new address with its limits.
    const address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    await page.getByTestId('nav-hashGames').click();
    await page.locator('[data-testid="hash-game-list"] .ant-table-row-expand-icon').first().click();
    await page.getByTestId('hash-edit-1-1').click();
    await page.getByTestId('hash-address-input').fill('T-not-an-address');
    await page.getByTestId('hash-TRX-max').fill('50');
    await page.getByTestId('hash-TRX-min').fill('50');
    const saveButton = page.locator('.ant-modal').getByRole('button', { name: /保\s?存/ });
    await saveButton.click();
    await page.locator('.ant-modal').getByText('TRON 地址：T 开头').waitFor();
    await page.locator('.ant-modal').getByText('最小值须小于最大值').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-hash-address-zh-1024');
    await page.getByTestId('hash-address-input').fill(address);
    await page.getByTestId('hash-TRX-max').fill('5000.5');
    await withStepUp(
      page,
      owner,
      () => saveButton.click(),
      () => page.getByTestId('hash-address-1-1').getByText(address).waitFor(),
    );
    const bigSmall = (
      await server.call<{
        hashGames: { id: number; transferBetAddress: string[]; transferBetLimit: { currencies: { currency: string; min: string; max: string }[] }[] }[];
      }>('/v1/app/home', { language: 'zh_CN' })
    ).data.hashGames.find((game) => game.id === 1)!;
    expect(bigSmall.transferBetAddress[1]).toBe(address);
    expect(bigSmall.transferBetLimit[1]!.currencies).toContainEqual({ currency: 'TRX', min: '50', max: '5000.5' });
    await context.close();
  });

  it('gives a member who keeps the hash games, and not the catalogue, a Hash games entry of its own', async () => {
    const desk = await newDesk(browser, DESKTOP);
    await signInToConsole(desk.page, server.url, owner);
    // The automation key proposes the role and the invitation; the owner, a second person, approves both.
    const role = await server.ops<{ request: { id: number } }>('/ops/v1/staff/setRole', { name: 'hash-keeper', permissions: ['games.hash'] });
    expect(
      (await opsFromPage(desk.page, '/ops/v1/approvals/decide', { id: role.request.id, approve: true, reason: 'a role for the hash games' })).data?.status,
    ).toBe('approved');
    const invited = await server.ops<{ link: string; request: { id: number } }>('/ops/v1/staff/invite', { login: 'hash.keeper', roles: ['hash-keeper'] });
    expect(
      (await opsFromPage(desk.page, '/ops/v1/approvals/decide', { id: invited.request.id, approve: true, reason: 'keeps the hash games' })).data?.status,
    ).toBe('approved');
    await desk.context.close();

    const { context, page } = await newDesk(browser, DESKTOP);
    const keeper = await enrolThroughLink(page, `${server.url}/console/enrol#${invited.link.split('#')[1]}`, 'hash.keeper', 'tidal marble orchard 9');
    await signInToConsole(page, server.url, keeper);
    await page.getByTestId('nav-hashGames').click();
    await page.getByTestId('hash-enabled-1').waitFor();
    expect(await page.getByTestId('nav-catalogue').count()).toBe(0);
    await context.close();
  });
});
