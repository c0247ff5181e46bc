import { FAVOURITE_GAMES_CAP, GameType, NavId, RECENT_GAMES_CAP, type FoundGame, type Game, type HomeData } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { aggregatorGame, listAggregator } from './test-aggregator.ts';

let t: TestApp;
let home: HomeData;
beforeAll(async () => {
  t = await startTestApp();
  home = (await t.call<HomeData>('/v1/app/home', { language: 'en_US' })).data;
});
afterAll(async () => {
  await t?.close();
});

const ids = (games: Game[]) => games.map((game) => game.id);
const favourites = async (token: string) => (await t.call('/v1/lobby/favourites', {}, { token })).data as { list: Game[]; cap: number };
const recent = async (token: string) => ids((await t.call('/v1/lobby/recentGames', {}, { token })).data.list);
const search = async (keyword: string, extra: object = {}) => (await t.call('/v1/lobby/searchGames', { keyword, ...extra })).data.list as FoundGame[];

describe('/v1/lobby/searchGames', () => {
  it('finds a game in any category, whatever category page the player is on, and says where it is and who makes it', async () => {
    const rocket = home.cryptoGames.find((game) => game.nameEn.startsWith('Rocket'));
    expect(rocket, 'the demo aggregator lists a Rocket crash game').toBeDefined();
    const found = await search('rocket');
    expect(found.map((entry) => entry.game.id)).toContain(rocket!.id);
    expect(found.find((entry) => entry.game.id === rocket!.id)).toMatchObject({ navId: NavId.CRYPTO, vendorName: expect.any(String) });
    expect(found.every((entry) => entry.game.nameEn.toLowerCase().includes('rocket') || entry.vendorName.toLowerCase().includes('rocket'))).toBe(true);

    // Every vendor and category at once: slots, fish and hash games answer one search each, case and accents aside.
    expect(new Set((await search('LUCKY')).map((entry) => entry.navId))).toEqual(new Set([NavId.SLOT, NavId.HASH]));
    expect((await search('fish')).some((entry) => entry.navId === NavId.FISH)).toBe(true);
    expect((await search('big-small')).map((entry) => entry.navId)).toContain(NavId.HASH);
    expect(await search('no such game at all')).toEqual([]);
    expect((await search('a', { limit: 3 })).length).toBeLessThanOrEqual(3);
  });

  it('reaches games beyond the 19 a home list shows, and games of mini categories (shown with crypto)', async () => {
    const list = Array.from({ length: 25 }, (_, index) =>
      aggregatorGame({ gameCode: `deep-${index}`, name: `Deepwater Reel ${index}`, category: 'Video Slots' }),
    );
    list.push(aggregatorGame({ gameCode: 'keno-1', name: 'Deepwater Keno', category: 'Keno' }));
    await t.app.services.lobby.syncAggregatorGames(listAggregator('deep', list));
    const found = await search('deepwater', { limit: 60 });
    expect(found).toHaveLength(26);
    expect(found.find((entry) => entry.game.gameCode === 'keno-1')).toMatchObject({ navId: NavId.CRYPTO, game: { gameType: GameType.MINI } });
    const crypto = (await t.call<HomeData>('/v1/app/home', {})).data.cryptoGames;
    expect(crypto.map((game) => game.gameCode)).toContain('keno-1');
  });

  it('refuses an empty or overlong keyword with 12', async () => {
    for (const body of [{}, { keyword: '   ' }, { keyword: 'x'.repeat(65) }, { keyword: 'a', limit: 0 }, { keyword: 'a', other: 1 }]) {
      expect((await t.call('/v1/lobby/searchGames', body)).code, JSON.stringify(body)).toBe(12);
    }
  });
});

describe('favourites', () => {
  it("adds and removes a player's favourites idempotently, latest first, and keeps them apart from another player's", async () => {
    const alice = await t.registerPlayer();
    const bob = await t.registerPlayer();
    const [slot, crash] = [home.slotGames[0], home.cryptoGames[0]];
    const hash = home.hashGames[0];
    for (const game of [slot, crash, hash, slot]) expect((await t.call('/v1/lobby/favourite/add', { gameId: game.id }, { token: alice.token })).code).toBe(0);
    expect(await favourites(alice.token)).toEqual({
      list: [hash, crash, slot].map((game) => expect.objectContaining({ id: game.id })),
      cap: FAVOURITE_GAMES_CAP,
    });
    expect((await favourites(bob.token)).list).toEqual([]);

    // Bob's removal of Alice's favourite is his own no-op.
    expect((await t.call('/v1/lobby/favourite/remove', { gameId: crash.id }, { token: bob.token })).code).toBe(0);
    expect(ids((await favourites(alice.token)).list)).toEqual([hash.id, crash.id, slot.id]);
    for (let i = 0; i < 2; i++) expect((await t.call('/v1/lobby/favourite/remove', { gameId: crash.id }, { token: alice.token })).code).toBe(0);
    expect(ids((await favourites(alice.token)).list)).toEqual([hash.id, slot.id]);
  });

  it('drops a favourite the lobby stops showing and shows it again when it is back', async () => {
    const player = await t.registerPlayer();
    const game = home.slotGames[1];
    await t.call('/v1/lobby/favourite/add', { gameId: game.id }, { token: player.token });
    await t.app.services.lobby.setGameEnabled(game.id, false);
    expect((await favourites(player.token)).list).toEqual([]);
    // A game not shown cannot be added, nor recorded as played.
    expect((await t.call('/v1/lobby/favourite/add', { gameId: game.id }, { token: player.token })).code).toBe(21001);
    await t.app.services.lobby.setGameEnabled(game.id, true);
    expect(ids((await favourites(player.token)).list)).toEqual([game.id]);
  });

  it(`stops at ${FAVOURITE_GAMES_CAP} favourites with 10054, even when added all at once`, async () => {
    const games = Array.from({ length: FAVOURITE_GAMES_CAP + 5 }, (_, index) =>
      aggregatorGame({ gameCode: `fav-${index}`, name: `Fav ${index}`, category: 'Video Slots' }),
    );
    await t.app.services.lobby.syncAggregatorGames(listAggregator('favourites', games));
    const rows = await t.app.database.db.selectFrom('games').select('id').where('aggregator', '=', 'favourites').orderBy('id').execute();
    const player = await t.registerPlayer();
    const replies = await Promise.all(rows.map((row) => t.call('/v1/lobby/favourite/add', { gameId: row.id }, { token: player.token })));
    expect(replies.filter((reply) => reply.code === 0)).toHaveLength(FAVOURITE_GAMES_CAP);
    expect(replies.filter((reply) => reply.code === 10054)).toHaveLength(5);
    expect((await favourites(player.token)).list).toHaveLength(FAVOURITE_GAMES_CAP);
    // One of them already there is still fine; after a removal there is room again.
    const kept = ids((await favourites(player.token)).list);
    expect((await t.call('/v1/lobby/favourite/add', { gameId: kept[0] }, { token: player.token })).code).toBe(0);
    await t.call('/v1/lobby/favourite/remove', { gameId: kept[0] }, { token: player.token });
    const outside = rows.map((row) => row.id).find((id) => !kept.includes(id))!;
    expect((await t.call('/v1/lobby/favourite/add', { gameId: outside }, { token: player.token })).code).toBe(0);
  });

  it('needs a signed-in player, an existing game and a whole positive id', async () => {
    for (const path of [
      '/v1/lobby/favourites',
      '/v1/lobby/favourite/add',
      '/v1/lobby/favourite/remove',
      '/v1/lobby/recentGames',
      '/v1/lobby/recentGames/add',
    ]) {
      expect((await t.call(path, { gameId: 1 })).status, path).toBe(401);
    }
    const player = await t.registerPlayer();
    expect((await t.call('/v1/lobby/favourite/add', { gameId: 999_999_999 }, { token: player.token })).code).toBe(21001);
    for (const gameId of [0, -1, 1.5, '1', null, 2 ** 31]) {
      expect((await t.call('/v1/lobby/favourite/add', { gameId }, { token: player.token })).code, String(gameId)).toBe(12);
    }
  });
});

describe('recently played', () => {
  it('records a third-party game when the player enters it, and a hash game when its page opens, latest first', async () => {
    const player = await t.registerPlayer();
    await t.app.services.players.markFirstRecharge(t.app.database.db, player.playerId);
    const slot = home.slotGames.find((game) => game.aggregator === 'hub88')!;
    const hash = home.hashGames[0];
    expect(await recent(player.token)).toEqual([]);
    expect((await t.call('/v1/lobby/recentGames/add', { gameId: hash.id }, { token: player.token })).code).toBe(0);
    const entered = await t.call(
      '/v1/thirdGame/enter',
      {
        aggregator: slot.aggregator,
        manufacturer: slot.manufacturer,
        gameCode: slot.gameCode,
        gameId: slot.id,
        gameType: slot.gameType,
        language: 'en_US',
        currency: 'USD',
        platformCode: 'android',
      },
      { token: player.token },
    );
    expect(entered.code, entered.msg).toBe(0);
    expect(await recent(player.token)).toEqual([slot.id, hash.id]);
    // Entering again moves it to the front, once.
    await t.call('/v1/lobby/recentGames/add', { gameId: hash.id }, { token: player.token });
    expect(await recent(player.token)).toEqual([hash.id, slot.id]);
    expect(await recent((await t.registerPlayer()).token)).toEqual([]);
  });

  it(`keeps the latest ${RECENT_GAMES_CAP}`, async () => {
    const player = await t.registerPlayer();
    const games = [...home.hashGames, ...home.slotGames].slice(0, RECENT_GAMES_CAP + 4);
    const start = Date.now() - 60_000;
    for (const [index, game] of games.entries()) await shelvesRecord(player.playerId, game.id, new Date(start + index * 1000));
    expect(await recent(player.token)).toEqual(ids(games).reverse().slice(0, RECENT_GAMES_CAP));
    const rows = await t.app.database.db.selectFrom('player_recent_games').select('game_id').where('player_id', '=', player.playerId).execute();
    expect(rows.length).toBeLessThanOrEqual(RECENT_GAMES_CAP * 2);
  });
});

/** Records a game as played at a given time, as entering it does, so the order is certain. */
async function shelvesRecord(playerId: number, gameId: number, at: Date) {
  await t.app.services.shelves.recordPlayed(playerId, gameId, at);
}
