import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer } from './support/api.ts';
import { screenshot } from './support/app.ts';
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

const PASSWORD = 'players2468';
let server: RunningServer;
let browser: Browser;
let player: { token: string; playerId: number; account: string };
let neighbour: { playerId: number };

const balanceCode = async () => (await server.call('/v1/player/balance/get', {}, player.token)).code;
const signInCode = async () => (await server.call('/v1/player/login', { kind: 1, account: player.account, password: PASSWORD })).code;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { owners: ['owner.one'], withOpsKey: true }), launchBrowser()]);
  const account = `pl${Date.now().toString(36)}`.slice(0, 16);
  player = { ...(await registerPlayer(server, account, PASSWORD)), account };
  // Registered from the same address as the first: the two are linked.
  neighbour = await registerPlayer(server, `nb${Date.now().toString(36)}`.slice(0, 16), PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the console: a player', () => {
  let owner: StaffCredentials;
  let desk: { context: BrowserContext; page: Page };
  let invited: { link: string; request: { id: number } };

  afterAll(async () => {
    await desk?.context.close();
  });

  it('says so for a player who does not exist, then finds the player by account and opens their page', async () => {
    desk = await newDesk(browser, DESKTOP);
    const { page } = desk;
    owner = await enrolThroughLink(page, server.ownerLinks['owner.one']!, 'owner.one', 'copper willow station 42');
    await signInToConsole(page, server.url, owner);
    await page.goto(`${server.url}/console/players/2000000000`);
    await page.getByText('There is no player 2000000000.').waitFor();
    await page.getByTestId('nav-players').click();
    await page.getByTestId('player-query').fill(player.account);
    await page.getByTestId('player-query').press('Enter');
    await page.getByTestId(`player-link-${player.playerId}`).click();
    await page.getByTestId('player-header').waitFor();
    expect(await page.getByTestId('player-header').textContent()).toContain(player.account);
    expect(await page.getByTestId('player-status').textContent()).toBe('Active');
  });

  it('freezes the player with a reason: their calls and their sign-in are refused', async () => {
    const { page } = desk;
    expect(await balanceCode()).toBe(0);
    await page.getByTestId('freeze').click();
    await page.getByTestId('freeze-dialog-reason').fill('chargeback investigation');
    await page.getByTestId('freeze-dialog-submit').click();
    await page.getByTestId('unfreeze').waitFor();
    await expect.poll(() => page.getByTestId('player-status').textContent()).toBe('Frozen');
    expect(await balanceCode()).not.toBe(0);
    expect(await signInCode()).toBe(10005);
  });

  it('unfreezes the player with a reason, and the standing tab keeps both decisions', async () => {
    const { page } = desk;
    await page.getByTestId('unfreeze').click();
    await page.getByTestId('unfreeze-dialog-reason').fill('chargeback withdrawn by the bank');
    await withStepUp(
      page,
      owner,
      () => page.getByTestId('unfreeze-dialog-submit').click(),
      () => page.getByTestId('freeze').waitFor(),
    );
    expect(await signInCode()).toBe(0);
    await page.getByTestId('tab-standing').click();
    await page.getByTestId('standing-table').getByText('chargeback withdrawn by the bank').waitFor();
    expect(await page.getByTestId('standing-table').locator('tbody tr.ant-table-row').count()).toBe(2);
  });

  it("writes notes on the player: the newest is listed first, under the owner's name and the time", async () => {
    const { page } = desk;
    await page.getByTestId('tab-notes').click();
    await page.getByTestId('player-notes').getByText('No staff notes on this player yet.').waitFor();
    expect(await page.getByTestId('note-add').isDisabled()).toBe(true);
    for (const text of ['Called about the chargeback.', 'Correction: the bank withdrew it, not the player.']) {
      await page.getByTestId('note-text').fill(text);
      await page.getByTestId('note-add').click();
      await page.getByTestId('note-body').getByText(text).waitFor();
    }
    expect(await page.getByTestId('note-text').inputValue()).toBe('');
    const notes = page.getByTestId('note');
    expect(await notes.count()).toBe(2);
    expect(await notes.first().getByTestId('note-body').textContent()).toBe('Correction: the bank withdrew it, not the player.');
    expect(await notes.first().getByTestId('note-author').textContent()).toBe('owner.one');
    expect(await notes.first().textContent()).toMatch(/\d{4}-\d{2}-\d{2}/);
    await screenshot(page, 'console-player-notes-en-1440');
  });

  it('asks for an adjustment, which waits for another person: the owner cannot approve their own', async () => {
    const { page } = desk;
    await page.getByTestId('adjust').click();
    await page.getByTestId('amount').fill('12.5');
    await page.getByTestId('adjust-dialog-reason').fill('goodwill for a delayed deposit');
    await withStepUp(
      page,
      owner,
      () => page.getByTestId('adjust-dialog-submit').click(),
      () => page.getByTestId('adjustment-request').waitFor(),
    );
    expect(await page.getByTestId('adjustment-request').textContent()).toMatch(/credit 12\.5 USDT\) is pending/i);
    const requests = (await opsFromPage(page, '/ops/v1/approvals/list', {})).data.list as {
      id: number;
      kind: string;
      status: string;
      payload: { playerId: number };
    }[];
    const request = requests.find((entry) => entry.kind === 'balance.adjust' && entry.payload.playerId === player.playerId);
    expect(request?.status).toBe('pending');
    expect((await opsFromPage(page, '/ops/v1/approvals/decide', { id: request?.id, approve: true, reason: 'approving my own request' })).code).toBe(10058);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-player-en-1440');
  });

  it("ends the player's sessions, grants experience gold and issues special invite codes", async () => {
    const { page } = desk;
    await page.getByTestId('end-sessions').click();
    await page.getByTestId('end-sessions-dialog-reason').fill('shared device reported');
    await page.getByTestId('end-sessions-dialog-submit').click();
    await page.getByTestId('end-sessions-dialog').waitFor({ state: 'hidden' });
    expect(await balanceCode()).not.toBe(0);

    await page.getByTestId('grant-gold').click();
    await page.getByTestId('amount').fill('5');
    await withStepUp(
      page,
      owner,
      () => page.getByTestId('gold-dialog-submit').click(),
      () => page.getByTestId('player-header').getByText('Experience account').waitFor(),
    );
    expect(await page.getByTestId('player-balances').locator('tbody tr.ant-table-row').first().textContent()).toMatch(/^USDT05/);

    await page.getByTestId('invite-codes').click();
    await page.getByTestId('codes-dialog-submit').click();
    expect((await page.getByTestId('issued-codes').textContent())?.trim()).toMatch(/Codes issued\s*[A-Z0-9]{4,}/);
  });

  it('lists the players linked to this one by address, and the risk lists say honestly when they are empty', async () => {
    const { page } = desk;
    await page.getByTestId('linked-accounts').click();
    expect(await page.getByTestId('linked-player').inputValue()).toBe(String(player.playerId));
    await page.getByTestId(`player-link-${neighbour.playerId}`).waitFor();
    expect(await page.getByTestId('linked-table').textContent()).toContain('registration');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-risk-linked-en-1440');
    await page.getByTestId('nav-bigWinners').click();
    await page.getByTestId('risk-big-winners').getByTestId('page-empty').waitFor();
    await page.getByTestId('nav-referralReviews').click();
    await page.getByTestId('referral-reviews').getByText('No invitations are held for self-referral.').waitFor();
  });

  it('shows the page in Chinese at 1024x768 without sideways scrolling', async () => {
    const { page } = desk;
    await page.setViewportSize(TABLET);
    await page.goto(`${server.url}/console/players/${player.playerId}`);
    await page.getByTestId('player-header').waitFor();
    await page.getByTestId('language').click();
    await page.locator('.ant-select-item-option[title="简体中文"]').click();
    await page.getByTestId('tab-ledger').click();
    await page.getByTestId('ledger-table').waitFor();
    expect(await page.getByTestId('player-actions').textContent()).toContain('冻结');
    expect(await page.getByTestId('player-tabs').textContent()).toContain('账变');
    expect(await page.getByTestId('player-tabs').textContent()).toContain('备注');
    expect(await page.getByTestId('player-balances').textContent()).toContain('现金');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-player-zh-1024');

    // The analyst's roles are a request made by the key: this owner, a second person, approves it.
    invited = await server.ops('/ops/v1/staff/invite', { login: 'analyst.one', roles: ['analyst'] });
    expect(
      (await opsFromPage(page, '/ops/v1/approvals/decide', { id: invited.request.id, approve: true, reason: 'analyst joins the team' })).data?.status,
    ).toBe('approved');
  });

  it('keeps players from an analyst: no Players entry, and the server refuses the search', async () => {
    const { context, page } = await newDesk(browser, DESKTOP);
    const analyst = await enrolThroughLink(page, `${server.url}/console/enrol#${invited.link.split('#')[1]}`, 'analyst.one', 'amber harbour lantern 7');
    await signInToConsole(page, server.url, analyst);
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('nav-players').count()).toBe(0);
    // The analyst reads risk figures (risk.read): the risk lists stay in the menu.
    expect(await page.getByTestId('nav-bigWinners').count()).toBe(1);
    expect((await opsFromPage(page, '/ops/v1/players/search', { query: player.account })).code).toBe(10055);
    await page.goto(`${server.url}/console/players/${player.playerId}`);
    await page.getByText('Your roles do not include this page.').waitFor();
    await context.close();
  });
});
