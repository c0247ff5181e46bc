import { GameType } from '@lobby/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { migratedTestDatabase } from '../../money/test-support.ts';
import { insertPlayer } from '../turnover/test-support.ts';
import { TurnoverRepository } from '../turnover/turnover.repo.ts';
import { DEFAULT_TURNOVER_TERMS } from '../vip/vip-terms.ts';
import { ReportService } from './report.service.ts';

let database: DatabaseHandle;
let db: Db;
beforeAll(async () => {
  database = await migratedTestDatabase();
  db = database.db;
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 03:00 on 2026-01-11 in Shanghai. */
const NOW = new Date(Date.UTC(2026, 0, 10, 19, 0, 0));
/** The Shanghai day of an instant, counted independently of the code under test: UTC+8, no DST. */
const dayIndex = (at: number) => Math.floor((at + 8 * HOUR) / DAY);
const SHANGHAI_MIDNIGHT_TODAY = dayIndex(NOW.getTime()) * DAY - 8 * HOUR;

const GAME_TYPES = [GameType.HASH, GameType.SLOT, GameType.LIVE] as const;

interface Bet {
  gameType: number;
  currency: 'USDT' | 'TRX';
  stake: bigint;
  payout: bigint;
  at: Date;
}

/** Settlement instants bunch around Shanghai midnights (a few seconds either side) and spread over 6 days. */
const settledAt = fc
  .oneof(
    fc
      .record({ days: fc.integer({ min: 0, max: 5 }), ms: fc.integer({ min: -5_000, max: 5_000 }) })
      .map(({ days, ms }) => SHANGHAI_MIDNIGHT_TODAY - days * DAY + ms),
    fc.integer({ min: 0, max: 6 * DAY }).map((back) => NOW.getTime() - back),
  )
  .map((time) => new Date(Math.min(time, NOW.getTime())));

const bet: fc.Arbitrary<Bet> = fc
  .record({
    gameType: fc.constantFrom(...GAME_TYPES),
    currency: fc.constantFrom('USDT' as const, 'TRX' as const),
    stake: fc.bigInt({ min: 1n, max: 5_000_000_000n }),
    outcome: fc.oneof(fc.constant(0), fc.constant(1), fc.integer({ min: 0, max: 40_000 })),
    at: settledAt,
  })
  .map(({ gameType, currency, stake, outcome, at }) => ({
    gameType,
    currency,
    stake,
    payout: outcome === 1 ? stake : (stake * BigInt(outcome)) / 10_000n,
    at,
  }));

const money = (micro: bigint) => {
  const sign = micro < 0n ? '-' : '';
  const abs = micro < 0n ? -micro : micro;
  const fraction = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}${abs / 1_000_000n}${fraction ? `.${fraction}` : ''}`;
};

/** The report computed straight from the bets. */
function direct(bets: Bet[], currency: 'USDT' | 'TRX', lastDay: number) {
  const today = dayIndex(NOW.getTime());
  const inWindow = bets.filter((b) => b.currency === currency && dayIndex(b.at.getTime()) > today - lastDay);
  const totals = (list: Bet[]) => {
    const stake = list.reduce((s, b) => s + b.stake, 0n);
    const payout = list.reduce((s, b) => s + b.payout, 0n);
    const valid = list.reduce((s, b) => {
      const diff = b.payout > b.stake ? b.payout - b.stake : b.stake - b.payout;
      return s + (diff < b.stake ? diff : b.stake);
    }, 0n);
    return { betCount: list.length, betAmount: money(stake), validBetAmount: money(valid), payoutAmount: money(payout), winLoseAmount: money(payout - stake) };
  };
  const byGameType = GAME_TYPES.map((gameType) => ({ gameType, list: inWindow.filter((b) => b.gameType === gameType) }))
    .filter((entry) => entry.list.length > 0)
    .map((entry) => ({ gameType: entry.gameType, ...totals(entry.list) }));
  // Every day of the window, oldest first; day index d is the calendar date of d × 24 h in UTC.
  const days = Array.from({ length: lastDay }, (_, i) => today - lastDay + 1 + i).map((index) => {
    const { betCount: _count, ...amounts } = totals(inWindow.filter((b) => dayIndex(b.at.getTime()) === index));
    return { day: new Date(index * DAY).toISOString().slice(0, 10), ...amounts };
  });
  return { total: totals(inWindow), byGameType, days };
}

let round = 0;

describe('/v1/reportForm/winOrLoseForm and /betFormSummary', () => {
  it('equal a direct computation from the bets, totals and every day of the series, over random bets across days and the Shanghai midnight', async () => {
    const reports = new ReportService(db, () => NOW);
    const turnover = new TurnoverRepository(db);
    await fc.assert(
      fc.asyncProperty(
        fc.array(bet, { minLength: 0, maxLength: 12 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom('USDT' as const, 'TRX' as const),
        async (bets, lastDay, currency) => {
          const playerId = await insertPlayer(db);
          for (const b of bets) {
            await turnover.recordRounds(
              [{ playerId, roundKey: `hash:report:${++round}`, gameType: b.gameType, currency: b.currency, stake: b.stake, payout: b.payout }],
              DEFAULT_TURNOVER_TERMS,
              db,
              { once: true, at: b.at },
            );
          }
          const expected = direct(bets, currency, lastDay);
          const summary = await reports.betSummary(playerId, { currencyCode: currency, lastDay });
          expect({ total: summary.total, byGameType: summary.byGameType }).toEqual({ total: expected.total, byGameType: expected.byGameType });
          const winLose = await reports.winOrLose(playerId, { currencyCode: currency, lastDay });
          expect(winLose).toMatchObject({ ...expected.total, bonusAmount: '0', depositAmount: '0', withdrawAmount: '0' });
          expect(winLose.days).toEqual(expected.days);
          expect(Date.parse(winLose.to) - Date.parse(winLose.from)).toBe(lastDay * DAY);
          expect(dayIndex(Date.parse(winLose.from))).toBe(dayIndex(NOW.getTime()) - lastDay + 1);
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});

describe('an experience account', () => {
  it('sees its bets in its reports with no valid turnover, since it earns none', async () => {
    const playerId = await insertPlayer(db, { experience: true });
    await new TurnoverRepository(db).recordRounds(
      [{ playerId, roundKey: `hash:report:${++round}`, gameType: GameType.HASH, currency: 'USDT', stake: 3_000_000n, payout: 0n, bets: 2 }],
      DEFAULT_TURNOVER_TERMS,
      db,
      { once: true, at: NOW },
    );
    const summary = await new ReportService(db, () => NOW).betSummary(playerId, { currencyCode: 'USDT', lastDay: 1 });
    expect(summary.total).toEqual({ betCount: 2, betAmount: '3', validBetAmount: '0', payoutAmount: '0', winLoseAmount: '-3' });
  });
});
