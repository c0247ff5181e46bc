import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerPlayer, until } from './support/api.ts';
import { screenshot } from './support/app.ts';
import { launchBrowser } from './support/browser.ts';
import { fundAddress, fundedOutsideWallet, newOutsideWallet, sendUsdt, usdtBalanceOf, type OutsideWallet } from './support/chain.ts';
import { DESKTOP, enrolThroughLink, newDesk, overflowsHorizontally, signInToConsole, TABLET, withStepUp, type StaffCredentials } from './support/console.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Money from the operator's side, in the console: a player deposits on the devnet and asks for a
 * withdrawal large enough to need review and above the four-eyes threshold. A finance member (invited
 * by the owner's automation key, granted the role by the owner) reviews it with the player's context and
 * approves it, which only files a request; the owner approves that request and the withdrawal is paid on
 * the chain. Then the finance member asks for balance adjustments: one taken back while the owner was
 * deciding it (refused as decided already), one the owner approves on a tablet in Chinese, and the
 * player's balance moves by exactly it.
 */

const MICRO = 1_000_000n;
const DEPOSIT = 1_500n * MICRO;
const WITHDRAW = 1_200n * MICRO; // over the 100 USDT review threshold and the 1000 USDT four-eyes one
const FEE = 1n * MICRO; // WITHDRAWAL_USDT_FEE default
const ADJUST = '12.345678';
const LOGIN_PASSWORD = 'finance2026pw';
const FUND_PASSWORD = '730614';
const UI_TIMEOUT = 30_000;

let server: RunningServer;
let browser: Browser;
let clerk: StaffCredentials;
let ownerTwo: StaffCredentials;
let one: { context: BrowserContext; page: Page };
let two: { context: BrowserContext; page: Page };
let player: { token: string; playerId: number };
let receiver: OutsideWallet;
let withdrawalId: string;

/** Decimal text to micro-units, exactly. */
function micro(text: string): bigint {
  const [whole, fraction = ''] = text.replace(/,/g, '').split('.');
  return BigInt(whole!) * MICRO + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

const balance = async () => micro((await callAs<{ usdt: string }>(server, '/v1/player/balance/get', {}, player.token)).usdt);

/** The player signs up, pays in from their own wallet on the devnet, and asks for a large withdrawal. */
async function playerWithdraws(): Promise<void> {
  player = await registerPlayer(server, `fin${Date.now().toString(36)}`.slice(0, 16), LOGIN_PASSWORD);
  const { address } = await callAs<{ address: string }>(server, '/v1/bank/deposit/address', {}, player.token);
  const sender = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: DEPOSIT });
  await sendUsdt(server.devnetUrl, sender, address, DEPOSIT);
  await until('the deposit is credited', async () => (await balance()) === DEPOSIT);
  await callAs(server, '/v1/player/finance_password/update', { newPassword: FUND_PASSWORD, loginPassword: LOGIN_PASSWORD }, player.token);
  receiver = newOutsideWallet();
  await callAs(
    server,
    '/v1/bank/cashout/submit',
    { requestId: `fin-${Date.now()}`, currency: 'USDT', amount: '1200', address: receiver.address, fundPassword: FUND_PASSWORD },
    player.token,
  );
  const queue = await server.ops<{ list: { id: string; playerId: number }[] }>('/ops/v1/finance/withdrawalQueue', {});
  expect(queue.list.map((row) => row.playerId)).toEqual([player.playerId]);
  withdrawalId = queue.list[0]!.id;
}

async function enrolAndSignIn(
  login: string,
  password: string,
  link = server.ownerLinks[login]!,
): Promise<[StaffCredentials, { context: BrowserContext; page: Page }]> {
  const desk = await newDesk(browser, DESKTOP);
  const staff = await enrolThroughLink(desk.page, link, login, password);
  await signInToConsole(desk.page, server.url, staff);
  return [staff, desk];
}

/**
 * The owner enrols; a finance member is invited with the automation key and the owner, a second person
 * to that key, grants the role from their signed-in console; the member enrols through the link.
 */
async function ownerAndFinanceMember(): Promise<void> {
  [ownerTwo, two] = await enrolAndSignIn('owner.two', 'amber lantern harbour 17');
  const invited = await server.ops<{ link: string; request: { id: number } }>('/ops/v1/staff/invite', { login: 'fin.clerk', roles: ['finance'] });
  const decided = await two.page.evaluate(async (id) => {
    const response = await fetch('/ops/v1/approvals/decide', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': sessionStorage.getItem('lobby.console.csrf') ?? '' },
      body: JSON.stringify({ id, approve: true, reason: 'Joins the cashier desk' }),
    });
    return (await response.json()) as { code: number; data: { status: string } };
  }, invited.request.id);
  expect(decided).toMatchObject({ code: 0, data: { status: 'approved' } });
  const link = new URL(invited.link);
  [clerk, one] = await enrolAndSignIn('fin.clerk', 'copper willow station 42', `${server.url}${link.pathname}${link.hash}`);
}

/** Fills the reason dialog and sends it, answering the step-up dialog if the action asks for a code. */
async function giveReason(page: Page, staff: StaffCredentials, reason: string): Promise<void> {
  await page.getByTestId('reason-input').fill(reason);
  await withStepUp(
    page,
    staff,
    () => page.locator('#reason-submit').click(),
    () => page.getByTestId('reason-input').waitFor({ state: 'hidden' }),
  );
}

beforeAll(async () => {
  const hotWallet = newOutsideWallet();
  [server, browser] = await Promise.all([
    startServer(
      {
        // The player withdraws to an address typed a moment before: no 24-hour wait here.
        TEST_ADDRESS_WAIT_HOURS: '0',
        DEVNET_BLOCK_MS: '500',
        DEPOSIT_POLL_MS: '500',
        WITHDRAWAL_POLL_MS: '500',
        WITHDRAWAL_CONFIRMATIONS: '1',
        WITHDRAWAL_USDT_REVIEW: '100',
        WITHDRAWAL_FOUR_EYES_USDT: '1000',
        HOT_WALLET_PRIVATE_KEY: hotWallet.privateKey,
        HASH_ENGINE: 'false',
      },
      { owners: ['owner.two'], withOpsKey: true },
    ),
    launchBrowser(),
  ]);
  // The chain work and the staff's enrolment go on side by side.
  await Promise.all([
    Promise.all([playerWithdraws(), fundAddress(server.devnetUrl, hotWallet.address, { trx: 1_000n * MICRO, usdt: 5_000n * MICRO })]),
    ownerAndFinanceMember(),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the console: finance under four eyes', () => {
  it("shows the finance member the withdrawal with the player's context, and approving it files a request for a second person", async () => {
    const { page } = one;
    await page.goto(`${server.url}/console/finance/withdrawals`);
    const row = page.getByTestId(`withdrawal-${withdrawalId}`);
    await row.waitFor({ timeout: UI_TIMEOUT });
    expect(await row.getByTestId('withdrawal-amount').textContent()).toBe('1,200 USDT');
    // The context is open under the row: what the player put in and took out, the week's play, links.
    const netDeposits = page.getByTestId('context-net-deposits');
    expect(await netDeposits.textContent()).toContain('Deposited1,500');
    expect(await netDeposits.textContent()).toContain('1,500 USDT');
    expect(await page.getByTestId('context-recent-play').textContent()).toContain('No settled bets in 7 days');
    await page.getByTestId('context-linked').waitFor();

    await row.getByTestId('approve-withdrawal').click();
    await giveReason(page, clerk, 'Deposits cover it; no play to speak of, checked the address');
    // Nothing was sent: the row stays, saying it waits for someone else.
    await row.getByTestId('awaiting-second').waitFor({ timeout: UI_TIMEOUT });
    expect(await row.getByTestId('awaiting-second').textContent()).toMatch(/Awaiting a second person \(request #\d+\)/);
    const payments = await server.ops<{ list: { status: string }[] }>('/ops/v1/finance/payments', { kind: 'withdrawal', playerId: player.playerId });
    expect(payments.list.map((payment) => payment.status)).toEqual(['pending_review']);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-finance-withdrawals-en-1440');
  });

  it('lets the owner approve the request, which pays the withdrawal on the chain, and the finance member’s queue empties live', async () => {
    const { page } = two;
    await page.goto(`${server.url}/console/finance/approvals`);
    const row = page.locator('[data-kind="withdrawal.approve"][data-status="pending"]');
    await row.waitFor({ timeout: UI_TIMEOUT });
    expect(await row.getByTestId('approval-what').textContent()).toContain(`Withdrawal #${withdrawalId} of 1,200 USDT by player #${player.playerId}`);
    expect(await row.textContent()).toContain('Deposits cover it');
    await row.getByTestId('approve-approval').click();
    await giveReason(page, ownerTwo, 'Second look agrees with the first');
    await page.locator('[data-kind="withdrawal.approve"][data-status="approved"]').waitFor({ timeout: UI_TIMEOUT });

    // The chain pays the receiver the amount less the fee.
    await until('the withdrawal is paid on the devnet', async () => (await usdtBalanceOf(server.devnetUrl, receiver.address)) === WITHDRAW - FEE);
    await until('the withdrawal is confirmed', async () => {
      const payments = await server.ops<{ list: { status: string }[] }>('/ops/v1/finance/payments', { kind: 'withdrawal', playerId: player.playerId });
      return payments.list[0]?.status === 'confirmed';
    });
    // The finance member's open queue heard of it over the console socket, without a reload.
    await one.page.getByTestId('page-empty').waitFor({ timeout: UI_TIMEOUT });
  });

  it('lists the withdrawal among all payments and exports them through the server', async () => {
    const { page } = one;
    await page.goto(`${server.url}/console/finance/payments`);
    await page.getByTestId('payments').waitFor();
    await page.getByTestId('payments-kind').getByText('Withdrawals').click();
    const row = page.getByTestId(`payment-withdrawal-${withdrawalId}`);
    await row.waitFor({ timeout: UI_TIMEOUT });
    expect(await row.textContent()).toContain('confirmed');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('payments-export').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n').filter((line) => line.includes(receiver.address))).toHaveLength(1);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-finance-payments-en-1440');
  });

  it('refuses a request decided meanwhile with its reason in Chinese, and an adjustment approved on a tablet moves the balance by exactly it', async () => {
    const before = await balance();
    // The finance member asks for an adjustment from the approvals page: it is theirs, so they may only take it back.
    const fileAdjustment = async (amount: string, reason: string) => {
      await one.page.getByTestId('request-adjustment').click();
      await one.page.getByTestId('adjustment-player').fill(String(player.playerId));
      await one.page.getByTestId('adjustment-amount').fill(amount);
      await one.page.getByTestId('adjustment-reason').fill(reason);
      await withStepUp(one.page, clerk, () => one.page.locator('#adjustment-submit').click());
      const row = one.page.locator('[data-kind="balance.adjust"][data-status="pending"]');
      await row.waitFor({ timeout: UI_TIMEOUT });
      expect(await row.textContent()).toContain('Yours');
      expect(await row.getByTestId('approve-approval').count()).toBe(0);
      return { row, id: Number((await row.getAttribute('data-testid'))!.replace('approval-', '')) };
    };
    await one.page.goto(`${server.url}/console/finance/approvals`);
    const first = await fileAdjustment('5', 'Typed in before checking the ticket');

    // The owner, on a tablet in Chinese, starts approving it...
    const { page } = two;
    await page.setViewportSize(TABLET);
    await page.evaluate(() => localStorage.setItem('lobby.console.locale', 'zh'));
    await page.reload();
    await page.getByTestId(`approval-${first.id}`).getByTestId('approve-approval').click({ timeout: UI_TIMEOUT });
    await page.getByTestId('reason-input').fill('核对后同意');
    // ...while the finance member takes it back.
    await first.row.getByTestId('withdraw-approval').click();
    await one.page.locator('#reason-submit').click();
    await one.page.locator(`[data-testid="approval-${first.id}"][data-status="withdrawn"]`).waitFor({ timeout: UI_TIMEOUT });
    await withStepUp(page, ownerTwo, () => page.locator('#reason-submit').click());
    expect(await page.getByTestId('reason-error').textContent({ timeout: UI_TIMEOUT })).toContain('该申请已处理。');
    await page.getByRole('button', { name: '取消' }).click();

    const second = await fileAdjustment(ADJUST, 'Goodwill for a delayed withdrawal');
    const row = page.getByTestId(`approval-${second.id}`);
    await row.waitFor({ timeout: UI_TIMEOUT });
    expect(await row.getByTestId('approval-what').textContent()).toBe(`增加12.345678 USDT · 玩家 #${player.playerId}`);
    expect(await row.getByTestId('approval-status').textContent()).toBe('待审批');
    await row.getByTestId('approve-approval').click();
    await giveReason(page, ownerTwo, '核实无误，同意补偿');
    await page.locator(`[data-testid="approval-${second.id}"][data-status="approved"]`).waitFor({ timeout: UI_TIMEOUT });
    expect(await balance()).toBe(before + micro(ADJUST));
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-finance-approvals-zh-1024');

    // No third-party win was held: the held-wins page says so honestly.
    await page.getByTestId('nav-heldWins').click();
    expect(await page.getByTestId('page-empty').textContent({ timeout: UI_TIMEOUT })).toContain('没有该状态的扣留中奖');
    expect(await overflowsHorizontally(page)).toBe(false);
  });
});
