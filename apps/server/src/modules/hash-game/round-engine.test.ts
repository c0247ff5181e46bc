import { areasOf, decidingHeightFor, hashGame, parseOdds, resultOf, settle } from '@lobby/hash-games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { HEAD_LOCK } from './hash-game.service.ts';
import type { RoundEngine } from './round-engine.ts';
import { startHashTestApp, USDT, type HashTestApp } from './test-support.ts';

let t: HashTestApp;
beforeAll(async () => {
  t = await startHashTestApp({
    // Level 1 of two games pays other odds, so settlement is checked against odds taken at bet time.
    HASH_GAME_OVERRIDES: JSON.stringify({ 3: { 1: { odds: { banker: '1.9', player: '1.9' } } }, 4: { 1: { odds: { tie: '8.5' } } } }),
  });
  // The app's own engine steps aside; each test runs the engines it needs.
  await t.app.services.hashGame.engine.stop();
});
afterAll(async () => {
  await t?.close();
});

const hash = () => t.app.services.hashGame;
const db = () => t.app.database.db;
const devnet = () => t.app.chain.devnet!;

/** Engines made in a test, stopped (and their lock released) afterwards. */
async function withEngines<T>(count: number, run: (engines: RoundEngine[]) => Promise<T>): Promise<T> {
  const engines = Array.from({ length: count }, () => hash().createEngine());
  try {
    return await run(engines);
  } finally {
    for (const engine of engines) await engine.stop();
  }
}

async function roundTransfers(height: number) {
  return db().selectFrom('ledger_transfers').select(['id']).where('idempotency_key', '=', `hash:round:${height}`).execute();
}

describe('the order of bets and blocks', () => {
  it('refuses (21006) a bet on a round whose deciding block is known, and never records it', async () => {
    await withEngines(1, async ([engine]) => {
      devnet().produceBlock();
      await engine.runOnce();
      const { token } = await t.player();
      const head = await t.head();
      const round = decidingHeightFor(51, head);
      // Up to the round's last betting head the bet is taken; one block later it is not.
      if (round - 2 > head) {
        devnet().produceBlock(round - 2 - head);
        await engine.runOnce();
      }
      expect((await t.bet(token, { gameId: 51, area: 'big', amount: '10', round })).code).toBe(0);
      devnet().produceBlock();
      await engine.runOnce();
      const late = await t.bet(token, { gameId: 51, area: 'small', amount: '10', round });
      expect(late.code).toBe(21006);
      const bets = await db().selectFrom('hash_bets').select('area').where('round', '=', BigInt(round)).where('game_id', '=', 51).execute();
      expect(bets.map((b) => b.area)).toEqual(['big']);
    });
  });

  it('makes a bet that races the block closing its round wait for it, then refuses it', async () => {
    await withEngines(1, async ([engine]) => {
      await engine.runOnce();
      const { token } = await t.player();
      const head = await t.head();
      const round = decidingHeightFor(1, head);
      const next = devnet().produceBlock();
      let stored!: () => void;
      const release = new Promise<void>((resolve) => (stored = resolve));
      // What the engine does for a block, held open: the exclusive head lock, then the block.
      const ingestion = db()
        .transaction()
        .execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(${HEAD_LOCK})`.execute(trx);
          await trx
            .insertInto('hash_blocks')
            .values({ height: BigInt(next.height), block_id: next.id, parent_hash: next.parentHash, block_time: BigInt(next.timestamp) })
            .execute();
          await release;
        });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const racing = t.bet(token, { gameId: 1, area: 'big', amount: '10', round });
      await new Promise((resolve) => setTimeout(resolve, 200));
      stored();
      await ingestion;
      expect((await racing).code).toBe(21006);
      expect(await db().selectFrom('hash_bets').select('id').where('round', '=', BigInt(round)).where('game_id', '=', 1).execute()).toEqual([]);
      await engine.runOnce();
    });
  });
});

describe('settlement', () => {
  it('pays every bet of every kind exactly what settle() computes, at the odds of its level', async () => {
    await withEngines(1, async ([engine]) => {
      await engine.runOnce();
      const { token, playerId } = await t.player({ usdt: USDT(100_000), trx: USDT(1_000_000) });
      const spent = { USDT: 0n, TRX: 0n };
      const paid = { USDT: 0n, TRX: 0n };
      const placed: { id: number; gameId: number; round: number; area: string; stake: bigint; level: 0 | 1; currency: 'USDT' | 'TRX' }[] = [];
      for (let rep = 0; rep < 4; rep++) {
        for (const gameId of [1, 2, 3, 4, 5, 6, 7]) {
          for (const area of areasOf(hashGame(gameId).kind)) {
            const level = ((rep + placed.length) % 2) as 0 | 1;
            const currency = rep % 2 === 0 ? 'USDT' : 'TRX';
            const stake = (currency === 'USDT' ? 13_370_001n : 133_700_001n) * BigInt(level === 1 ? 10 : 1) + BigInt(rep);
            const reply = await t.bet(token, { gameId, area, amount: (Number(stake) / 1e6).toFixed(6), level, currency });
            expect(reply.code, `${gameId} ${area}`).toBe(0);
            placed.push({ id: reply.data.bet.id, gameId, round: reply.data.bet.round, area, stake, level, currency });
            spent[currency] += stake;
          }
        }
        devnet().produceBlock(2);
        await engine.runOnce();
      }
      const rows = await db().selectFrom('hash_bets').select(['id', 'status', 'payout', 'odds_bp']).where('player_id', '=', playerId).execute();
      const byId = new Map(rows.map((row) => [Number(row.id), row]));
      const odds = (gameId: number, area: string, level: number) =>
        level === 1 && gameId === 3 ? parseOdds('1.9') : level === 1 && gameId === 4 && area === 'tie' ? parseOdds('8.5') : undefined;
      for (const bet of placed) {
        const block = (await hash().repo.block(bet.round))!;
        const expected = settle({
          area: bet.area,
          result: resultOf(bet.gameId, block.blockId, bet.round),
          stake: bet.stake,
          odds: odds(bet.gameId, bet.area, bet.level),
        });
        const row = byId.get(bet.id)!;
        expect({ status: row.status, payout: row.payout }, `${bet.gameId} ${bet.area} level ${bet.level}`).toEqual({
          status: expected.outcome === 'win' ? 5 : expected.outcome === 'lose' ? 6 : 4,
          payout: expected.payout,
        });
        paid[bet.currency] += expected.payout;
      }
      const ledger = t.app.services.ledger;
      expect(await ledger.balance({ kind: 'player', playerId }, 'USDT')).toBe(USDT(100_000) - spent.USDT + paid.USDT);
      expect(await ledger.balance({ kind: 'player', playerId }, 'TRX')).toBe(USDT(1_000_000) - spent.TRX + paid.TRX);
      expect((await checkLedger(db())).problems).toEqual([]);
    });
  });

  it('settles a round once when the engine dies inside the settlement, and the next engine resumes it', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(1000) });
    let round = 0;
    await withEngines(1, async ([engine]) => {
      await engine.runOnce();
      const reply = await t.bet(token, { gameId: 101, area: 'big', amount: '100' });
      round = reply.data.bet.round;
      await t.bet(token, { gameId: 102, area: 'odd', amount: '100' });
    });
    devnet().produceBlock(round - devnet().head().height);

    const dying = hash().createEngine({
      failpoint: (name) => {
        if (name === 'settle.before_commit') throw new Error('engine killed inside settlement');
      },
    });
    await expect(dying.runOnce()).rejects.toThrow('engine killed inside settlement');
    await dying.stop();
    const stored = (await hash().repo.block(round))!;
    expect(stored).not.toBeNull();
    expect(await roundTransfers(round)).toEqual([]);
    const unsettled = await db().selectFrom('hash_bets').select('status').where('player_id', '=', playerId).execute();
    expect(unsettled.map((b) => b.status)).toEqual([1, 1]);

    await withEngines(2, async ([next, later]) => {
      expect(await next.runOnce()).toBe(true);
      await next.stop();
      expect(await later.runOnce()).toBe(true);
    });
    const settled = await db().selectFrom('hash_bets').select(['game_id', 'area', 'status', 'payout', 'amount']).where('player_id', '=', playerId).execute();
    let expectedBalance = USDT(1000) - USDT(200);
    for (const bet of settled) {
      const expected = settle({ area: bet.area, result: resultOf(bet.game_id, stored.blockId, round), stake: bet.amount });
      expect(bet.payout).toBe(expected.payout);
      expectedBalance += expected.payout;
    }
    expect(await t.app.services.ledger.balance({ kind: 'player', playerId }, 'USDT')).toBe(expectedBalance);
    expect((await roundTransfers(round)).length).toBe(settled.some((b) => b.payout! > 0n) ? 1 : 0);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('catches up after a gap: every missed block is stored and every missed round settled', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(1000) });
    const rounds: number[] = [];
    await withEngines(1, async ([engine]) => {
      await engine.runOnce();
      for (const gameId of [1, 51, 401, 101, 301]) rounds.push((await t.bet(token, { gameId, area: 'big', amount: '10' })).data.bet.round);
    });
    const from = await t.head();
    devnet().produceBlock(Math.max(...rounds) - devnet().head().height + 5);
    await withEngines(1, async ([engine]) => {
      await engine.runOnce();
    });
    const heights = await db().selectFrom('hash_blocks').select('height').where('height', '>', BigInt(from)).orderBy('height').execute();
    const head = devnet().head().height;
    expect(heights.map((h) => Number(h.height))).toEqual(Array.from({ length: head - from }, (_, i) => from + 1 + i));
    const open = await db().selectFrom('hash_blocks').select('height').where('settled_at', 'is', null).execute();
    expect(open).toEqual([]);
    const bets = await db().selectFrom('hash_bets').select('status').where('player_id', '=', playerId).execute();
    expect(bets.every((b) => b.status >= 4)).toBe(true);
  });
});

describe('one engine at a time', () => {
  it('lets one of two engines lead; the other takes over when the leader dies, and nothing is settled twice', async () => {
    const settledBy = new Map<number, string[]>();
    const make = (name: string) =>
      hash().createEngine({
        onSettled: (round) => settledBy.set(round.height, [...(settledBy.get(round.height) ?? []), name]),
      });
    const first = make('first');
    const second = make('second');
    try {
      const { token } = await t.player({ usdt: USDT(10_000) });
      expect(await first.runOnce()).toBe(true);
      for (let i = 0; i < 5; i++) {
        await t.bet(token, { gameId: 1, area: i % 2 ? 'big' : 'small', amount: '10' });
        devnet().produceBlock();
        const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);
        expect([a, b]).toEqual([true, false]);
      }
      expect(first.lock.leading).toBe(true);
      expect(second.lock.leading).toBe(false);

      // The leader dies without a word: on PostgreSQL its session is cut, the embedded database has
      // only its process, which lets go.
      const pid = first.lock.backendPid;
      if (pid !== null) await sql`select pg_terminate_backend(${pid})`.execute(db());
      else await first.stop();
      await t.bet(token, { gameId: 1, area: 'big', amount: '10' });
      devnet().produceBlock(3);
      expect(await second.runOnce()).toBe(true);
      expect(second.lock.leading).toBe(true);
      expect(await first.runOnce()).toBe(false);
      for (const [height, engines] of settledBy) expect(engines, `height ${height}`).toHaveLength(1);
      const lastThree = [...settledBy.entries()].slice(-3);
      expect(lastThree.every(([, engines]) => engines[0] === 'second')).toBe(true);
      expect((await checkLedger(db())).problems).toEqual([]);
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});
