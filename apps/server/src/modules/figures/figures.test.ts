import { randomUUID } from 'node:crypto';
import { BonusRecordType, formatMicro } from '@lobby/contract';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BonusForfeits } from '../bonus/bonus-forfeit.service.ts';
import { walletPlayer } from '../third-game/provider-wallet.test-support.ts';
import { FUND_PASSWORD, micro, newWallet, startWalletTestApp, type TestPlayer, type WalletTestApp } from '../wallet/test-support.ts';
import { parseRational } from '../wallet/settings.ts';
import { FiguresService, HOT_WALLET_SHARED_MS } from './figures.service.ts';

// A day of play through the product's own paths (registrations, deposits on chain, hash bets settled
// by the engine, third-party rounds through the seamless wallet, bonuses credited, waived and
// forfeited, a withdrawal confirmed on chain), then the dashboard's figures against the same figures
// computed directly from the deposits, withdrawals, bets, rounds, bonus records and ledger.

let t: WalletTestApp;
const db = () => t.app.database.db;

async function advance(blocks = 1) {
  t.app.chain.devnet!.produceBlock(blocks);
  await t.app.services.hashGame.engine.runOnce();
}

async function hashBet(player: { token: string }, currency: 'USDT' | 'TRX', amount: string) {
  const reply = await t.call(
    '/v1/hashGame/bet',
    { requestId: `r${randomUUID().replaceAll('-', '')}`, gameId: 1, level: 0, area: 'big', currency, amount },
    { token: player.token },
  );
  expect(reply.code, reply.msg).toBe(0);
}

async function withdraw(player: TestPlayer, currency: 'USDT' | 'TRX', amount: string) {
  const reply = await t.call(
    '/v1/bank/cashout/submit',
    { requestId: randomUUID(), currency, amount, address: newWallet().address, fundPassword: FUND_PASSWORD },
    { token: player.token },
  );
  expect(reply.code, reply.msg).toBe(0);
}

/** The same figures, for one currency over today, read from the records themselves. */
async function direct(currency: 'USDT' | 'TRX') {
  const one = async <T>(query: RawBuilder<T>) => (await query.execute(db())).rows[0]!;
  const counted = (row: { n: string; amount: string | null }) => ({ count: Number(row.n), amount: formatMicro(BigInt(row.amount ?? '0')) });
  const deposits = await one(sql<{ n: string; amount: string | null }>`
    select count(*)::text as n, sum(amount)::text as amount from deposits where status = 'credited' and currency = ${currency}`);
  const firstDeposits = await one(sql<{ n: string; amount: string | null }>`
    select count(*)::text as n, sum(amount)::text as amount from (
      select distinct on (player_id) currency, amount from deposits where status = 'credited' order by player_id, credited_at, id
    ) f where currency = ${currency}`);
  const withdrawals = await one(sql<{ n: string; amount: string | null }>`
    select count(*)::text as n, sum(amount)::text as amount from withdrawals where status = 'confirmed' and currency = ${currency}`);
  const { rows: games } = await sql<{ game_type: number; bets: string; stake: string; payout: string }>`
    select game_type, sum(bets)::text as bets, sum(stake)::text as stake, sum(payout)::text as payout from (
      select 1 as game_type, count(*) as bets, sum(b.amount) as stake, sum(b.payout) as payout
      from hash_bets b join players p on p.id = b.player_id
      where b.currency = ${currency} and b.settled_at is not null and p.experience_type <> 1
      union all
      select r.game_type, count(*), sum(r.bet_total), sum(r.win_total)
      from provider_rounds r join players p on p.id = r.player_id
      where r.currency = ${currency} and r.closed_at is not null and r.bet_total > 0 and p.experience_type <> 1
      group by r.game_type
    ) g where bets > 0 group by game_type order by game_type`.execute(db());
  const bonus = await one(sql<{ paid: string; as_cash: string; released: string; forfeited: string }>`
    select
      (select coalesce(sum(amount), 0) from bonus_credits where currency = ${currency})::text as paid,
      (select coalesce(sum(amount), 0) from bonus_credits where currency = ${currency} and wagering_added = 0)::text as as_cash,
      (select coalesce(sum(e.amount), 0) from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
        where t.kind = 'bonus_release' and e.currency = ${currency} and e.amount > 0)::text as released,
      (select coalesce(sum(amount), 0) from bonus_forfeits where action = 'forfeit' and currency = ${currency})::text as forfeited`);
  const stake = games.reduce((sum, g) => sum + BigInt(g.stake), 0n);
  const payout = games.reduce((sum, g) => sum + BigInt(g.payout), 0n);
  const bonusCost = BigInt(bonus.paid) - BigInt(bonus.forfeited);
  return {
    currency,
    firstDeposits: counted(firstDeposits),
    deposits: counted(deposits),
    withdrawals: counted(withdrawals),
    netDeposits: formatMicro(BigInt(deposits.amount ?? '0') - BigInt(withdrawals.amount ?? '0')),
    bets: { count: games.reduce((sum, g) => sum + Number(g.bets), 0), stake: formatMicro(stake), payout: formatMicro(payout) },
    ggr: formatMicro(stake - payout),
    byGameType: games.map((g) => ({
      gameType: g.game_type,
      bets: Number(g.bets),
      stake: formatMicro(BigInt(g.stake)),
      payout: formatMicro(BigInt(g.payout)),
      ggr: formatMicro(BigInt(g.stake) - BigInt(g.payout)),
    })),
    bonusPaid: formatMicro(BigInt(bonus.paid)),
    bonusReleased: formatMicro(BigInt(bonus.as_cash) + BigInt(bonus.released)),
    bonusForfeited: formatMicro(BigInt(bonus.forfeited)),
    bonusCost: formatMicro(bonusCost),
    ngr: formatMicro(stake - payout - bonusCost),
  };
}

beforeAll(async () => {
  t = await startWalletTestApp({ HASH_ENGINE: 'false', HASH_HEAD_MAX_AGE_SECONDS: '86400', HASH_PAYOUT_CONFIRMATIONS: '0', HUB88_CURRENCY: 'USD' });
  await t.app.services.hashGame.engine.runOnce();
  t.fundHotWallet({ usdt: '1000', trx: '10000' });

  // Registrations, and deposits credited from the chain: Alice's first is USDT, Bob deposits twice.
  const alice = await t.player();
  const bob = await t.player();
  await t.player();
  await t.deposit(alice, { usdt: '200' });
  await t.deposit(alice, { trx: '800' });
  await t.deposit(bob, { usdt: '50' });
  await t.deposit(bob, { usdt: '25.5' });

  // Hash bets in both currencies, settled by the engine; an experience account's bet is left out.
  const guest = await t.player();
  await db().updateTable('players').set({ experience_type: 1 }).where('id', '=', guest.playerId).execute();
  await t.deposit(guest, { usdt: '30' });
  for (const [player, currency, amount] of [
    [alice, 'USDT', '10'],
    [alice, 'USDT', '7.25'],
    [alice, 'TRX', '40'],
    [bob, 'USDT', '5'],
    [guest, 'USDT', '6'],
  ] as const) {
    await hashBet(player, currency, amount);
  }
  await advance(3);

  // Third-party rounds through the seamless wallet: one lost, one won, one still open.
  const dave = await walletPlayer(t, 10_000_000n);
  const wallet = t.app.services.providerWallet;
  const lost = dave.bet(300_000n, { roundClosed: true });
  expect((await wallet.bet(lost)).status).toBe('RS_OK');
  const won = dave.bet(200_000n);
  expect((await wallet.bet(won)).status).toBe('RS_OK');
  expect((await wallet.win(dave.win(won, 500_000n))).status).toBe('RS_OK');
  expect((await wallet.bet(dave.bet(100_000n))).status).toBe('RS_OK');

  // Bonuses: cash at once, bonus money waived to cash, bonus money forfeited.
  const bonus = t.app.services.bonus;
  const credit = (playerId: number, currency: 'USDT' | 'TRX', amount: string, multiplier: number, sourceRef: string) =>
    bonus.creditNow({ playerId, bonusType: BonusRecordType.REBATE, source: 'rebate', sourceRef, currency, amount: micro(amount), multiplier });
  await credit(alice.playerId, 'USDT', '3', 0, 'day:1');
  await credit(bob.playerId, 'USDT', '10', 2, 'day:2');
  await credit(bob.playerId, 'TRX', '12', 3, 'day:3');
  const forfeits = new BonusForfeits(db(), t.app.services.ledger);
  await forfeits.waive(bob.playerId, 'USDT', 'finance', 'goodwill');
  await forfeits.forfeit(bob.playerId, 'TRX', { player: false, operator: 'risk', reason: 'abuse' });

  // A withdrawal confirmed on chain, and one still waiting to be sent (not counted yet).
  await withdraw(alice, 'USDT', '30');
  await t.processWithdrawals();
  await withdraw(bob, 'USDT', '5');
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('the dashboard figures after a day of play', () => {
  const figures = () => new FiguresService(db(), { trxPerUsdt: () => parseRational('4') }).dashboard();

  it('equal, in each currency, the figures computed from the deposits, withdrawals, bets, rounds, bonus records and ledger', async () => {
    const today = (await figures()).periods.find((p) => p.period === 'today')!;
    expect(today.currencies).toEqual([await direct('USDT'), await direct('TRX')]);
    // The script moved every kind of money, so the comparison above compared something.
    const [usdt, trx] = today.currencies;
    expect(usdt).toMatchObject({ deposits: { count: 4, amount: '305.5' }, firstDeposits: { count: 3 }, withdrawals: { count: 1, amount: '30' } });
    expect(usdt!.byGameType.map((g) => g.gameType)).toEqual([1, 10]);
    expect(usdt).toMatchObject({ bonusPaid: '13', bonusReleased: '13', bonusForfeited: '0', bonusCost: '13' });
    expect(trx).toMatchObject({ deposits: { count: 1, amount: '800' }, firstDeposits: { count: 0 }, bonusPaid: '12', bonusForfeited: '12', bonusCost: '0' });
  });

  it('count registrations, and active players from real accounts with a recorded round', async () => {
    const today = (await figures()).periods.find((p) => p.period === 'today')!;
    const { rows } = await sql<{ registered: string; active: string }>`
      select (select count(*) from players)::text as registered,
             (select count(distinct player_id) from (
                select b.player_id from hash_bets b where b.settled_at is not null
                union all select r.player_id from provider_rounds r where r.closed_at is not null
              ) played join players p on p.id = played.player_id where p.experience_type <> 1)::text as active`.execute(db());
    expect(today.registrations).toBe(Number(rows[0]!.registered));
    expect(today.activePlayers).toBe(Number(rows[0]!.active));
    expect(today.activePlayers).toBe(3);
  });

  it('convert TRX to USDT at the wallet rate for the USDT equivalent, and give the same day for 7 and 30 days', async () => {
    const dashboard = await figures();
    const [today, week, month] = dashboard.periods;
    expect(dashboard.trxPerUsdt).toBe('4');
    expect(today!.usdtEquivalent!.deposits).toEqual({ count: 5, amount: '505.5' });
    expect(today!.usdtEquivalent!.bonusPaid).toBe('16');
    expect(week!.currencies).toEqual(today!.currencies);
    expect(month!.currencies).toEqual(today!.currencies);
    expect(month!.from).toBe(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));
    expect(dashboard.daily).toHaveLength(60);
    expect(dashboard.daily.slice(-2).map((d) => d.deposits)).toEqual([today!.currencies[0]!.deposits.amount, today!.currencies[1]!.deposits.amount]);
  });

  it('leave the USDT equivalent out while exchange is not configured', async () => {
    const dashboard = await new FiguresService(db(), { trxPerUsdt: () => null }).dashboard();
    expect(dashboard.trxPerUsdt).toBeNull();
    expect(dashboard.periods.every((p) => p.usdtEquivalent === null)).toBe(true);
  });

  it("show the hot wallet's balances as the node reports them, and come without them when the node fails or is slow", async () => {
    const address = t.app.chain.hotWallet.address;
    const read = async () => ({ address, usdt: await t.app.chain.client.getUsdtBalance(address), trx: await t.app.chain.client.getTrxBalance(address) });
    const shown = await new FiguresService(db(), { trxPerUsdt: () => null, hotWallet: read }).dashboard();
    const held = await read();
    expect(shown.hotWallet).toEqual({ address, usdt: formatMicro(held.usdt), trx: formatMicro(held.trx) });
    const failing = await new FiguresService(db(), { trxPerUsdt: () => null, hotWallet: () => Promise.reject(new Error('node down')) }).dashboard();
    expect(failing.hotWallet).toBeNull();
    const started = Date.now();
    const stuck = await new FiguresService(db(), { trxPerUsdt: () => null, hotWallet: () => new Promise(() => undefined) }).dashboard();
    expect(stuck.hotWallet).toBeNull();
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('ask the node about the hot wallet once for every dashboard opened within a few seconds, and again after a failure', async () => {
    let clock = Date.parse('2026-11-28T08:00:00Z');
    let reads = 0;
    let failing = false;
    const hotWallet = async () => {
      reads++;
      if (failing) throw new Error('node down');
      return { address: 'TX', usdt: BigInt(reads) * 1_000_000n, trx: 0n };
    };
    const figures = new FiguresService(db(), { trxPerUsdt: () => null, hotWallet, now: () => new Date(clock) });
    const [first, second] = await Promise.all([figures.dashboard(), figures.dashboard()]);
    expect(reads).toBe(1);
    expect(second.hotWallet).toEqual(first.hotWallet);
    clock += HOT_WALLET_SHARED_MS - 1;
    expect((await figures.dashboard()).hotWallet?.usdt).toBe('1');
    expect(reads).toBe(1);
    clock += 1;
    failing = true;
    expect((await figures.dashboard()).hotWallet).toBeNull();
    expect(reads).toBe(2);
    failing = false;
    expect((await figures.dashboard()).hotWallet?.usdt).toBe('3');
    expect(reads).toBe(3);
  });

  it('keep nothing waiting to be folded once the day is over', async () => {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from ops_figures_pending`.execute(db());
    expect(rows[0]!.n).toBe('0');
  });
});
