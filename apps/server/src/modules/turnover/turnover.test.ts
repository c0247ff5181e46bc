import { GameType } from '@lobby/contract';
import { resultOf, settle } from '@lobby/hash-games';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { checkLedger } from '../../money/ledger-check.ts';
import { migratedTestDatabase } from '../../money/test-support.ts';
import { settleRound } from '../hash-game/settlement.ts';
import { DEFAULT_TURNOVER_TERMS, levelFor } from '../vip/vip-terms.ts';
import { insertPlayer, placePageBets, storeBlock, type PageBet } from './test-support.ts';
import { TurnoverRepository, valid } from './turnover.repo.ts';

let database: DatabaseHandle;
let db: Db;
let repo: TurnoverRepository;
let nextHeight = 10_000;
const USDT = (units: number) => BigInt(Math.round(units * 1e6));

beforeAll(async () => {
  database = await migratedTestDatabase();
  db = database.db;
  repo = new TurnoverRepository(db);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const winner = (gameId: number, blockId: string, height: number) => (resultOf(gameId, blockId, height) as { winner?: string }).winner;

function hashRatePpm(level: number): bigint {
  const rate = DEFAULT_TURNOVER_TERMS.rebatePpm.find((r) => r.level === level && r.gameType === GameType.HASH);
  return BigInt(rate?.ppm ?? 0);
}

/** What the players have accrued on hash games, by player and currency (only rows above zero). */
async function hashAccruals(players: number[]): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('rebate_accruals')
    .select(['player_id', 'currency', 'accrued'])
    .where('player_id', 'in', players)
    .where('game_type', '=', GameType.HASH)
    .execute();
  return new Map(rows.filter((r) => r.accrued > 0n).map((r) => [`${r.player_id}|${r.currency}`, r.accrued]));
}

async function recordOf(playerId: number) {
  return (await repo.recordsOf(playerId)).map((r) => ({
    roundKey: r.round_key,
    gameType: r.game_type,
    currency: r.currency,
    stake: r.stake,
    payout: r.payout,
    valid: r.valid,
  }));
}

describe('valid turnover recorded when a hash round settles', () => {
  it('counts ECONOMY.md examples: lose 100 → 100, win at 1.95 → 95, draw → 0, 100 big + 100 small → 5', async () => {
    const [loser, winnerPlayer, hedger, drawn] = [await insertPlayer(db), await insertPlayer(db), await insertPlayer(db), await insertPlayer(db)];
    const height = nextHeight++;
    // Game 1 (big/small) ends big; game 4 (banker/player/tie) ends in a tie, so a banker bet is a draw.
    const block = await storeBlock(
      db,
      height,
      (result) => (result(1) as { winner?: string }).winner === 'big' && (result(4) as { winner?: string }).winner === 'tie',
    );
    await placePageBets(db, height, [
      { playerId: loser, gameId: 1, area: 'small', amount: USDT(100) },
      { playerId: winnerPlayer, gameId: 1, area: 'big', amount: USDT(100) },
      { playerId: hedger, gameId: 1, area: 'big', amount: USDT(100) },
      { playerId: hedger, gameId: 1, area: 'small', amount: USDT(100) },
      { playerId: drawn, gameId: 4, area: 'banker', amount: USDT(100) },
    ]);
    await settleRound(db, block);

    expect(await recordOf(loser)).toEqual([
      { roundKey: `hash:${height}`, gameType: GameType.HASH, currency: 'USDT', stake: USDT(100), payout: 0n, valid: USDT(100) },
    ]);
    expect((await recordOf(winnerPlayer))[0]).toMatchObject({ payout: USDT(195), valid: USDT(95) });
    expect((await recordOf(hedger))[0]).toMatchObject({ stake: USDT(200), payout: USDT(195), valid: USDT(5) });
    expect((await recordOf(drawn))[0]).toMatchObject({ stake: USDT(100), payout: USDT(100), valid: 0n });
    expect((await db.selectFrom('player_vip').select('xp').where('player_id', '=', loser).executeTakeFirstOrThrow()).xp).toBe(USDT(100));
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('counts a hedge across levels as one round: big at beginner + small at intermediate of one block count 0.5, not 19.5', async () => {
    const hedger = await insertPlayer(db);
    await db
      .insertInto('wagering')
      .values({ player_id: hedger, currency: 'USDT', outstanding: USDT(100), required: USDT(100) })
      .execute();
    const height = nextHeight++;
    const block = await storeBlock(db, height, (result) => (result(1) as { winner?: string }).winner === 'big');
    await placePageBets(db, height, [
      { playerId: hedger, gameId: 1, level: 0, area: 'big', amount: USDT(10) },
      { playerId: hedger, gameId: 1, level: 1, area: 'small', amount: USDT(10) },
    ]);
    await settleRound(db, block);

    expect(await recordOf(hedger)).toEqual([
      { roundKey: `hash:${height}`, gameType: GameType.HASH, currency: 'USDT', stake: USDT(20), payout: USDT(19.5), valid: USDT(0.5) },
    ]);
    expect((await db.selectFrom('player_vip').select('xp').where('player_id', '=', hedger).executeTakeFirstOrThrow()).xp).toBe(USDT(0.5));
    expect((await db.selectFrom('wagering').select('outstanding').where('player_id', '=', hedger).executeTakeFirstOrThrow()).outstanding).toBe(USDT(99.5));
    const { rows: days } = await sql<{ bet_count: number; bet_amount: string; valid_amount: string }>`
      select bet_count, bet_amount::text, valid_amount::text from player_daily_bets where player_id = ${hedger}`.execute(db);
    expect(days).toEqual([{ bet_count: 2, bet_amount: String(USDT(20)), valid_amount: String(USDT(0.5)) }]);
  });

  it('counts nothing for experience accounts, and a round settles once however often it is retried', async () => {
    const trial = await insertPlayer(db, { experience: true });
    const height = nextHeight++;
    const block = await storeBlock(db, height);
    await placePageBets(db, height, [{ playerId: trial, gameId: 1, area: 'big', amount: USDT(10) }]);
    await settleRound(db, block);
    expect(await settleRound(db, block)).toBeNull();
    expect(await recordOf(trial)).toEqual([]);
    expect(await db.selectFrom('player_vip').selectAll().where('player_id', '=', trial).execute()).toEqual([]);
  });

  it('records min(stake, |payout − stake|) per player and currency over every game and level of random rounds, with XP in USDT equivalent', async () => {
    const players = [await insertPlayer(db), await insertPlayer(db), await insertPlayer(db)];
    const bet = fc.record({
      player: fc.integer({ min: 0, max: players.length - 1 }),
      game: fc.constantFrom(
        { id: 1, areas: ['big', 'small'] },
        { id: 2, areas: ['odd', 'even'] },
        { id: 3, areas: ['banker', 'player'] },
        { id: 4, areas: ['banker', 'player', 'tie'] },
      ),
      areaIndex: fc.nat(),
      level: fc.constantFrom(0, 1),
      currency: fc.constantFrom('USDT' as const, 'TRX' as const),
      amount: fc.bigInt({ min: 1n, max: 5_000_000_000n }),
    });
    const xpBefore = new Map<number, bigint>();
    const xpOf = async (playerId: number) => (await db.selectFrom('player_vip').select('xp').where('player_id', '=', playerId).executeTakeFirst())?.xp ?? 0n;
    await fc.assert(
      fc.asyncProperty(fc.array(bet, { minLength: 1, maxLength: 25 }), async (drawn) => {
        const height = nextHeight++;
        const block = await storeBlock(db, height);
        const bets: PageBet[] = drawn.map((b) => ({
          playerId: players[b.player],
          gameId: b.game.id,
          level: b.level,
          area: b.game.areas[b.areaIndex % b.game.areas.length],
          currency: b.currency,
          amount: b.amount,
          oddsBp: b.game.id === 4 && b.game.areas[b.areaIndex % b.game.areas.length] === 'tie' ? 80_000 : 19_500,
        }));
        for (const p of players) xpBefore.set(p, await xpOf(p));
        const levelBefore = new Map<number, number>();
        for (const p of players)
          levelBefore.set(p, (await db.selectFrom('player_vip').select('vip_level').where('player_id', '=', p).executeTakeFirst())?.vip_level ?? 0);
        const accruedBefore = await hashAccruals(players);
        await placePageBets(db, height, bets);
        await settleRound(db, block);

        // The model: settle() per bet, totals per (player, currency) over the block, then the rule.
        const totals = new Map<string, { playerId: number; stake: bigint; payout: bigint; currency: string }>();
        for (const b of bets) {
          const { payout } = settle({ area: b.area, result: resultOf(b.gameId, block.blockId, height), odds: b.oddsBp!, stake: b.amount });
          const key = `${b.playerId}|hash:${height}|${b.currency}`;
          const t = totals.get(key) ?? { playerId: b.playerId, stake: 0n, payout: 0n, currency: b.currency! };
          totals.set(key, { ...t, stake: t.stake + b.amount, payout: t.payout + payout });
        }
        const recorded = await db.selectFrom('turnover_records').selectAll().where('round_key', '=', `hash:${height}`).execute();
        expect(new Map(recorded.map((r) => [`${r.player_id}|${r.round_key}|${r.currency}`, { stake: r.stake, payout: r.payout, valid: r.valid }]))).toEqual(
          new Map([...totals].map(([key, t]) => [key, { stake: t.stake, payout: t.payout, valid: valid(t.stake, t.payout) }])),
        );
        // XP: USDT counts as is, TRX at 4 TRX per USDT (the default), rounded down per record.
        for (const p of players) {
          const gained = [...totals.values()]
            .filter((t) => t.playerId === p)
            .reduce((sum, t) => sum + (t.currency === 'USDT' ? valid(t.stake, t.payout) : valid(t.stake, t.payout) / 4n), 0n);
          const xp = await xpOf(p);
          expect(xp - xpBefore.get(p)!).toBe(gained);
          const level = await db.selectFrom('player_vip').select('vip_level').where('player_id', '=', p).executeTakeFirst();
          if (level)
            expect(level.vip_level).toBe(
              levelFor(
                DEFAULT_TURNOVER_TERMS.thresholds.map((threshold) => ({ threshold })),
                xp,
              ),
            );
        }
        // Rebates: Σ floor(valid × rate[level before the round][hash] / 10^6) per record, per player and currency.
        const expectedAccrual = new Map(accruedBefore);
        for (const t of totals.values()) {
          const key = `${t.playerId}|${t.currency}`;
          const earned = (valid(t.stake, t.payout) * hashRatePpm(levelBefore.get(t.playerId)!)) / 1_000_000n;
          expectedAccrual.set(key, (expectedAccrual.get(key) ?? 0n) + earned);
        }
        expect(await hashAccruals(players)).toEqual(new Map([...expectedAccrual].filter(([, amount]) => amount > 0n)));
      }),
      { numRuns: 12 },
    );
    expect((await checkLedger(db)).ok).toBe(true);
  }, 120_000);
});

describe('XP, levels and the rest of a recording', () => {
  it('raises a player several levels in one round and tells who rose; the badge follows', async () => {
    const player = await insertPlayer(db);
    const height = nextHeight++;
    const block = await storeBlock(db, height, (result) => (result(1) as { winner?: string }).winner === 'big');
    await placePageBets(db, height, [{ playerId: player, gameId: 1, area: 'small', amount: USDT(6_000) }]);
    const settled = await settleRound(db, block);
    expect(settled!.levelUps).toEqual([{ playerId: player, from: 0, to: 2, xp: USDT(6_000) }]);
    const row = await db.selectFrom('players').select('vip_level').where('id', '=', player).executeTakeFirstOrThrow();
    expect(row.vip_level).toBe(2);
  });

  it('accrues rebates at the level held before the round and lowers outstanding wagering, never below 0', async () => {
    const player = await insertPlayer(db);
    await db
      .insertInto('wagering')
      .values({ player_id: player, currency: 'USDT', outstanding: USDT(50), required: USDT(50) })
      .execute();
    await repo.recordRounds(
      [{ playerId: player, roundKey: 'tp:test:1', gameType: GameType.SLOT, currency: 'USDT', stake: USDT(1_500), payout: 0n }],
      DEFAULT_TURNOVER_TERMS,
    );
    // Level 0 slot rate 0.4 %: 1,500 → 6; the level rose to 1 only with this round.
    const accrued = await db.selectFrom('rebate_accruals').selectAll().where('player_id', '=', player).execute();
    expect(accrued.map((a) => [a.game_type, a.accrued])).toEqual([[GameType.SLOT, USDT(6)]]);
    expect((await db.selectFrom('wagering').select('outstanding').where('player_id', '=', player).executeTakeFirstOrThrow()).outstanding).toBe(0n);
    // At level 1 slot earns 0.45 %.
    await repo.recordRounds(
      [{ playerId: player, roundKey: 'tp:test:2', gameType: GameType.SLOT, currency: 'USDT', stake: USDT(100), payout: 0n }],
      DEFAULT_TURNOVER_TERMS,
    );
    const after = await db.selectFrom('rebate_accruals').select('accrued').where('player_id', '=', player).executeTakeFirstOrThrow();
    expect(after.accrued).toBe(USDT(6) + USDT(0.45));
    // The same round again records nothing more.
    await repo.recordRounds(
      [{ playerId: player, roundKey: 'tp:test:2', gameType: GameType.SLOT, currency: 'USDT', stake: USDT(100), payout: 0n }],
      DEFAULT_TURNOVER_TERMS,
    );
    expect((await db.selectFrom('rebate_accruals').select('accrued').where('player_id', '=', player).executeTakeFirstOrThrow()).accrued).toBe(USDT(6.45));
  });
});
