import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { bothWallets, walletPlayer } from './provider-wallet.test-support.ts';

// The seamless wallet's side of cash and bonus (ECONOMY.md "Bonus money and wagering"): the
// aggregator sees cash + bonus; a bet draws cash first, then bonus; a win or refund returns in the
// round's proportions (bonus part rounded down), to cash once the requirement is met. On both paths.

let t: TestApp;
let wallets: ReturnType<typeof bothWallets>;

beforeAll(async () => {
  t = await startTestApp({ HUB88_CURRENCY: 'USD' });
  wallets = bothWallets(t);
});

afterAll(async () => {
  await t?.close();
});

afterEach(async () => {
  const check = await checkLedger(t.app.database.db);
  expect(check.problems).toEqual([]);
});

const db = () => t.app.database.db;

/** A player with `cashUnits` of cash and `bonusUnits` of bonus money (1/100000 USD each), 1,000 USDT still to wager. */
async function bonusPlayer(cashUnits: bigint, bonusUnits: bigint) {
  const p = await walletPlayer(t, cashUnits);
  await sql`insert into wagering (player_id, currency, outstanding, required) values (${p.playerId}, 'USDT', 1000000000, 1000000000)`.execute(db());
  await t.app.services.ledger.transfer({
    idempotencyKey: `test-bonus:${p.playerId}`,
    kind: 'bonus',
    legs: [
      { account: { kind: 'activity_bonuses' }, currency: 'USDT', amount: -bonusUnits * 10n },
      { account: { kind: 'player_bonus', playerId: p.playerId }, currency: 'USDT', amount: bonusUnits * 10n },
    ],
  });
  return p;
}

const moneyOf = async (playerId: number) => ({
  cash: await t.app.services.ledger.balance({ kind: 'player', playerId }, 'USDT'),
  bonus: await t.app.services.ledger.balance({ kind: 'player_bonus', playerId }, 'USDT'),
});
const atStake = async (playerId: number) =>
  BigInt(
    (await sql<{ s: string }>`select bonus_at_stake::text as s from wagering where player_id = ${playerId} and currency = 'USDT'`.execute(db())).rows[0].s,
  );

describe.each(['batched', 'one by one'] as const)('cash and bonus in the seamless wallet, %s', (kind) => {
  const wallet = () => wallets[kind];

  it('reports cash + bonus and draws a bet from cash first, then bonus, recording the bonus part', async () => {
    const p = await bonusPlayer(100_000n, 200_000n);
    expect(await wallet().balanceOf(p.playerId)).toBe(300_000n);
    const bet = p.bet(150_000n);
    expect(await wallet().bet(bet)).toEqual({ status: 'RS_OK', balance: 150_000n });
    expect(await moneyOf(p.playerId)).toEqual({ cash: 0n, bonus: 1_500_000n });
    expect((await wallet().repo.find('hub88', bet.transactionUuid))?.bonusAmount).toBe(500_000n);
    expect(await atStake(p.playerId)).toBe(500_000n);
    expect(await wallet().bet(p.bet(150_001n))).toEqual({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 150_000n });
  });

  it("returns a win in the round's proportions, bonus part rounded down, and settles the bonus at stake when the round closes", async () => {
    const p = await bonusPlayer(100_000n, 200_000n);
    const bet = p.bet(150_000n); // 1,000,000 micro of cash, 500,000 of bonus
    await wallet().bet(bet);
    const open = p.win(bet, 1n, false); // 10 micro: 3.33 of it bonus, 3 to bonus
    expect(await wallet().win(open)).toEqual({ status: 'RS_OK', balance: 150_001n });
    expect(await moneyOf(p.playerId)).toEqual({ cash: 7n, bonus: 1_500_003n });
    expect(await atStake(p.playerId)).toBe(500_000n);
    expect(await wallet().win(p.win(bet, 300_000n))).toEqual({ status: 'RS_OK', balance: 450_001n });
    expect(await moneyOf(p.playerId)).toEqual({ cash: 2_000_007n, bonus: 2_500_003n });
    expect(await atStake(p.playerId)).toBe(0n);
  });

  it('returns the bonus part to cash once the requirement is met', async () => {
    const p = await bonusPlayer(100_000n, 200_000n);
    const bet = p.bet(150_000n);
    await wallet().bet(bet);
    // Met meanwhile: the bonus left is released to cash by the database.
    await sql`update wagering set outstanding = 0 where player_id = ${p.playerId} and currency = 'USDT'`.execute(db());
    expect(await moneyOf(p.playerId)).toEqual({ cash: 1_500_000n, bonus: 0n });
    expect(await wallet().win(p.win(bet, 300_000n))).toEqual({ status: 'RS_OK', balance: 450_000n });
    expect(await moneyOf(p.playerId)).toEqual({ cash: 4_500_000n, bonus: 0n });
  });

  it('refunds a rolled-back bet as it was drawn and lowers the bonus at stake', async () => {
    const p = await bonusPlayer(100_000n, 200_000n);
    const bet = p.bet(150_000n);
    await wallet().bet(bet);
    const rollback = { ...bet, transactionUuid: randomUUID(), referenceTransactionUuid: bet.transactionUuid, roundClosed: true };
    expect(await wallet().rollback(rollback)).toEqual({ status: 'RS_OK', balance: 300_000n });
    expect(await moneyOf(p.playerId)).toEqual({ cash: 1_000_000n, bonus: 2_000_000n });
    expect(await atStake(p.playerId)).toBe(0n);
  });

  it('drops the requirement when a closed round loses the last bonus money, and keeps it while a win returns some', async () => {
    const outstanding = async (playerId: number) =>
      BigInt(
        (await sql<{ o: string }>`select outstanding::text as o from wagering where player_id = ${playerId} and currency = 'USDT'`.execute(db())).rows[0].o,
      );
    const lost = await bonusPlayer(100_000n, 200_000n);
    const all = lost.bet(300_000n);
    await wallet().bet(all);
    expect(await wallet().win(lost.win(all, 0n))).toEqual({ status: 'RS_OK', balance: 0n });
    expect(await moneyOf(lost.playerId)).toEqual({ cash: 0n, bonus: 0n });
    expect(await outstanding(lost.playerId)).toBe(0n);

    const kept = await bonusPlayer(100_000n, 200_000n);
    const again = kept.bet(300_000n);
    await wallet().bet(again);
    expect(await wallet().win(kept.win(again, 30_000n))).toEqual({ status: 'RS_OK', balance: 30_000n });
    expect((await moneyOf(kept.playerId)).bonus).toBe(200_000n);
    expect(await outstanding(kept.playerId)).toBeGreaterThan(0n);
  });

  it('pays a player without bonus money in cash, as before', async () => {
    const p = await walletPlayer(t, 1_000_000n);
    const bet = p.bet(100_000n);
    expect(await wallet().bet(bet)).toEqual({ status: 'RS_OK', balance: 900_000n });
    expect(await wallet().win(p.win(bet, 250_000n))).toEqual({ status: 'RS_OK', balance: 1_150_000n });
    expect(await moneyOf(p.playerId)).toEqual({ cash: 11_500_000n, bonus: 0n });
  });
});
