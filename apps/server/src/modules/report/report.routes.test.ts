import { BetStatus, GameType } from '@lobby/contract';
import { resultOf } from '@lobby/hash-games';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { settleRound } from '../hash-game/settlement.ts';
import { placePageBets, storeBlock } from '../turnover/test-support.ts';
import { shanghaiDay, TurnoverRepository } from '../turnover/turnover.repo.ts';
import { DEFAULT_TURNOVER_TERMS } from '../vip/vip-terms.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
});

const db = () => t.app.database.db;
const USDT = (units: number) => BigInt(Math.round(units * 1e6));

describe('/v1/reportForm', () => {
  it('counts every bet of a settled hash round and a closed slot round, sums them per game type and lists them', async () => {
    const p = await t.registerPlayer();
    const height = 8_100_000;
    // Game 1 ends big: the big bet wins at 1.95, the small one loses.
    // Bets before the block: the app's round engine may settle a stored block before this test does.
    await placePageBets(db(), height, [
      { playerId: p.playerId, gameId: 1, area: 'big', amount: USDT(10) },
      { playerId: p.playerId, gameId: 1, area: 'small', amount: USDT(4) },
      { playerId: p.playerId, gameId: 1, area: 'big', amount: USDT(6) },
    ]);
    const block = await storeBlock(db(), height, (result) => (result(1) as { winner?: string }).winner === 'big');
    expect((resultOf(1, block.blockId, height) as { winner?: string }).winner).toBe('big');
    await settleRound(db(), block);
    await sql`
      insert into provider_rounds (aggregator, round, player_id, game_code, game_type, manufacturer, currency, bet_total, win_total, bet_count, closed_at)
      values ('test', 'slot-1', ${p.playerId}, 'no-such-game', ${GameType.SLOT}, 'Studio', 'USDT', ${USDT(5)}, ${USDT(7.5)}, 1, now())`.execute(db());
    await db()
      .transaction()
      .execute((trx) =>
        new TurnoverRepository(trx).recordProviderRounds(trx, [{ aggregator: 'test', playerId: p.playerId, round: 'slot-1' }], DEFAULT_TURNOVER_TERMS),
      );

    const summary = await t.call('/v1/reportForm/betFormSummary', { currencyCode: 'USDT', lastDay: 1 }, { token: p.token });
    expect(summary.code).toBe(0);
    // Hash: stakes 20, payouts 16 × 1.95 = 31.2; the game's valid turnover is |31.2 − 20| = 11.2.
    expect(summary.data.byGameType).toEqual([
      { gameType: GameType.HASH, betCount: 3, betAmount: '20', validBetAmount: '11.2', payoutAmount: '31.2', winLoseAmount: '11.2' },
      { gameType: GameType.SLOT, betCount: 1, betAmount: '5', validBetAmount: '2.5', payoutAmount: '7.5', winLoseAmount: '2.5' },
    ]);
    expect(summary.data.total).toEqual({ betCount: 4, betAmount: '25', validBetAmount: '13.7', payoutAmount: '38.7', winLoseAmount: '13.7' });

    const winLose = await t.call('/v1/reportForm/winOrLoseForm', { currencyCode: 'USDT', lastDay: 7 }, { token: p.token });
    expect(winLose.data).toMatchObject({ currencyCode: 'USDT', betCount: 4, betAmount: '25', winLoseAmount: '13.7', bonusAmount: '0' });
    // The chart's series: seven days, oldest first, today's bets on the last one and zeros before.
    const nothing = { betAmount: '0', validBetAmount: '0', payoutAmount: '0', winLoseAmount: '0' };
    expect(winLose.data.days).toHaveLength(7);
    expect(winLose.data.days[0].day).toBe(shanghaiDay(new Date(Date.now() - 6 * 86_400_000)));
    expect(winLose.data.days.slice(0, 6)).toEqual(winLose.data.days.slice(0, 6).map((d: { day: string }) => ({ day: d.day, ...nothing })));
    expect(winLose.data.days[6]).toEqual({ day: shanghaiDay(), betAmount: '25', validBetAmount: '13.7', payoutAmount: '38.7', winLoseAmount: '13.7' });
    const trx = await t.call('/v1/reportForm/winOrLoseForm', { currencyCode: 'TRX', lastDay: 7 }, { token: p.token });
    expect(trx.data).toMatchObject({ betCount: 0, betAmount: '0', winLoseAmount: '0' });
    expect(trx.data.days).toEqual(winLose.data.days.map((d: { day: string }) => ({ day: d.day, ...nothing })));

    const hash = await t.call('/v1/reportForm/betFormDetail', { currencyCode: 'USDT', lastDay: 1, gameType: GameType.HASH, page: 1 }, { token: p.token });
    expect(hash.data.total).toBe(3);
    expect(hash.data.list.map((b: { betAmount: string; status: number }) => [b.betAmount, b.status])).toEqual([
      ['6', BetStatus.SETTLED_WIN],
      ['4', BetStatus.SETTLED_LOSE],
      ['10', BetStatus.SETTLED_WIN],
    ]);
    expect(hash.data.list[0]).toMatchObject({ gameType: GameType.HASH, gameId: 1, payoutAmount: '11.7', winLoseAmount: '5.7', validBetAmount: '5.7' });
    const slot = await t.call('/v1/reportForm/betFormDetail', { currencyCode: 'USDT', lastDay: 1, gameType: GameType.SLOT }, { token: p.token });
    expect(slot.data.list).toEqual([
      expect.objectContaining({
        gameType: GameType.SLOT,
        gameName: 'no-such-game',
        manufacturer: 'Studio',
        betAmount: '5',
        payoutAmount: '7.5',
        status: BetStatus.SETTLED_WIN,
      }),
    ]);
  });

  it("shows a player nothing of another player's bets", async () => {
    const p = await t.registerPlayer();
    const summary = await t.call('/v1/reportForm/betFormSummary', { currencyCode: 'USDT', lastDay: 90 }, { token: p.token });
    expect(summary.data).toMatchObject({ total: { betCount: 0, betAmount: '0' }, byGameType: [] });
    const winLose = await t.call('/v1/reportForm/winOrLoseForm', { currencyCode: 'USDT', lastDay: 90 }, { token: p.token });
    expect(winLose.data.days).toHaveLength(90);
    expect(winLose.data.days.every((d: { winLoseAmount: string; betAmount: string }) => d.winLoseAmount === '0' && d.betAmount === '0')).toBe(true);
    const detail = await t.call('/v1/reportForm/betFormDetail', { currencyCode: 'USDT', lastDay: 90, gameType: GameType.HASH }, { token: p.token });
    expect(detail.data).toMatchObject({ list: [], total: 0 });
  });

  it('refuses bad input with code 12 and a visitor with 401', async () => {
    const p = await t.registerPlayer();
    expect((await t.call('/v1/reportForm/winOrLoseForm', { currencyCode: 'USDT', lastDay: 0 }, { token: p.token })).code).toBe(12);
    expect((await t.call('/v1/reportForm/winOrLoseForm', { currencyCode: 'USDT', lastDay: 91 }, { token: p.token })).code).toBe(12);
    expect((await t.call('/v1/reportForm/betFormDetail', { currencyCode: 'USDT', lastDay: 1, gameType: 99 }, { token: p.token })).code).toBe(12);
    expect((await t.call('/v1/reportForm/betFormSummary', { currencyCode: 'USDT', lastDay: 1 })).status).toBe(401);
  });
});
