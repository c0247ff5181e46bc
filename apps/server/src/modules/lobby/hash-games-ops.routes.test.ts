import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHashTestApp, USDT, type HashTestApp } from '../hash-game/test-support.ts';
import { tronAddressFromSeed } from './tron-address.ts';

let t: HashTestApp;
beforeAll(async () => {
  t = await startHashTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Level {
  level: number;
  odds: Record<string, string>;
  limits: { USDT: { min: string; max: string }; TRX: { min: string; max: string } };
  transferAddress: string | null;
}
interface HashGameView {
  id: number;
  nameEn: string;
  nameZh: string;
  kind: string;
  transferBet: boolean;
  enabled: boolean;
  levels: Level[];
}

const state = async () => (await t.ops<{ list: HashGameView[] }>('/ops/v1/hashGames/state', {})).data.list;
const limits = { USDT: { min: '2', max: '500' }, TRX: { min: '20', max: '5000.5' } };
const homeGame = async (gameId: number) => (await t.call('/v1/app/home', {})).data.hashGames.find((game: { id: number }) => game.id === gameId);

describe('/ops/v1/hashGames/state', () => {
  it('lists every hash game with its name, on/off, odds per area and per level the limits and transfer address', async () => {
    const list = await state();
    expect(list.map((game) => game.id).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 51, 52, 53, 54, 55, 101, 102, 103, 104, 105, 301, 302, 303, 401, 402,
    ]);
    const bigSmall = list.find((game) => game.id === 1)!;
    expect(bigSmall).toMatchObject({ kind: 'bigSmall', transferBet: true, enabled: true });
    expect(bigSmall.nameEn).not.toBe('');
    expect(bigSmall.levels).toHaveLength(2);
    expect(bigSmall.levels[0]!.odds).toEqual({ small: '1.95', big: '1.95' });
    expect(bigSmall.levels[0]!.transferAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const pageOnly = list.find((game) => game.id === 51)!;
    expect(pageOnly.transferBet).toBe(false);
    expect(pageOnly.levels.every((level) => level.transferAddress === null && Number(level.limits.USDT.min) > 0)).toBe(true);
    expect((await t.ops('/ops/v1/hashGames/state', {}, null)).status).toBe(401);
  });
});

describe('/ops/v1/hashGames/setTransferAddress', () => {
  const address = tronAddressFromSeed('hash-games-ops test level 1');

  it('refuses an address whose checksum is wrong with INVALID_TRON_ADDRESS, and min not below max as invalid parameters', async () => {
    const last = address.at(-1) === 'A' ? 'B' : 'A';
    const broken = await t.ops('/ops/v1/hashGames/setTransferAddress', { gameId: 2, level: 1, address: address.slice(0, -1) + last, limits });
    expect(broken.code).toBe(10052);
    const equal = await t.ops('/ops/v1/hashGames/setTransferAddress', { gameId: 2, level: 1, address, limits: { ...limits, TRX: { min: '20', max: '20' } } });
    expect(equal.code).toBe(12);
    const zero = await t.ops('/ops/v1/hashGames/setTransferAddress', { gameId: 2, level: 1, address, limits: { ...limits, USDT: { min: '0', max: '5' } } });
    expect(zero.code).toBe(12);
    const pageOnly = await t.ops('/ops/v1/hashGames/setTransferAddress', { gameId: 51, level: 0, address, limits });
    expect(pageOnly.code).toBe(12);
    expect((await state()).find((game) => game.id === 2)!.levels[1]!.transferAddress).not.toBe(address);
  });

  it('points the level at the new address with its limits, and the lobby players see shows it at once', async () => {
    const reply = await t.ops('/ops/v1/hashGames/setTransferAddress', { gameId: 2, level: 1, address, limits });
    expect(reply.code).toBe(0);
    expect(reply.data).toEqual({ gameId: 2, level: 1, address, limits: { USDT: { min: '2', max: '500' }, TRX: { min: '20', max: '5000.5' } } });
    expect((await state()).find((game) => game.id === 2)!.levels[1]).toMatchObject({ transferAddress: address, limits });
    const shown = await homeGame(2);
    expect(shown.transferBetAddress[1]).toBe(address);
    expect(shown.transferBetLimit[1].currencies).toEqual(
      expect.arrayContaining([
        { currency: 'USDT', min: '2', max: '500' },
        { currency: 'TRX', min: '20', max: '5000.5' },
      ]),
    );
  });
});

describe('/ops/v1/hashGames/setEnabled', () => {
  it("turns a game off, which takes it off the lobby and refuses players' bets on it, and on again", async () => {
    const { token } = await t.player({ usdt: USDT(100) });
    expect((await t.ops('/ops/v1/hashGames/setEnabled', { gameId: 1, enabled: false })).data).toEqual({ gameId: 1, enabled: false });
    expect((await state()).find((game) => game.id === 1)!.enabled).toBe(false);
    expect(await homeGame(1)).toBeUndefined();
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '5' })).code).toBe(21001);

    expect((await t.ops('/ops/v1/hashGames/setEnabled', { gameId: 1, enabled: true })).code).toBe(0);
    expect(await homeGame(1)).toBeDefined();
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '5' })).code).toBe(0);
  });

  it('refuses a game that is not a hash game', async () => {
    expect((await t.ops('/ops/v1/hashGames/setEnabled', { gameId: 999_999, enabled: false })).code).toBe(21001);
  });
});
