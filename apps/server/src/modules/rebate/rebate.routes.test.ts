import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TurnoverRepository } from '../turnover/turnover.repo.ts';
import { DEFAULT_TURNOVER_TERMS } from '../vip/vip-terms.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
});

const db = () => t.app.database.db;
let seq = 0;
const req = () => `rebate-req-${++seq}-${Date.now()}`;

/** Rebate accrued on valid turnover, as settlement records it (micro-units). */
async function accrue(playerId: number, currency: 'USDT' | 'TRX', gameType: number, amount: bigint) {
  await sql`
    insert into rebate_accruals as r (player_id, currency, game_type, accrued, total_accrued)
    values (${playerId}, ${currency}, ${gameType}, ${amount}, ${amount})
    on conflict (player_id, currency, game_type) do update set accrued = r.accrued + excluded.accrued, total_accrued = r.total_accrued + excluded.total_accrued`.execute(
    db(),
  );
}

describe('/v1/rebate/summary', () => {
  it('shows accrued per currency and game type, whether it can be claimed, and no claim yet', async () => {
    const p = await t.registerPlayer();
    await accrue(p.playerId, 'USDT', 1, 4_000n);
    await accrue(p.playerId, 'USDT', 10, 7_500n);
    await accrue(p.playerId, 'TRX', 1, 9_999n);
    const reply = await t.call('/v1/rebate/summary', {}, { token: p.token });
    expect(reply.code).toBe(0);
    expect(reply.data).toEqual({
      currencies: [
        {
          currency: 'USDT',
          accrued: '0.0115',
          claimable: true,
          minClaim: '0.01',
          totalAccrued: '0.0115',
          totalClaimed: '0',
          byGameType: [
            { gameType: 1, accrued: '0.004', totalAccrued: '0.004' },
            { gameType: 10, accrued: '0.0075', totalAccrued: '0.0075' },
          ],
        },
        {
          currency: 'TRX',
          accrued: '0.009999',
          claimable: false,
          minClaim: '0.01',
          totalAccrued: '0.009999',
          totalClaimed: '0',
          byGameType: [{ gameType: 1, accrued: '0.009999', totalAccrued: '0.009999' }],
        },
      ],
      lastClaim: null,
    });
  });

  it('asks a visitor to log in', async () => {
    expect((await t.call('/v1/rebate/summary', {})).status).toBe(401);
  });
});

describe('/v1/rebate/claim', () => {
  it('pays everything accrued in the currency as a rebate bonus that raises wagering, and empties the accruals', async () => {
    const p = await t.registerPlayer();
    await accrue(p.playerId, 'USDT', 1, 1_250_000n);
    await accrue(p.playerId, 'USDT', 2, 250_000n);
    await accrue(p.playerId, 'TRX', 1, 3_000_000n);
    const reply = await t.call('/v1/rebate/claim', { requestId: req(), currency: 'USDT' }, { token: p.token });
    expect(reply.code).toBe(0);
    expect(reply.data).toEqual({
      claim: {
        id: expect.any(Number),
        currency: 'USDT',
        amount: '1.5',
        byGameType: [
          { gameType: 1, amount: '1.25' },
          { gameType: 2, amount: '0.25' },
        ],
        createdAt: expect.any(String),
      },
      wageringAdded: '1.5',
      // Bonus money until it is wagered.
      balances: { usdt: '1.5', trx: '0', cash: { usdt: '0', trx: '0' }, bonus: { usdt: '1.5', trx: '0' } },
    });
    const summary = (await t.call('/v1/rebate/summary', {}, { token: p.token })).data;
    expect(summary.currencies[0]).toMatchObject({ accrued: '0', claimable: false, totalAccrued: '1.5', totalClaimed: '1.5' });
    expect(summary.currencies[1]).toMatchObject({ accrued: '3', claimable: true });
    expect(summary.lastClaim).toEqual(reply.data.claim);
    expect((await t.call('/v1/bonus/wagering', {}, { token: p.token })).data[0]).toMatchObject({ outstanding: '1.5', required: '1.5' });
    const records = await t.call('/v1/reportForm/activityForm', {}, { token: p.token });
    expect(records.data.list).toMatchObject([{ bonusType: 10, amount: '1.5', currency: 'USDT', wageringAdded: '1.5' }]);
    const house = await db()
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('kind', '=', 'rebates')
      .where('currency', '=', 'USDT')
      .executeTakeFirstOrThrow();
    expect(house.balance).toBeLessThanOrEqual(-1_500_000n);
  });

  it('pays what settlement accrued: 0.4 % of a lost 100 USDT slot round and 0.5 % of 95 valid on a hash-type round at level 0', async () => {
    const p = await t.registerPlayer();
    await new TurnoverRepository(db()).recordRounds(
      [
        { playerId: p.playerId, roundKey: 'tp:test:slot-loss', gameType: 10, currency: 'USDT', stake: 100_000_000n, payout: 0n },
        { playerId: p.playerId, roundKey: 'tp:test:hash-win', gameType: 1, currency: 'USDT', stake: 100_000_000n, payout: 195_000_000n },
      ],
      DEFAULT_TURNOVER_TERMS,
    );
    const reply = await t.call('/v1/rebate/claim', { requestId: req(), currency: 'USDT' }, { token: p.token });
    expect(reply.data.claim).toMatchObject({
      amount: '0.875',
      byGameType: [
        { gameType: 1, amount: '0.475' },
        { gameType: 10, amount: '0.4' },
      ],
    });
    expect(reply.data.balances.usdt).toBe('0.875');
  });

  it('refuses with 14 below 0.01 and pays at exactly 0.01', async () => {
    const p = await t.registerPlayer();
    await accrue(p.playerId, 'USDT', 1, 9_999n);
    const refused = await t.call('/v1/rebate/claim', { requestId: req(), currency: 'USDT' }, { token: p.token });
    expect(refused.code).toBe(14);
    expect((await t.call('/v1/rebate/summary', {}, { token: p.token })).data.currencies[0].accrued).toBe('0.009999');
    expect((await t.call('/v1/rebate/claim', { requestId: req(), currency: 'TRX' }, { token: p.token })).code).toBe(14);
    await accrue(p.playerId, 'USDT', 1, 1n);
    const paid = await t.call('/v1/rebate/claim', { requestId: req(), currency: 'USDT' }, { token: p.token });
    expect(paid.code).toBe(0);
    expect(paid.data.claim.amount).toBe('0.01');
    expect(paid.data.balances.usdt).toBe('0.01');
  });

  it('pays once under twenty parallel claims with different request ids', async () => {
    const p = await t.registerPlayer();
    await accrue(p.playerId, 'USDT', 1, 2_000_000n);
    const replies = await Promise.all(Array.from({ length: 20 }, () => t.call('/v1/rebate/claim', { requestId: req(), currency: 'USDT' }, { token: p.token })));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 0).map((r) => r.code)).toEqual(Array(19).fill(14));
    expect((await t.call('/v1/player/balance/get', {}, { token: p.token })).data).toMatchObject({ usdt: '2' });
    expect(await db().selectFrom('rebate_claims').select('amount').where('player_id', '=', p.playerId).execute()).toEqual([{ amount: 2_000_000n }]);
  });

  it('answers twenty parallel copies of one request as the first and pays once', async () => {
    const p = await t.registerPlayer();
    await accrue(p.playerId, 'USDT', 1, 3_000_000n);
    const requestId = req();
    const replies = await Promise.all(Array.from({ length: 20 }, () => t.call('/v1/rebate/claim', { requestId, currency: 'USDT' }, { token: p.token })));
    expect(replies.map((r) => r.code)).toEqual(Array(20).fill(0));
    expect(new Set(replies.map((r) => r.data.claim.id)).size).toBe(1);
    expect(replies.map((r) => r.data.claim.amount)).toEqual(Array(20).fill('3'));
    // A copy arriving after new accruals still answers the first claim and leaves them for the next one.
    await accrue(p.playerId, 'USDT', 1, 500_000n);
    const late = await t.call('/v1/rebate/claim', { requestId, currency: 'USDT' }, { token: p.token });
    expect(late.data.claim).toEqual(replies[0]!.data.claim);
    expect(late.data.balances.usdt).toBe('3');
    expect((await t.call('/v1/rebate/summary', {}, { token: p.token })).data.currencies[0].accrued).toBe('0.5');
  });

  it('runs beside rounds of the same player settling (turnover with its accrual, then payout) without waiting in a circle', async () => {
    const p = await t.registerPlayer();
    await accrue(p.playerId, 'USDT', 10, 1_000_000n);
    const settle = (i: number) =>
      db()
        .transaction()
        .execute(async (trx) => {
          await new TurnoverRepository(trx).recordRounds(
            [{ playerId: p.playerId, roundKey: `tp:test:claim-circle-${i}`, gameType: 10, currency: 'USDT', stake: 10_000_000n, payout: 0n }],
            DEFAULT_TURNOVER_TERMS,
            trx,
          );
          await t.app.services.ledger.transfer(
            {
              idempotencyKey: `test:claim-circle:${p.playerId}:${i}`,
              kind: 'provider_win',
              legs: [
                { account: { kind: 'provider_settlement' }, currency: 'USDT', amount: -1n },
                { account: { kind: 'player', playerId: p.playerId }, currency: 'USDT', amount: 1n },
              ],
            },
            trx,
          );
        });
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? settle(i).then(() => ({ code: 0 })) : t.call('/v1/rebate/claim', { requestId: req(), currency: 'USDT' }, { token: p.token }),
      ),
    );
    expect(replies.every((r) => r.code === 0 || r.code === 14)).toBe(true);
    // Every micro-unit accrued was either claimed once or is still accrued: 1 + 10 rounds × 0.04.
    const claimed = await db()
      .selectFrom('rebate_claims')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
      .where('player_id', '=', p.playerId)
      .executeTakeFirstOrThrow();
    const left = await db().selectFrom('rebate_accruals').select('accrued').where('player_id', '=', p.playerId).executeTakeFirstOrThrow();
    expect(BigInt(claimed.total) + left.accrued).toBe(1_400_000n);
  });

  it('refuses a malformed request with 12', async () => {
    const p = await t.registerPlayer();
    expect((await t.call('/v1/rebate/claim', { requestId: 'short', currency: 'USDT' }, { token: p.token })).code).toBe(12);
    expect((await t.call('/v1/rebate/claim', { requestId: req(), currency: 'BTC' }, { token: p.token })).code).toBe(12);
  });
});

describe('/v1/rebate/history', () => {
  it("lists the player's claims newest first, paged and by currency", async () => {
    const p = await t.registerPlayer();
    for (const [currency, amount] of [
      ['USDT', 1_000_000n],
      ['TRX', 2_000_000n],
      ['USDT', 3_000_000n],
    ] as const) {
      await accrue(p.playerId, currency, 1, amount);
      expect((await t.call('/v1/rebate/claim', { requestId: req(), currency }, { token: p.token })).code).toBe(0);
    }
    const page = await t.call('/v1/rebate/history', { pageSize: 2 }, { token: p.token });
    expect(page.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.data.list.map((c: { amount: string; currency: string }) => `${c.amount} ${c.currency}`)).toEqual(['3 USDT', '2 TRX']);
    const usdt = await t.call('/v1/rebate/history', { currency: 'USDT' }, { token: p.token });
    expect(usdt.data.list.map((c: { amount: string }) => c.amount)).toEqual(['3', '1']);
    const other = await t.registerPlayer();
    expect((await t.call('/v1/rebate/history', {}, { token: other.token })).data).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
  });
});
