import { heightPrefix } from '@lobby/hash-games';
import { describe, expect, it } from 'vitest';
import type { HashBetDetail } from '../../state/queries/hash-game';
import { checkBet } from './check';
import { NO_FILTERS, recordRequest, STATUS_FILTERS } from './records';

describe('record filters', () => {
  it('asks for everything by default', () => {
    expect(recordRequest(NO_FILTERS, 1)).toEqual({ page: 1, pageSize: 20 });
  });

  it('sends the chosen game, status and currency, and whole local days', () => {
    const request = recordRequest({ gameId: '101', status: '5', currency: 'TRX', from: '2024-05-01', to: '2024-05-03' }, 2);
    expect(request).toMatchObject({ page: 2, gameId: 101, status: 5, currency: 'TRX' });
    expect(Date.parse(request.from!)).toBe(new Date(2024, 4, 1).getTime());
    expect(Date.parse(request.to!)).toBe(new Date(2024, 4, 4).getTime());
  });

  it('reads an inverted range the way round it was meant', () => {
    const request = recordRequest({ ...NO_FILTERS, from: '2024-05-03', to: '2024-05-01' }, 1);
    expect(Date.parse(request.from!)).toBeLessThan(Date.parse(request.to!));
  });

  it('offers every status a bet can have and not the placeholder "Unknown"', () => {
    expect(STATUS_FILTERS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('keeps status 0 as a filter', () => {
    expect(recordRequest({ ...NO_FILTERS, status: '0' }, 1).status).toBe(0);
  });
});

describe('bet details, worked out again', () => {
  const HEIGHT = 70_000_000;
  const prefix = heightPrefix(HEIGHT);
  const blockId = prefix + 'c'.repeat(64 - prefix.length - 5) + '34a80';
  const bet = (patch: Partial<HashBetDetail>): HashBetDetail => ({
    id: 1,
    gameId: 3,
    round: HEIGHT,
    area: 'player',
    amount: '100',
    currency: 'USDT',
    level: 0,
    odds: '1.95',
    status: 5,
    payoutAmount: '176',
    profitAmount: '76',
    source: 'page',
    txId: null,
    fromAddress: null,
    payoutTxId: null,
    createdAt: '2024-05-01T00:00:00Z',
    settledAt: '2024-05-01T00:00:03Z',
    blockId,
    working: { kind: 'bull', lastDigit: null, lastFive: '34a80', sum: null, bankerPoints: 7, playerPoints: 8, winningAreas: ['player'] },
    explorerUrl: null,
    verifyUrl: '/hashGame/verify?gameId=3',
    ...patch,
  });

  it('agrees with a settlement that follows the rules (bull: 100 + 100 × 8/10 × 0.95)', () => {
    const check = checkBet(bet({}));
    expect(check?.payout).toBe('176');
    expect(check?.agrees).toBe(true);
  });

  it('disagrees with a wrong payout or working', () => {
    expect(checkBet(bet({ payoutAmount: '195' }))?.agrees).toBe(false);
    expect(checkBet(bet({ working: { ...bet({}).working!, playerPoints: 9 } }))?.agrees).toBe(false);
  });

  it('holds only settlements to the rules, and waits for the block', () => {
    expect(checkBet(bet({ status: 3, payoutAmount: '100' }))?.agrees).toBe(true);
    expect(checkBet(bet({ blockId: null, working: null, status: 1, payoutAmount: null }))).toBeNull();
  });
});
