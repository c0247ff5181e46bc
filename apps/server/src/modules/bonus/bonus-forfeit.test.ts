import { randomUUID } from 'node:crypto';
import { BonusRecordType } from '@lobby/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TurnoverRepository } from '../turnover/turnover.repo.ts';
import { DEFAULT_TURNOVER_TERMS } from '../vip/vip-terms.ts';
import { FUND_PASSWORD, newWallet, requestId, startWalletTestApp, type TestPlayer, type WalletTestApp } from '../wallet/test-support.ts';

// ECONOMY.md "Bonus money and wagering": forfeits by the player and by operators, waivers, the money
// leaks a black-box attack found (bonus out through the exchange or a merchant), and the races at the
// moment wagering reaches 0. Every test ends with the ledger check.

const USDT = 1_000_000n;

let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp();
  t.fundHotWallet({ trx: '100000', usdt: '100000' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.expectLedgerOk();
});

const db = () => t.app.database.db;

function credit(p: TestPlayer, amount: bigint, sourceRef: string, source = 'first_recharge', currency: 'USDT' | 'TRX' = 'USDT') {
  return t.app.services.bonus.creditNow({ playerId: p.playerId, bonusType: BonusRecordType.FIRST_RECHARGE, source, sourceRef, currency, amount });
}

const forfeit = (p: TestPlayer, currency: 'USDT' | 'TRX' = 'USDT', id = requestId()) =>
  t.call('/v1/bonus/forfeit', { requestId: id, currency }, { token: p.token });
const wageringOf = async (p: TestPlayer) => (await t.call('/v1/bonus/wagering', {}, { token: p.token })).data;
const pool = async () => {
  const { rows } = await sql<{
    total: string | null;
  }>`select sum(balance)::text as total from ledger_accounts where kind = 'bonus_pool' and currency = 'USDT'`.execute(db());
  return BigInt(rows[0]?.total ?? 0);
};
const withdraw = (p: TestPlayer, amount: string, currency: 'USDT' | 'TRX' = 'USDT') =>
  t.call(
    '/v1/bank/cashout/submit',
    { requestId: requestId(), currency, fundPassword: FUND_PASSWORD, amount, address: newWallet().address },
    { token: p.token },
  );

describe('/v1/bonus/forfeit', () => {
  it('returns the bonus balance to the house, drops the outstanding wagering to 0, and leaves cash alone', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '30' });
    await credit(p, 10n * USDT, 'f1');
    const before = await pool();
    const reply = await forfeit(p);
    expect(reply.code).toBe(0);
    expect(reply.data).toEqual({
      forfeit: { currency: 'USDT', amount: '10', outstanding: '100', createdAt: expect.any(String) },
      balances: { usdt: '30', trx: '0', cash: { usdt: '30', trx: '0' }, bonus: { usdt: '0', trx: '0' } },
    });
    expect((await pool()) - before).toBe(10n * USDT);
    expect((await wageringOf(p))[0]).toMatchObject({ outstanding: '0', bonus: '0', cash: '30' });
  });

  it('gives up once for one requestId sent 20 times at once, and answers the same each time', async () => {
    const p = await t.player();
    await credit(p, 5n * USDT, 'f2');
    const id = requestId();
    const replies = await Promise.all(Array.from({ length: 20 }, () => forfeit(p, 'USDT', id)));
    expect(replies.map((r) => r.code)).toEqual(Array(20).fill(0));
    expect(new Set(replies.map((r) => JSON.stringify(r.data.forfeit))).size).toBe(1);
    const rows = await db().selectFrom('bonus_forfeits').select('id').where('player_id', '=', p.playerId).execute();
    expect(rows).toHaveLength(1);
    expect(
      await db().selectFrom('ledger_transfers').select('id').where('kind', '=', 'bonus_forfeit').where('reference', '=', String(rows[0]!.id)).execute(),
    ).toHaveLength(1);
    expect(await t.balances(p)).toMatchObject({ usdt: '0' });
  });

  it('answers 14 when there is nothing to give up, and 12 for a currency it does not know', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '5' });
    expect((await forfeit(p)).code).toBe(14);
    expect((await t.call('/v1/bonus/forfeit', { requestId: requestId(), currency: 'BTC' }, { token: p.token })).code).toBe(12);
    expect((await t.call('/v1/bonus/forfeit', { requestId: requestId(), currency: 'USDT' })).status).toBe(401);
    expect(await t.balances(p)).toMatchObject({ usdt: '5', cash: { usdt: '5' } });
  });

  it('refuses while a bet staked with bonus money is open (its payout would otherwise return as cash)', async () => {
    const p = await t.player();
    await credit(p, 5n * USDT, 'f3');
    await sql`update wagering set bonus_at_stake = 1000000 where player_id = ${p.playerId} and currency = 'USDT'`.execute(db());
    const refused = await forfeit(p);
    expect(refused.code).toBe(1);
    expect(await t.balances(p)).toMatchObject({ bonus: { usdt: '5' } });
    await sql`update wagering set bonus_at_stake = 0 where player_id = ${p.playerId}`.execute(db());
  });

  it('takes back the unwagered share of a requirement from before the split out of cash', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '100' });
    // Before the split a bonus of 20 (x5 = 100 to wager) was paid to cash; 40 of it is wagered.
    await sql`insert into bonus_credits (player_id, bonus_type, source, source_ref, currency, amount, wagering_added, ledger_key)
              values (${p.playerId}, 2, 'first_recharge', 'legacy', 'USDT', 20000000, 100000000, ${`legacy:${p.playerId}`})`.execute(db());
    await sql`insert into wagering (player_id, currency, outstanding, required, legacy) values (${p.playerId}, 'USDT', 60000000, 100000000, true)`.execute(
      db(),
    );
    expect((await withdraw(p, '10')).code).toBe(10053);
    const reply = await forfeit(p);
    expect(reply.code).toBe(0);
    // 60 % of the 20 is unwagered: 12 returns, the rest is the player's.
    expect(reply.data.forfeit).toMatchObject({ amount: '12', outstanding: '60' });
    expect(reply.data.balances).toMatchObject({ usdt: '88', cash: { usdt: '88' } });
    expect((await withdraw(p, '88')).code).toBe(0);
  });

  it('refuses experience gold, which ends with the experience', async () => {
    const p = await t.player();
    await t.app.services.playerMarks.grantExperienceGold({ requestId: `gold-${randomUUID()}`, playerId: p.playerId, amount: 10n * USDT });
    expect((await forfeit(p)).code).toBe(14);
    expect(await t.balances(p)).toMatchObject({ bonus: { usdt: '10' } });
  });
});

describe('bonus money cannot leave by another door (the reproductions)', () => {
  it('deposit 100, a 100 first-recharge bonus, exchange 200 USDT to TRX: refused with 21002; only the deposit may be exchanged and withdrawn', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '100' });
    await credit(p, 100n * USDT, 'leak-exchange');
    const exchange = (amount: string) =>
      t.call('/v1/bank/currency_exchange/submit', { requestId: requestId(), from: 'USDT', to: 'TRX', amount }, { token: p.token });
    expect((await exchange('200')).code).toBe(21002);
    expect(await t.balances(p)).toMatchObject({ cash: { usdt: '100', trx: '0' }, bonus: { usdt: '100' } });
    const exchanged = await exchange('100');
    expect(exchanged.code).toBe(0);
    expect(exchanged.data.balances).toMatchObject({ cash: { usdt: '0', trx: '396' }, bonus: { usdt: '100', trx: '0' } });
    expect((await withdraw(p, '1500', 'TRX')).code).toBe(21002);
    expect((await withdraw(p, '396', 'TRX')).code).toBe(0);
    expect(await t.balances(p)).toEqual({ usdt: '100', trx: '0', cash: { usdt: '0', trx: '0' }, bonus: { usdt: '100', trx: '0' } });
  });

  it('a register reward cannot loop out through a merchant: a transfer pays from cash only', async () => {
    const [p, merchant] = await Promise.all([t.player(), t.player()]);
    await db().updateTable('players').set({ user_type: 1 }).where('id', '=', merchant.playerId).execute();
    await credit(p, USDT, 'leak-register', 'register');
    const pay = await t.call(
      '/v1/bank/transfer/submit',
      { requestId: requestId(), receiverId: merchant.playerId, currency: 'USDT', amount: '1', fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(pay.code).toBe(21002);
    expect(await t.balances(merchant)).toMatchObject({ usdt: '0' });
  });
});

describe('the moment wagering reaches 0', () => {
  it('pays once whatever races: 20 parallel releases, forfeits and withdrawals', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await t.player();
      await t.deposit(p, { usdt: '50' });
      await credit(p, 10n * USDT, `race-${round}`, 'rebate');
      // 1 left to wager: any of the turnover recordings below meets it.
      await sql`update wagering set outstanding = 1000000 where player_id = ${p.playerId}`.execute(db());
      const poolBefore = await pool();
      const meet = (i: number) =>
        new TurnoverRepository(db()).recordRounds(
          [{ playerId: p.playerId, roundKey: `tp:race:${round}:${i}`, gameType: 10, currency: 'USDT', stake: USDT, payout: 0n }],
          DEFAULT_TURNOVER_TERMS,
        );
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? meet(i) : i % 3 === 1 ? forfeit(p) : withdraw(p, '60'))));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const releases = await db()
        .selectFrom('ledger_transfers')
        .select('id')
        .where('kind', '=', 'bonus_release')
        .where('reference', '=', String(p.playerId))
        .execute();
      const forfeited = await db().selectFrom('bonus_forfeits').select('amount').where('player_id', '=', p.playerId).where('amount', '>', 0n).execute();
      const withdrawn = await db().selectFrom('withdrawals').select('amount').where('player_id', '=', p.playerId).execute();
      // Either the bonus was released (once) or forfeited (once), never both.
      expect(releases.length + forfeited.length).toBe(1);
      expect(withdrawn.length).toBeLessThanOrEqual(1);
      if (forfeited.length === 1) {
        expect(withdrawn).toEqual([]);
        expect((await pool()) - poolBefore).toBe(10n * USDT);
      }
      const balances = await t.balances(p);
      const total = BigInt(Math.round(Number(balances.usdt) * 1e6)) + withdrawn.reduce((sum, w) => sum + BigInt(w.amount), 0n);
      expect(total).toBe(releases.length === 1 ? 60n * USDT : 50n * USDT);
      expect(balances.bonus.usdt).toBe('0');
    }
  });
});

describe('/ops/v1/bonus/*', () => {
  const ops = (path: string, body: unknown, key?: string | null) => t.ops(path, body, key);

  it("forfeits a player's bonus with a reason, recorded with who decided", async () => {
    const p = await t.player();
    await credit(p, 7n * USDT, 'ops1');
    const reply = await ops('/ops/v1/bonus/forfeit', { playerId: p.playerId, currency: 'USDT', reason: 'bonus abuse: linked accounts' });
    expect(reply.code).toBe(0);
    expect(reply.data.forfeit).toMatchObject({ amount: '7', outstanding: '70' });
    const state = await ops('/ops/v1/bonus/state', { playerId: p.playerId });
    expect(state.data.history).toEqual([
      expect.objectContaining({ action: 'forfeit', amount: '7', byPlayer: false, operator: t.opsName, reason: 'bonus abuse: linked accounts' }),
    ]);
    expect(await t.balances(p)).toMatchObject({ usdt: '0' });
  });

  it('waives a requirement: the bonus becomes cash at once, exactly once', async () => {
    const p = await t.player();
    await credit(p, 4n * USDT, 'ops2');
    const reply = await ops('/ops/v1/bonus/waive', { playerId: p.playerId, currency: 'USDT', reason: 'service recovery for ticket 42' });
    expect(reply.code).toBe(0);
    expect(reply.data.state.balances).toMatchObject({ cash: { usdt: '4' }, bonus: { usdt: '0' } });
    expect((await ops('/ops/v1/bonus/waive', { playerId: p.playerId, currency: 'USDT', reason: 'again, by mistake' })).code).toBe(14);
    expect(await t.balances(p)).toMatchObject({ cash: { usdt: '4' } });
  });

  it('refuses a decision without a reason with 12, and anyone without a key with 401, changing nothing', async () => {
    const p = await t.player();
    await credit(p, 2n * USDT, 'ops3');
    expect((await ops('/ops/v1/bonus/forfeit', { playerId: p.playerId, currency: 'USDT' })).code).toBe(12);
    expect((await ops('/ops/v1/bonus/forfeit', { playerId: p.playerId, currency: 'USDT', reason: 'fine reason', by: 'someone else' })).code).toBe(12);
    expect((await ops('/ops/v1/bonus/forfeit', { playerId: 'one', currency: 'USDT', reason: 'fine reason' })).code).toBe(12);
    expect((await ops('/ops/v1/bonus/forfeit', { playerId: p.playerId, currency: 'USDT', reason: 'fine reason' }, null)).status).toBe(401);
    expect(await t.balances(p)).toMatchObject({ bonus: { usdt: '2' } });
  });
});
