import { AutoBetStopReason, BetStatus, BonusRecordType } from '@lobby/contract';
import { lastDecimalDigit } from '@lobby/hash-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Each round is a real block stored, settled and played; on PostgreSQL one costs a few hundred ms.
const ROUNDS = { timeout: 180_000 };
import { checkLedger } from '../../money/ledger-check.ts';
import { USDT } from '../hash-game/test-support.ts';
import { MARTINGALE, startAutoBetTestApp, startRestartableServer, type AutoBetTestApp } from './test-support.ts';

// Rounds steered to a result, so each stop reason is reached the same way on every run.
const smallBlocks = (blockId: string) => lastDecimalDigit(blockId) <= 4;
const bigBlocks = (blockId: string) => lastDecimalDigit(blockId) >= 5;
const micro = (amount: string) => BigInt(Math.round(Number(amount) * 1e6));
const sumProfit = (log: any) => log.record.reduce((sum: bigint, r: any) => sum + micro(r.profitAmount ?? '0'), 0n);

let t: AutoBetTestApp;
beforeAll(async () => {
  t = await startAutoBetTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function balanceOf(playerId: number) {
  return t.app.services.ledger.balance({ kind: 'player', playerId }, 'USDT');
}

describe('auto-bet calls', ROUNDS, () => {
  it('saves a strategy per game and returns it with ready-made presets', async () => {
    const { token } = await t.player();
    const empty = await t.call('/v1/auto_bet/strategy', { gameId: 1 }, { token });
    expect(empty.data.currentData).toBeNull();
    expect(empty.data.presets.map((p: any) => p.progression)).toEqual(['flat', 'martingale', 'paroli', 'dalembert', 'fibonacci', 'custom']);
    const saved = await t.call(
      '/v1/auto_bet/strategy_update',
      { gameId: 1, strategy: { ...MARTINGALE, side: 'reverse' }, wakeUp: { type: 0, rule: [3] } },
      { token },
    );
    expect(saved.code).toBe(0);
    const again = await t.call('/v1/auto_bet/strategy', { gameId: 1 }, { token });
    expect(again.data).toMatchObject({
      currentData: { progression: 'martingale', side: 'reverse', details: [{ area: 'big', amount: '1' }] },
      wakeUpData: { type: 0, rule: [3] },
    });
  });

  it('refuses an area of another game, and a second run while one is open', async () => {
    const { token } = await t.player();
    const wrong = await t.start(token, { strategy: { ...MARTINGALE, details: [{ area: 'odd', amount: '1' }] } });
    expect(wrong.code).toBe(21005);
    expect((await t.start(token, { simulate: true })).code).toBe(0);
    expect((await t.start(token, { simulate: true })).code).toBe(12);
    const status = await t.call('/v1/auto_bet/player_status', {}, { token });
    expect(status.data).toEqual({ isOpen: true, simulate: true, gameId: 1, gameLevel: 0 });
    await t.call('/v1/auto_bet/stop', {}, { token });
    const twice = await t.call('/v1/auto_bet/stop', {}, { token });
    expect(twice.data.isOpen).toBe(false);
    expect((await t.call('/v1/auto_bet/game_list', {}, { token })).data.find((g: any) => g.gameId === 1).areas).toEqual(['small', 'big']);
  });

  it('clear_log resets the stats of a stopped run', async () => {
    const { token } = await t.player();
    await t.start(token, { simulate: true });
    await t.round();
    await t.round();
    await t.call('/v1/auto_bet/stop', {}, { token });
    expect((await t.log(token, 1, true)).record.length).toBeGreaterThan(0);
    expect((await t.call('/v1/auto_bet/clear_log', { gameId: 1, simulate: true }, { token })).code).toBe(0);
    expect(await t.log(token, 1, true)).toMatchObject({ totalNum: 0, winNum: 0, reward: '0', record: [], result: [] });
  });
});

describe('auto-bet stop reasons on real rounds', ROUNDS, () => {
  it('1 stop-loss: stops at the first moment the run is behind by stopLoseAmount', async () => {
    const { token } = await t.player();
    await t.start(token, { simulate: true, strategy: { ...MARTINGALE, progression: 'flat' }, stopLoseAmount: '0.000001' });
    const log = await t.untilClosed(token, 1, true, { blocks: smallBlocks });
    expect(log.result[0].stopType).toBe(AutoBetStopReason.STOP_LOSS);
    expect(log.totalNum).toBe(1);
    expect(log.reward).toBe('-1');
  });

  it('2 take-profit: stops once the run is ahead by stopWinAmount', async () => {
    const { token } = await t.player();
    await t.start(token, { simulate: true, stopWinAmount: '0.5' });
    const log = await t.untilClosed(token, 1, true, { blocks: bigBlocks });
    expect(log.result[0].stopType).toBe(AutoBetStopReason.TAKE_PROFIT);
    expect(log.totalNum).toBe(1);
    expect(log.reward).toBe('0.95');
  });

  it('3 over limit: a stake above the level maximum is never placed', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(1_000_000) });
    await t.start(token, { strategy: { ...MARTINGALE, details: [{ area: 'big', amount: '500000' }] } });
    const log = await t.untilClosed(token, 1, false, { max: 3 });
    expect(log.result[0].stopType).toBe(AutoBetStopReason.BET_OVER_LIMIT);
    expect(log.record).toEqual([]);
    expect(await balanceOf(playerId)).toBe(USDT(1_000_000));
  });

  it('4 insufficient balance: the bet path answers 21002 and the run stops', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(5) });
    await t.start(token, { strategy: { ...MARTINGALE, details: [{ area: 'big', amount: '10' }] } });
    const log = await t.untilClosed(token, 1, false, { max: 3 });
    expect(log.result[0].stopType).toBe(AutoBetStopReason.INSUFFICIENT_BALANCE);
    expect(await balanceOf(playerId)).toBe(USDT(5));
  });

  it('5 strategy finished: a custom sequence that loses its last step stops', async () => {
    const { token } = await t.player();
    await t.start(token, {
      simulate: true,
      strategy: {
        name: 'Two steps',
        progression: 'custom',
        side: 'fixed',
        details: [
          { area: 'big', amount: '1' },
          { area: 'big', amount: '2' },
        ],
      },
    });
    const log = await t.untilClosed(token, 1, true, { blocks: smallBlocks });
    expect(log.result[0].stopType).toBe(AutoBetStopReason.STRATEGY_FINISHED);
    expect(log.totalNum).toBe(2);
    expect(log.record.slice(0, 2).map((r: any) => [r.amount, r.status])).toEqual([
      ['2', BetStatus.SETTLED_LOSE],
      ['1', BetStatus.SETTLED_LOSE],
    ]);
  });
});

describe('auto-bet rounds between bets', ROUNDS, () => {
  it('"Rounds between bets" 1 bets every block of a 3-second game, 2 every other one, and martingale waits for each result', async () => {
    const blocksOf = async (body: Record<string, unknown>) => {
      const { token } = await t.player();
      expect((await t.start(token, { simulate: true, ...body })).code).toBe(0);
      for (let i = 0; i < 9; i++) await t.round(smallBlocks);
      await t.call('/v1/auto_bet/stop', {}, { token });
      for (let i = 0; i < 3; i++) await t.round(smallBlocks);
      const rounds: number[] = (await t.log(token, 1, true)).record.map((r: any) => r.blockNum).reverse();
      return rounds.slice(1).map((round, i) => round - rounds[i]);
    };
    const flat = { strategy: { ...MARTINGALE, progression: 'flat' } };
    const every = await blocksOf({ ...flat, interval: 1 });
    expect(every.length).toBeGreaterThanOrEqual(6);
    expect(new Set(every)).toEqual(new Set([1]));
    expect(new Set(await blocksOf({ ...flat, interval: 2 }))).toEqual(new Set([2]));
    expect(new Set(await blocksOf({ interval: 1 }))).toEqual(new Set([2]));
  });
});

describe('auto-bet money', ROUNDS, () => {
  it('a simulated run moves no money', async () => {
    const { token, playerId } = await t.player();
    const before = await checkLedger(t.app.database.db);
    const balance = await balanceOf(playerId);
    await t.start(token, { simulate: true });
    for (let i = 0; i < 8; i++) await t.round();
    const log = await t.log(token, 1, true);
    expect(log.totalNum).toBeGreaterThan(2);
    expect(micro(log.amountBalance)).toBe(
      10_000_000_000n + sumProfit(log) - log.record.filter((r: any) => r.profitAmount === null).reduce((s: bigint, r: any) => s + micro(r.amount), 0n),
    );
    const after = await checkLedger(t.app.database.db);
    expect(after.ok).toBe(true);
    expect(after.stats).toEqual(before.stats);
    expect(await balanceOf(playerId)).toBe(balance);
    await t.call('/v1/auto_bet/stop', {}, { token });
  });

  it("a real run's ledger effect equals its log: the sum of profitAmount is the balance change", async () => {
    const { token, playerId } = await t.player({ usdt: USDT(500) });
    await t.start(token, {});
    for (let i = 0; i < 10; i++) await t.round();
    await t.call('/v1/auto_bet/stop', {}, { token });
    for (let i = 0; i < 3; i++) await t.round();
    const log = await t.log(token, 1, false);
    expect(log.totalNum).toBeGreaterThan(3);
    expect(log.record.every((r: any) => r.profitAmount !== null)).toBe(true);
    expect(log.totalNum).toBe(log.record.length);
    expect(micro(log.reward)).toBe(sumProfit(log));
    expect((await balanceOf(playerId)) - USDT(500)).toBe(sumProfit(log));
    expect(micro(log.amountBalance)).toBe(await balanceOf(playerId));
    const bets = await t.call('/v1/hashGame/betRecord', { gameId: 1 }, { token });
    expect(bets.data.total).toBe(log.record.length);
    expect((await checkLedger(t.app.database.db)).ok).toBe(true);
  });
});

describe('auto-bet with bonus money (ECONOMY.md "Bonus money and wagering")', ROUNDS, () => {
  it('stakes cash first, then bonus money, and its log shows cash + bonus as the balance', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(2) });
    await t.app.services.bonus.creditNow({
      playerId,
      bonusType: BonusRecordType.REBATE,
      source: 'rebate',
      sourceRef: 'auto-bet-bonus',
      currency: 'USDT',
      amount: USDT(10),
      multiplier: 100,
    });
    expect(micro((await t.log(token, 1, false)).amountBalance)).toBe(USDT(12));
    await t.start(token, { strategy: { ...MARTINGALE, progression: 'flat' } });
    // Every block small: the run's flat bets of 1 on big all lose, cash first, then bonus.
    for (let i = 0; i < 8; i++) await t.round(smallBlocks);
    await t.call('/v1/auto_bet/stop', {}, { token });
    for (let i = 0; i < 3; i++) await t.round(smallBlocks);

    const bets = await t.app.database.db.selectFrom('hash_bets').select(['amount', 'stake_bonus']).where('player_id', '=', playerId).orderBy('id').execute();
    expect(bets.length).toBeGreaterThan(2);
    expect(bets.map((b) => b.stake_bonus)).toEqual(bets.map((_, i) => (i < 2 ? 0n : USDT(1))));
    const log = await t.log(token, 1, false);
    expect(micro(log.amountBalance)).toBe(USDT(12) - USDT(bets.length));
    expect(await balanceOf(playerId)).toBe(0n);
    expect((await checkLedger(t.app.database.db)).ok).toBe(true);
  });
});

describe('auto-bet across a restart', ROUNDS, () => {
  it('a new server instance on the same database resumes the run without a duplicate or a missing bet', async () => {
    const s = await startRestartableServer();
    try {
      const reg = await s.call('/v1/player/register', { kind: 1, account: `restart${Date.now() % 1e8}`, password: 'secret123' });
      const { token } = reg.data;
      const playerId = reg.data.player.id;
      await s.app.services.ledger.transfer({
        idempotencyKey: `test-deposit:${playerId}`,
        kind: 'deposit',
        legs: [
          { account: { kind: 'deposit_clearing' }, currency: 'USDT', amount: -USDT(500) },
          { account: { kind: 'player', playerId }, currency: 'USDT', amount: USDT(500) },
        ],
      });
      const started = await s.call(
        '/v1/auto_bet/start',
        { simulate: false, gameId: 1, gameLevel: 0, wakeUp: { type: 3 }, strategy: { ...MARTINGALE, progression: 'flat' } },
        token,
      );
      expect(started.code).toBe(0);
      for (let i = 0; i < 5; i++) await s.round();
      await s.restart();
      for (let i = 0; i < 5; i++) await s.round();
      await s.call('/v1/auto_bet/stop', {}, token);
      for (let i = 0; i < 3; i++) await s.round();

      const log = (await s.call('/v1/auto_bet/open_log', { gameId: 1, simulate: false }, token)).data;
      const rounds = log.record.map((r: any) => r.blockNum).reverse();
      // Interval 1 on a one-block game is every block: a flat stake does not wait for the last result.
      expect(rounds.length).toBeGreaterThanOrEqual(8);
      for (let i = 1; i < rounds.length; i++) expect(rounds[i] - rounds[i - 1]).toBe(1);
      const bets = await s.call('/v1/hashGame/betRecord', { gameId: 1, pageSize: 100 }, token);
      expect(bets.data.list.map((b: any) => b.round).sort()).toEqual([...rounds].sort());
      const balance = await s.app.services.ledger.balance({ kind: 'player', playerId }, 'USDT');
      expect(balance - USDT(500)).toBe(sumProfit(log));
    } finally {
      await s.close();
    }
  });
});
