import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser.ts';
import { BlockPacer, blockAt, fundedOutsideWallet, sendUsdt } from './support/chain.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The hash-games issue end to end, on a 390x844 phone: a player signs up, deposits USDT from their own
 * TRON wallet, plays consecutive 3 s rounds and a 1-minute round from the bet page, watches results
 * and the balance change without reloading, then opens the bet in the records and checks it in the
 * verifier. Then a bull bet, whose settled row shows both hands and what came back, and a stake over
 * the balance, which offers a deposit. Every figure is held against the chain: results are recomputed
 * here from the devnet's blocks (GAMES.md), not read back from the server.
 *
 * Timing. The server's devnet runs in manual mode and this file produces its blocks (BlockPacer):
 * - every 3000 ms, as on TRON, while the player bets on 3 s rounds and places the 1-minute bet, so
 *   the round clock, the closing of betting and the live updates are the real ones;
 * - every 300 ms while only the chain is waited on (the deposit and its confirmation), 150 ms once
 *   the 1-minute bet is placed, so its 20-block round is decided in seconds instead of up to a
 *   minute, and 1000 ms for the records and the verifier, which do not depend on the pace.
 * That keeps the file well under two minutes (about 60-85 s of tests after the server has started).
 * The deposit balance has no poll behind it: it rises on the recharge screen only through the
 * server's push, which is what "without a reload" checks. HASH_HEAD_MAX_AGE_SECONDS is raised from 6 to 20
 * because this machine is shared: a late block from a starved test process must not read as a stale
 * chain and refuse bets. Element timeouts are generous for the same reason; nothing sleeps.
 */

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const UI_TIMEOUT = 30_000;
const MICRO = 1_000_000n;
const DEPOSIT = 200n * MICRO;
/** Default big/small odds (GAMES.md): 1.95 returned per 1 staked on a win. */
const ODDS_BP = 19_500n;

let server: RunningServer;
let pacer: BlockPacer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

interface PlacedBet {
  gameId: number;
  round: number;
  area: 'big' | 'small';
  stake: bigint;
}

/** What the chain says about a bet, worked out here from the block (GAMES.md, big/small). */
interface Decided extends PlacedBet {
  blockId: string;
  digit: number;
  winner: 'big' | 'small';
  payout: bigint;
}

/** d: the last decimal digit of the block id, letters a-f skipped. */
function lastDecimalDigit(blockId: string): number {
  for (let i = blockId.length - 1; i >= 0; i--) {
    if (/[0-9]/.test(blockId[i])) return Number(blockId[i]);
  }
  throw new Error(`no decimal digit in ${blockId}`);
}

async function decide(bet: PlacedBet): Promise<Decided> {
  const block = await blockAt(server.devnetUrl, bet.round);
  expect(block.height).toBe(bet.round);
  const digit = lastDecimalDigit(block.id);
  const winner = digit >= 5 ? 'big' : 'small';
  const payout = winner === bet.area ? (bet.stake * ODDS_BP) / 10_000n : 0n;
  return { ...bet, blockId: block.id, digit, winner, payout };
}

/** Micro-units as the app shows money: two decimals, thousands separated. */
function shown(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const cents = abs / 10_000n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** Bull hands of a block id (GAMES.md): letters count 10, digits their value; banker c1..c3, player c3..c5; 0 points count 10. */
function bullHands(blockId: string): { banker: number; player: number } {
  const values = [...blockId.slice(-5)].map((c) => (/[0-9]/.test(c) ? Number(c) : 10));
  const points = (chars: number[]) => chars.reduce((a, b) => a + b, 0) % 10 || 10;
  return { banker: points(values.slice(0, 3)), player: points(values.slice(2)) };
}

/** A shown amount ("1,234.50", "−5.00", "19.5") back to micro-units. */
function parseShown(text: string): bigint {
  const clean = text
    .replace(/[,\s]|USDT/g, '')
    .replace('\u2212', '-')
    .replace('+', '');
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(clean);
  if (!match) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  const micro = BigInt(match[2]) * MICRO + BigInt((match[3] ?? '').padEnd(6, '0'));
  return match[1] ? -micro : micro;
}

const byTestId = (id: string): Locator => page.getByTestId(id).filter({ visible: true });

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: false });
}

async function openApp(path: string): Promise<void> {
  await page.goto(server.url + path);
  await page.getByTestId('launch-screen').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
}

/**
 * Records every value the header balance takes on the hash-game page, as the player would see it
 * change, so the test can check afterwards that each step was a bet or a payout and nothing else.
 */
async function watchHeaderBalance(): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __balances: string[]; __balanceObserver?: MutationObserver };
    w.__balances = [];
    const read = () => {
      const text = document.querySelector('[data-testid="hash-balance"] span[dir="ltr"]')?.textContent?.trim() ?? '';
      if (text && w.__balances[w.__balances.length - 1] !== text) w.__balances.push(text);
    };
    read();
    w.__balanceObserver?.disconnect();
    w.__balanceObserver = new MutationObserver(read);
    w.__balanceObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function headerBalances(): Promise<bigint[]> {
  const values = await page.evaluate(() => (window as unknown as { __balances: string[] }).__balances);
  return values.map(parseShown);
}

/** The header's balance in USDT on the hash-game page (the figure, without the coin mark). */
const headerBalance = () => byTestId('hash-balance').locator('span[dir="ltr"]');

/**
 * Waits for a round that has just opened (after `after`) with time left to bet, and returns its
 * deciding height. With 3 s blocks a round is open for one block, so the test bets at its start as a
 * player tapping on the fresh countdown would.
 */
async function freshRound(after: number, minSeconds = 2): Promise<number> {
  const handle = await page.waitForFunction(
    ({ after, minSeconds }) => {
      const height = document.querySelector('[data-testid="hash-round-height"]')?.textContent?.replace(/\D/g, '');
      const seconds = Number(document.querySelector('[data-testid="hash-countdown"]')?.getAttribute('data-seconds') || '0');
      const round = Number(height || '0');
      return round > after && seconds >= minSeconds ? round : false;
    },
    { after, minSeconds },
    { timeout: UI_TIMEOUT, polling: 100 },
  );
  return (await handle.jsonValue()) as number;
}

/** Taps submit on the shown round and waits until the bet is listed under "my bets" as unsettled. */
async function submitBet(round: number): Promise<void> {
  await byTestId('hash-bet-submit').click();
  const row = byTestId('hash-my-bet-row').filter({ hasText: `#${round}` });
  const failure = page.locator('[data-testid="toast"][data-kind="failure"]');
  const outcome = await Promise.race([
    row
      .first()
      .waitFor({ timeout: UI_TIMEOUT })
      .then(() => 'placed' as const),
    failure.waitFor({ timeout: UI_TIMEOUT }).then(() => 'refused' as const),
  ]);
  if (outcome === 'refused') throw new Error(`bet on round ${round} refused: ${await failure.textContent()}`);
  await expect.poll(() => row.first().getAttribute('data-status'), { timeout: UI_TIMEOUT }).toMatch(/^[1456]$/);
}

/** Waits until the results list shows the round, and checks it against the chain. */
async function expectResultRow(bet: Decided): Promise<void> {
  const row = page.locator(`[data-testid="hash-result-row"][data-round="${bet.round}"]`);
  await row.waitFor({ timeout: UI_TIMEOUT });
  await expect.poll(() => row.locator(`.result-chip--${bet.winner}`).count(), { timeout: UI_TIMEOUT }).toBe(1);
  expect(await row.locator('[data-role="decider"]').textContent()).toBe(String(bet.digit));
  // The tail shown is the end of the block id from the chain.
  const tail = (await row.locator('.hash-tail').textContent())!.replace('…', '');
  expect(bet.blockId.endsWith(tail)).toBe(true);
}

async function expectHeader(micro: bigint): Promise<void> {
  await expect.poll(async () => (await headerBalance().textContent())?.trim(), { timeout: UI_TIMEOUT }).toBe(shown(micro));
}

/** Every balance a prefix of the bets, some of them paid, can leave: what the header may show. */
function reachableBalances(start: bigint, bets: Decided[]): Set<bigint> {
  const out = new Set<bigint>([start]);
  for (let placed = 1; placed <= bets.length; placed++) {
    const staked = bets.slice(0, placed).reduce((sum, b) => sum + b.stake, 0n);
    for (let mask = 0; mask < 1 << placed; mask++) {
      let paid = 0n;
      for (let i = 0; i < placed; i++) if (mask & (1 << i)) paid += bets[i].payout;
      out.add(start - staked + paid);
    }
  }
  return out;
}

describe('hash games on a phone: deposit, 3 s and 1-minute rounds, records and verifier', () => {
  let depositAddress = '';
  const bets: Decided[] = [];
  let balance = 0n;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    server = await startServer({
      DEVNET_MANUAL: '1',
      HASH_ENGINE_POLL_MS: '200',
      DEPOSIT_POLL_MS: '300',
      HASH_HEAD_MAX_AGE_SECONDS: '20',
    });
    pacer = new BlockPacer(server.devnetUrl, 300).start();
    browser = await launchBrowser();
    ({ context, page } = await newPhone(browser));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await pacer?.stop();
    await server?.stop();
  });

  it('signs up in the browser', async () => {
    await openApp('/register');
    await byTestId('screen-signup').waitFor({ timeout: UI_TIMEOUT });
    const account = `hash${Date.now().toString(36).slice(-8)}`;
    await byTestId('auth-account').fill(account);
    await byTestId('auth-password').fill('play2win');
    await byTestId('auth-confirm').fill('play2win');
    await byTestId('auth-submit').click();
    await byTestId('screen-home').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.evaluate(() => localStorage.getItem('lobby.token'))).toBeTruthy();
  });

  it('deposits USDT from an outside wallet and sees the balance rise without a reload', async () => {
    await openApp('/trade/Recharge');
    await byTestId('screen-trade-recharge').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(async () => (await byTestId('recharge-balance').textContent())?.trim(), { timeout: UI_TIMEOUT }).toBe('0.00');
    depositAddress = ((await byTestId('recharge-address').textContent({ timeout: UI_TIMEOUT })) ?? '').trim();
    expect(depositAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

    const wallet = await fundedOutsideWallet(server.devnetUrl, { trx: 100n * MICRO, usdt: 1_000n * MICRO });
    await sendUsdt(server.devnetUrl, wallet, depositAddress, DEPOSIT);

    await expect.poll(async () => (await byTestId('recharge-balance').textContent())?.trim(), { timeout: UI_TIMEOUT }).toBe(shown(DEPOSIT));
    await expect(byTestId('recharge-arrived').textContent()).resolves.toContain(`+${shown(DEPOSIT)}`);
    balance = DEPOSIT;
    await screenshot('hash-01-deposit-arrived');
  });

  it('bets on consecutive 3 s rounds and watches results and balance live', async () => {
    pacer.setInterval(3000);
    await openApp('/hashGame?gameId=1&nav=pageBet');
    await byTestId('screen-hash-game').waitFor({ timeout: UI_TIMEOUT });
    await expectHeader(balance);
    await watchHeaderBalance();
    // A 3 s game's round is decided by the next block but one; its countdown shows at most 3 s.
    const countdown = async () => {
      const seconds = await byTestId('hash-countdown').getAttribute('data-seconds');
      return seconds ? Number(seconds) : Number.NaN;
    };
    await expect.poll(countdown, { timeout: UI_TIMEOUT }).toBeLessThanOrEqual(3);

    const plan: { area: 'big' | 'small'; chip: number }[] = [
      { area: 'big', chip: 5 },
      { area: 'small', chip: 10 },
      { area: 'big', chip: 5 },
    ];
    const start = balance;
    const placed: PlacedBet[] = [];
    let last = Number((await byTestId('hash-round-height').textContent())!.replace(/\D/g, ''));
    for (const [i, { area, chip }] of plan.entries()) {
      // Choose first, then tap submit as the next round opens.
      await byTestId(`hash-area-${area}`).click();
      await byTestId(`hash-chip-${chip}`).click();
      const round = await freshRound(last);
      if (i > 0) expect(round, 'bets on consecutive rounds').toBe(last + 1);
      await submitBet(round);
      placed.push({ gameId: 1, round, area, stake: BigInt(chip) * MICRO });
      last = round;
      if (i === 0) {
        // Nothing of this round can be decided yet: the header shows exactly the stake taken.
        await expectHeader(start - placed[0].stake);
        await screenshot('hash-02-bet-placed');
      }
    }

    for (const bet of placed) {
      // The deciding block has to exist on the chain first; the page learns of it by itself.
      await expect
        .poll(
          () =>
            blockAt(server.devnetUrl, bet.round).then(
              () => true,
              () => false,
            ),
          { timeout: UI_TIMEOUT },
        )
        .toBe(true);
      const decided = await decide(bet);
      bets.push(decided);
      await expectResultRow(decided);
    }
    balance = start - bets.reduce((sum, b) => sum + b.stake - b.payout, 0n);
    await expectHeader(balance);
    await byTestId('hash-results').scrollIntoViewIfNeeded();
    await screenshot('hash-03-three-rounds-settled');

    // Every value the header took was the start less some bets taken plus some of their payouts, and
    // it moved at least once per bet. (A bet placed as the round before last is paid can show both at
    // once: the bet's reply already carries the payout.)
    const seen = await headerBalances();
    const allowed = reachableBalances(start, bets);
    for (const value of seen) expect(allowed.has(value), `header showed ${shown(value)}, seen ${seen.map(shown).join(' → ')}`).toBe(true);
    expect(seen[0]).toBe(start);
    expect(seen[seen.length - 1]).toBe(balance);
    expect(seen.length - 1).toBeGreaterThanOrEqual(bets.length);
  });

  it('bets on a 1-minute round and sees it settled', async () => {
    await openApp('/hashGame?gameId=101&nav=pageBet');
    await byTestId('screen-hash-game').waitFor({ timeout: UI_TIMEOUT });
    await expectHeader(balance);
    await watchHeaderBalance();

    await byTestId('hash-area-small').click();
    await byTestId('hash-chip-10').click();
    const round = await freshRound(0, 3);
    // A 1-minute round is decided by a height that is a multiple of 20, and its clock counts from a minute.
    expect(round % 20).toBe(0);
    expect(Number(await byTestId('hash-countdown').getAttribute('data-seconds'))).toBeLessThanOrEqual(60);
    await submitBet(round);
    const bet: PlacedBet = { gameId: 101, round, area: 'small', stake: 10n * MICRO };
    await expectHeader(balance - bet.stake);
    await screenshot('hash-04-one-minute-bet');

    // Up to 20 blocks to go: no need to wait a real minute for them.
    pacer.setInterval(150);
    await expect
      .poll(
        () =>
          blockAt(server.devnetUrl, round).then(
            () => true,
            () => false,
          ),
        { timeout: UI_TIMEOUT },
      )
      .toBe(true);
    pacer.setInterval(1000);
    const decided = await decide(bet);
    bets.push(decided);
    await expectResultRow(decided);
    const before = balance;
    balance = before - decided.stake + decided.payout;
    await expectHeader(balance);
    const seen = await headerBalances();
    expect(seen[0]).toBe(before);
    expect(seen).toContain(before - decided.stake);
    expect(seen[seen.length - 1]).toBe(balance);
    await screenshot('hash-05-one-minute-settled');
  });

  it('finds the bets in the records, opens the 1-minute one and checks it in the verifier', async () => {
    await byTestId('hash-link-records').click();
    await byTestId('screen-betRecord').waitFor({ timeout: UI_TIMEOUT });
    const rows = byTestId('betrecord-row');
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT }).toBe(bets.length);
    // Settled, each one; the profits add up to what the balance moved by since the deposit.
    const statuses = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
    expect(statuses.every((s) => s === '5' || s === '6')).toBe(true);
    const profits = (await rows.locator('.bet-row__profit').allTextContents()).map(parseShown);
    expect(DEPOSIT + profits.reduce((a, b) => a + b, 0n)).toBe(balance);
    await screenshot('hash-06-records');

    // Newest first: the 1-minute bet.
    const bet = bets[bets.length - 1];
    const row = rows.first();
    expect(await row.textContent()).toContain(`#${bet.round}`);
    await row.click();
    await byTestId('screen-betDetails').waitFor({ timeout: UI_TIMEOUT });
    const won = bet.payout > 0n;
    await expect.poll(() => byTestId('betdetail-status').getAttribute('data-status'), { timeout: UI_TIMEOUT }).toBe(won ? '5' : '6');
    expect((await byTestId('betdetail-stake').textContent())?.trim()).toBe(`${shown(bet.stake)} USDT`);
    expect((await byTestId('betdetail-odds').textContent())?.trim()).toBe('×1.95');
    const payout = parseShown((await byTestId('betdetail-payout').textContent())!);
    const profit = parseShown((await byTestId('betdetail-profit').textContent())!);
    expect(payout).toBe(bet.payout);
    expect(profit).toBe(bet.payout - bet.stake);
    expect((await byTestId('betdetail-height').textContent())?.trim()).toBe(`#${bet.round}`);
    expect((await byTestId('betdetail-block-highlight').textContent())?.replace(/\s/g, '')).toBe(bet.blockId);
    expect(await byTestId('betdetail-block-highlight').locator('[data-role="decider"]').textContent()).toBe(String(bet.digit));
    expect(await byTestId('betdetail-match').getAttribute('data-match')).toBe('true');
    // The devnet's blocks are on no public explorer: no link that would lead nowhere.
    expect(await page.getByTestId('betdetail-explorer').count()).toBe(0);
    // The balance after this settled bet: what it was before it, less the stake, plus the payout the detail shows.
    const beforeThisBet = DEPOSIT - bets.slice(0, -1).reduce((sum, b) => sum + b.stake - b.payout, 0n);
    expect(beforeThisBet - bet.stake + payout).toBe(balance);
    await screenshot('hash-07-bet-detail');

    await byTestId('betdetail-verify').click();
    await byTestId('screen-verify').waitFor({ timeout: UI_TIMEOUT });
    expect(await byTestId('verify-block-id').inputValue()).toBe(bet.blockId);
    expect(await byTestId('verify-height').inputValue()).toBe(String(bet.round));
    expect(await byTestId('verify-game').inputValue()).toBe('101');
    expect(await byTestId('verify-area').inputValue()).toBe(bet.area);
    expect(parseShown(await byTestId('verify-amount').inputValue())).toBe(bet.stake);
    await expect.poll(() => byTestId('verify-result').getAttribute('data-winner'), { timeout: UI_TIMEOUT }).toBe(bet.winner);
    expect(await byTestId('verify-digit').locator('b').textContent()).toBe(String(bet.digit));
    expect(await byTestId('verify-return').getAttribute('data-outcome')).toBe(won ? 'win' : 'lose');
    expect(parseShown((await byTestId('verify-return').locator('span b').textContent())!)).toBe(payout);
    // The server, asked on its own, works it out the same.
    await expect.poll(() => byTestId('verify-server').getAttribute('data-state'), { timeout: UI_TIMEOUT }).toBe('match');
    expect(await page.getByTestId('verify-explorer').count()).toBe(0);
    await screenshot('hash-08-verifier');

    // And back to the bet.
    // Pages stack in Ionic's outlet (and two show during a transition): the verifier's own back button.
    await page
      .getByTestId('screen-verify')
      .locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ion-page ")][1]')
      .getByTestId('header-back')
      .click();
    await byTestId('screen-betDetails').waitFor({ timeout: UI_TIMEOUT });
    expect((await byTestId('betdetail-height').textContent())?.trim()).toBe(`#${bet.round}`);
    pacer.check();
  });

  it('plays bull: the sides pay by points, and the settled bet shows both hands and what came back', async () => {
    pacer.setInterval(3000);
    await openApp('/hashGame?gameId=3&nav=pageBet');
    await byTestId('screen-hash-game').waitFor({ timeout: UI_TIMEOUT });
    expect((await byTestId('hash-game-odds').textContent())?.trim()).toBe('Pays by points');
    for (const side of ['banker', 'player'])
      expect((await byTestId(`hash-area-${side}`).textContent())?.trim()).toBe(`${side === 'banker' ? 'Banker' : 'Player'}Pays by points`);

    await byTestId('hash-area-banker').click();
    await byTestId('hash-chip-10').click();
    const round = await freshRound(0);
    await submitBet(round);
    const stake = 10n * MICRO;
    await expect
      .poll(
        () =>
          blockAt(server.devnetUrl, round).then(
            () => true,
            () => false,
          ),
        { timeout: UI_TIMEOUT },
      )
      .toBe(true);
    const { banker, player } = bullHands((await blockAt(server.devnetUrl, round)).id);
    const returned = banker > player ? stake + (stake * BigInt(banker) * 95n) / 1000n : banker < player ? stake - (stake * BigInt(player)) / 10n : stake;

    const row = page.locator(`[data-testid="hash-my-bet-row"][data-round="${round}"]`).filter({ visible: true });
    await expect.poll(() => row.getAttribute('data-status'), { timeout: UI_TIMEOUT }).toMatch(/^[456]$/);
    const hands = row.getByTestId('hash-my-bet-hands');
    await expect.poll(() => hands.getAttribute('data-banker'), { timeout: UI_TIMEOUT }).toBe(String(banker));
    expect(await hands.getAttribute('data-player')).toBe(String(player));
    expect(parseShown((await row.getByTestId('hash-my-bet-returned').locator('b').textContent())!)).toBe(returned);
    balance = balance - stake + returned;
    await expectHeader(balance);
    await row.scrollIntoViewIfNeeded();
    await screenshot('hash-09-bull-settled');
  });

  it('offers a deposit when the stake is more than the balance', async () => {
    await byTestId('hash-amount').scrollIntoViewIfNeeded();
    await byTestId('hash-amount').fill('999');
    await byTestId('hash-area-player').click();
    await byTestId('hash-bet-submit').click();
    const offer = byTestId('insufficient-funds');
    await offer.waitFor({ timeout: UI_TIMEOUT });
    await screenshot('hash-10-deposit-offer');
    await offer.getByTestId('popup-confirm').click();
    await byTestId('screen-trade-recharge').waitFor({ timeout: UI_TIMEOUT });
    expect(new URL(page.url()).pathname).toBe('/trade/Recharge');
  });
});
