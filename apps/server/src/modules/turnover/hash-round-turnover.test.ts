import { GameType } from '@lobby/contract';
import { resultOf, settle } from '@lobby/hash-games';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { migratedTestDatabase } from '../../money/test-support.ts';
import { HashGameRepository } from '../hash-game/hash-game.repo.ts';
import { settleRound } from '../hash-game/settlement.ts';
import { DEFAULT_TURNOVER_TERMS } from '../vip/vip-terms.ts';
import { insertPlayer, placePageBets, storeBlock } from './test-support.ts';
import { valid } from './turnover.repo.ts';

// ECONOMY.md "Valid turnover": a hash round is the deciding block. Page bets of block T settle when T
// is stored; transfer bets in T are seen by the transfer scan before or (usually) after that. Either
// way the player's turnover of (T, currency) is recorded once, from the totals of all of them.

let database: DatabaseHandle;
let db: Db;
let repo: HashGameRepository;
let nextHeight = 50_000;
const USDT = (units: number) => BigInt(Math.round(units * 1e6));

beforeAll(async () => {
  database = await migratedTestDatabase();
  db = database.db;
  repo = new HashGameRepository(db);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function bindAddress(playerId: number) {
  await db
    .insertInto('bet_addresses')
    .values({
      player_id: playerId,
      address: `T${playerId}`.padEnd(34, 'x'),
      status: 1,
      activation_amount: 1_000_000n,
      expires_at: new Date(),
      activated_at: new Date(),
    })
    .execute();
}

/** What the transfer watcher does with a bound player's transfer bet decided by `height`. */
const transferSeen = (bet: { height: number; playerId: number; currency: 'USDT' | 'TRX'; stake: bigint; payout: bigint }) =>
  db.transaction().execute((trx) => repo.openTransferRound(trx, bet));

const recordsOf = (playerId: number, height: number) =>
  db
    .selectFrom('turnover_records')
    .select(['currency', 'stake', 'payout', 'valid'])
    .where('player_id', '=', playerId)
    .where('round_key', '=', `hash:${height}`)
    .orderBy('currency')
    .execute();

/** The rounds still open at `height` (the table is the hash game's own, written only in SQL). */
const openRounds = async (height: number) => (await sql`select player_id from hash_open_rounds where height = ${height}::int8`.execute(db)).rows;

const xpOf = async (playerId: number) => (await db.selectFrom('player_vip').select('xp').where('player_id', '=', playerId).executeTakeFirst())?.xp ?? 0n;

const GAMES = [
  { id: 1, areas: ['big', 'small'] },
  { id: 2, areas: ['odd', 'even'] },
  { id: 3, areas: ['banker', 'player'] },
];

describe('a hash round is the deciding block, whatever the way', () => {
  it('counts random mixes of page and transfer bets on one block, seen before or after it settles, exactly min(S, |P − S|) per player and currency', async () => {
    const players = [await insertPlayer(db), await insertPlayer(db), await insertPlayer(db)];
    for (const p of players) await bindAddress(p);
    const wagering = USDT(1_000_000_000);
    for (const p of players) {
      for (const currency of ['USDT', 'TRX'] as const)
        await db.insertInto('wagering').values({ player_id: p, currency, outstanding: wagering, required: wagering }).execute();
    }
    const bet = fc.record({
      player: fc.integer({ min: 0, max: players.length - 1 }),
      way: fc.constantFrom('page' as const, 'transfer before settlement' as const, 'transfer after settlement' as const),
      game: fc.constantFrom(...GAMES),
      areaIndex: fc.nat(),
      level: fc.constantFrom(0, 1),
      currency: fc.constantFrom('USDT' as const, 'TRX' as const),
      amount: fc.bigInt({ min: 1n, max: 2_000_000_000n }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(bet, { minLength: 1, maxLength: 20 }), async (drawn) => {
        const height = nextHeight++;
        const block = await storeBlock(db, height);
        const xpBefore = new Map(await Promise.all(players.map(async (p) => [p, await xpOf(p)] as const)));
        const owedBefore = await db.selectFrom('wagering').select(['player_id', 'currency', 'outstanding']).where('player_id', 'in', players).execute();
        const bets = drawn.map((b) => {
          const area = b.game.areas[b.areaIndex % b.game.areas.length];
          const { payout } = settle({ area, result: resultOf(b.game.id, block.blockId, height), odds: 19_500, stake: b.amount });
          return { ...b, playerId: players[b.player], area, payout };
        });
        await placePageBets(
          db,
          height,
          bets
            .filter((b) => b.way === 'page')
            .map((b) => ({ playerId: b.playerId, gameId: b.game.id, level: b.level, area: b.area, amount: b.amount, currency: b.currency })),
        );
        for (const b of bets.filter((x) => x.way === 'transfer before settlement')) {
          expect(await transferSeen({ height, playerId: b.playerId, currency: b.currency, stake: b.amount, payout: b.payout })).toBe(true);
        }
        await settleRound(db, block);
        for (const b of bets.filter((x) => x.way === 'transfer after settlement')) {
          expect(await transferSeen({ height, playerId: b.playerId, currency: b.currency, stake: b.amount, payout: b.payout })).toBe(true);
        }
        await repo.closeHashRounds(block.time + 1, DEFAULT_TURNOVER_TERMS);

        const totals = new Map<string, { stake: bigint; payout: bigint }>();
        for (const b of bets) {
          const key = `${b.playerId}|${b.currency}`;
          const t = totals.get(key) ?? { stake: 0n, payout: 0n };
          totals.set(key, { stake: t.stake + b.amount, payout: t.payout + b.payout });
        }
        const owedAfter = await db.selectFrom('wagering').select(['player_id', 'currency', 'outstanding']).where('player_id', 'in', players).execute();
        for (const p of players) {
          const expected = (['TRX', 'USDT'] as const).flatMap((currency) => {
            const t = totals.get(`${p}|${currency}`);
            return t ? [{ currency, stake: t.stake, payout: t.payout, valid: valid(t.stake, t.payout) }] : [];
          });
          expect(await recordsOf(p, height)).toEqual(expected);
          // XP in USDT equivalent (4 TRX a USDT by default), wagering lowered per currency by the same valid.
          const xp = expected.reduce((sum, r) => sum + (r.currency === 'USDT' ? r.valid : r.valid / 4n), 0n);
          expect((await xpOf(p)) - xpBefore.get(p)!).toBe(xp);
          for (const currency of ['USDT', 'TRX'] as const) {
            const before = owedBefore.find((w) => w.player_id === p && w.currency === currency)!.outstanding;
            const after = owedAfter.find((w) => w.player_id === p && w.currency === currency)!.outstanding;
            expect(before - after).toBe(expected.find((r) => r.currency === currency)?.valid ?? 0n);
          }
        }
        expect(await openRounds(height)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 180_000);

  it("keeps a bound player's page round open until the block closes, then records it once with the block's transfers", async () => {
    const player = await insertPlayer(db);
    await bindAddress(player);
    const height = nextHeight++;
    const block = await storeBlock(db, height, (result) => (result(1) as { winner?: string }).winner === 'big');
    await placePageBets(db, height, [{ playerId: player, gameId: 1, area: 'big', amount: USDT(100) }]);
    await settleRound(db, block);
    expect(await recordsOf(player, height)).toEqual([]);
    // The opposite side by transfer, in the same block: a hedge, 5 at risk.
    expect(await transferSeen({ height, playerId: player, currency: 'USDT', stake: USDT(100), payout: 0n })).toBe(true);
    await repo.closeHashRounds(block.time, DEFAULT_TURNOVER_TERMS);
    expect(await recordsOf(player, height)).toEqual([]);
    await repo.closeHashRounds(block.time + 1, DEFAULT_TURNOVER_TERMS);
    expect(await recordsOf(player, height)).toEqual([{ currency: 'USDT', stake: USDT(200), payout: USDT(195), valid: USDT(5) }]);
    expect(
      await db
        .selectFrom('turnover_records')
        .select('game_type')
        .where('round_key', '=', `hash:${height}`)
        .where('player_id', '=', player)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      game_type: GameType.HASH,
    });
  });

  it('adds nothing for a transfer seen after its round was recorded: the block closed, or page bets recorded at settlement with no bound address', async () => {
    const bound = await insertPlayer(db);
    await bindAddress(bound);
    const unbound = await insertPlayer(db);
    const height = nextHeight++;
    const block = await storeBlock(db, height, (result) => (result(1) as { winner?: string }).winner === 'big');
    await placePageBets(db, height, [
      { playerId: bound, gameId: 1, area: 'big', amount: USDT(100) },
      { playerId: unbound, gameId: 1, area: 'big', amount: USDT(100) },
    ]);
    await settleRound(db, block);
    // The unbound player's round was recorded at settlement: a transfer credited to them later (an
    // address bound meanwhile) cannot hedge it after the fact.
    expect(await transferSeen({ height, playerId: unbound, currency: 'USDT', stake: USDT(100), payout: 0n })).toBe(false);
    await repo.closeHashRounds(block.time + 1, DEFAULT_TURNOVER_TERMS);
    expect(await transferSeen({ height, playerId: bound, currency: 'USDT', stake: USDT(100), payout: 0n })).toBe(false);
    expect(await recordsOf(unbound, height)).toEqual([{ currency: 'USDT', stake: USDT(100), payout: USDT(195), valid: USDT(95) }]);
    expect(await recordsOf(bound, height)).toEqual([{ currency: 'USDT', stake: USDT(100), payout: USDT(195), valid: USDT(95) }]);
    expect(await openRounds(height)).toEqual([]);
  });
});
