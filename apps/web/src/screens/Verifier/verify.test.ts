import { heightPrefix } from '@lobby/hash-games';
import { describe, expect, it } from 'vitest';
import type { HashVerifyReply } from '../../state/queries/hash-game';
import { compareWithServer, verifyLocally, verifyRequest, type VerifyForm } from './verify';

const HEIGHT = 70_000_000;
const block = (tail: string) => {
  const prefix = heightPrefix(HEIGHT);
  return prefix + 'c'.repeat(64 - prefix.length - tail.length) + tail;
};
const form = (patch: Partial<VerifyForm>): VerifyForm => ({
  gameId: '4',
  blockId: block('a7b41'),
  height: String(HEIGHT),
  area: '',
  amount: '',
  level: '0',
  ...patch,
});

describe('verifier, on this device', () => {
  it('works out a GAMES.md public check with its return', () => {
    const local = verifyLocally(form({ area: 'banker', amount: '1001' }), '1.95');
    expect(local.problem).toBeNull();
    expect(local.result?.winner).toBe('banker');
    expect(local.stake).toEqual({ area: 'banker', amount: '1001', odds: '1.95', outcome: 'win', returnAmount: '1951.95' });
  });

  it('gives the result without a stake and ignores a pick of another kind', () => {
    const local = verifyLocally(form({ area: '7', amount: '5' }), '1.95');
    expect(local.result?.winner).toBe('banker');
    expect(local.stake).toBeNull();
  });

  it('says what is wrong with the form', () => {
    expect(verifyLocally(form({ gameId: '999' }), '1.95').problem).toBe('game');
    expect(verifyLocally(form({ blockId: 'abc' }), '1.95').problem).toBe('blockId');
    expect(verifyLocally(form({ height: '' }), '1.95').problem).toBe('height');
    const mismatch = verifyLocally(form({ height: String(HEIGHT + 1) }), '1.95');
    expect(mismatch).toMatchObject({ problem: 'heightMismatch', encodedHeight: HEIGHT, result: null });
    expect(verifyLocally(form({ area: 'banker', amount: '1.0000001' }), '1.95').problem).toBe('amount');
  });

  it('asks the server the same question', () => {
    const f = form({ area: 'player', amount: '10', level: '1' });
    const local = verifyLocally(f, '1.95');
    expect(verifyRequest(f, local)).toEqual({ gameId: 4, blockId: block('a7b41'), height: HEIGHT, level: 1, area: 'player', amount: '10' });
    expect(verifyRequest(form({ blockId: '' }), verifyLocally(form({ blockId: '' }), '1.95'))).toBeNull();
  });
});

describe('verifier, against the server', () => {
  const f = form({ area: 'banker', amount: '1001' });
  const local = verifyLocally(f, '1.95');
  const reply = (patch: Partial<HashVerifyReply> = {}, stake: Partial<NonNullable<HashVerifyReply['stake']>> = {}): HashVerifyReply => ({
    gameId: 4,
    height: HEIGHT,
    blockId: block('a7b41'),
    working: { kind: 'bankerPlayer', lastDigit: null, lastFive: 'a7b41', sum: null, bankerPoints: 7, playerPoints: 5, winningAreas: ['banker'] },
    stake: { area: 'banker', amount: '1001', odds: '1.95', outcome: 'win', returnAmount: '1951.95', ...stake },
    ...patch,
  });

  it('agrees when the working and the return are the same', () => {
    expect(compareWithServer(local, reply())).toBe('match');
  });

  it('redoes the return at the odds the server applies', () => {
    expect(compareWithServer(local, reply({}, { odds: '1.96', returnAmount: '1961.96' }))).toBe('match');
    expect(compareWithServer(local, reply({}, { odds: '1.96', returnAmount: '1951.95' }))).toBe('mismatch');
  });

  it('calls out a different working or outcome', () => {
    expect(compareWithServer(local, reply({ working: { ...reply().working, playerPoints: 9, winningAreas: ['player'] } }))).toBe('mismatch');
    expect(compareWithServer(local, reply({}, { outcome: 'lose', returnAmount: '0' }))).toBe('mismatch');
    expect(compareWithServer(local, reply({ stake: null }))).toBe('mismatch');
  });
});
