import { GAME_LIST_CAP, GameType } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../../events/event-bus.ts';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { manufacturerCodes, mapAggregatorGames } from './aggregator-catalogue.ts';
import { LobbyService } from './lobby.service.ts';
import { aggregatorGame, largeAggregatorList, listAggregator } from './test-aggregator.ts';

const database = useMigratedTestDatabase();
const db = () => database().db;

function lobbyService() {
  // No cache: every home call reads the tables, so a refresh shows at once.
  return new LobbyService(db(), createMemoryEventBus(), { cacheMs: 0 });
}

const rowsOf = (aggregator: string) => db().selectFrom('games').selectAll().where('aggregator', '=', aggregator).orderBy('game_code').execute();

describe('mapping the aggregator list', () => {
  it('maps each category by its meaning, keeps a game of an unknown category under the default type and names the category unmapped', () => {
    const { rows, skipped, unmapped } = mapAggregatorGames([
      aggregatorGame({ gameCode: 'a', category: 'slots' }),
      aggregatorGame({ gameCode: 'b', category: 'Lottery' }),
      aggregatorGame({ gameCode: 'c', category: 'Specialty' }),
      aggregatorGame({ gameCode: 'd', category: 'specialty ' }),
      aggregatorGame({ gameCode: 'a', category: 'crash' }),
    ]);
    expect(rows.map((row) => [row.gameCode, row.gameType, row.category])).toEqual([
      ['a', GameType.SLOT, 'slots'],
      ['b', GameType.MINI, 'Lottery'],
      ['c', GameType.SLOT, 'Specialty'],
      ['d', GameType.SLOT, 'specialty'],
    ]);
    // Only a repeated game code is left out.
    expect(skipped).toEqual(['a']);
    expect(unmapped).toEqual([{ category: 'Specialty', games: 2 }]);
  });

  it("names the manufacturer by the aggregator's product code, else the product's first word, else its whole name", () => {
    const codes = manufacturerCodes([
      aggregatorGame({ gameCode: '1', category: 'slots', product: 'Demo Studio', productCode: 'DEMO' }),
      aggregatorGame({ gameCode: '2', category: 'slots', product: 'Red Tiger' }),
      aggregatorGame({ gameCode: '3', category: 'slots', product: 'Red Rake' }),
      aggregatorGame({ gameCode: '4', category: 'slots', product: "Play'n GO" }),
    ]);
    expect(Object.fromEntries(codes)).toEqual({ 'Demo Studio': 'DEMO', 'Red Tiger': 'RED', 'Red Rake': 'REDRAKE', "Play'n GO": 'PLAYN' });
  });

  it('sorts games in list order per type, marks recent releases new, and keeps the thumbnail', () => {
    const now = new Date('2030-06-01T00:00:00Z');
    const { rows, manufacturers } = mapAggregatorGames(
      [
        aggregatorGame({ gameCode: 's1', category: 'slots', releaseDate: '2030-05-20', thumbnailUrl: 'https://cdn.example.com/s1.png' }),
        aggregatorGame({ gameCode: 'c1', category: 'crash', releaseDate: '2020-01-01' }),
        aggregatorGame({ gameCode: 's2', category: 'slots', enabled: false }),
      ],
      now,
    );
    expect(rows).toEqual([
      expect.objectContaining({ gameCode: 's1', sort: 10, isNew: true, isHot: false, logo: 'https://cdn.example.com/s1.png', listed: true }),
      expect.objectContaining({ gameCode: 'c1', sort: 10, isNew: false, logo: '' }),
      expect.objectContaining({ gameCode: 's2', sort: 20, listed: false }),
    ]);
    expect(manufacturers).toEqual([{ abbr: 'TEST', name: 'Test Studio' }]);
  });
});

describe('refreshing the catalogue from the aggregator', () => {
  it('adds the games and their manufacturers, and home serves them capped, sorted, with a drawn logo when there is no thumbnail', async () => {
    const lobby = lobbyService();
    await lobby.ensureCatalogue();
    const aggregator = listAggregator('alpha', largeAggregatorList(22));
    expect(await lobby.syncAggregatorGames(aggregator)).toEqual({ listed: 132, hidden: 0, skipped: [], unmapped: [] });
    const home = await lobby.home({});
    for (const key of ['cryptoGames', 'slotGames', 'fishGames', 'liveGames', 'pokerGames', 'sportGames'] as const) {
      expect(home[key], key).toHaveLength(GAME_LIST_CAP);
      expect(
        home[key].map((g) => g.sort),
        key,
      ).toEqual([...home[key].map((g) => g.sort)].sort((a, b) => a - b));
    }
    expect(home.manufacturers.map((m) => m.abbr).sort()).toEqual(['BITG', 'EAST', 'NORTH', 'SOUTH']);
    const holdem = home.pokerGames.find((g) => g.nameEn === "Texas Hold'em")!;
    expect(holdem).toMatchObject({ aggregator: 'alpha', gameCode: 'poker-1', logoEn: `/static/games/${holdem.id}-en.svg`, requiresLogin: true, period: null });
    expect(holdem.id).toBeGreaterThan(100_000);
    expect(home.pokerGames.find((g) => g.gameCode === 'poker-2')!.logoEn).toBe('https://cdn.example.com/poker-2.png');
    lobby.close();
  });

  it('keeps the operator overrides of hot, new, sort and visibility through a refresh, and gives the choice back on null', async () => {
    const lobby = lobbyService();
    const aggregator = listAggregator('beta', [
      aggregatorGame({ gameCode: 'one', category: 'slots', name: 'One' }),
      aggregatorGame({ gameCode: 'two', category: 'slots', name: 'Two' }),
    ]);
    await lobby.syncAggregatorGames(aggregator);
    const [one, two] = await rowsOf('beta');
    await lobby.setGameOverrides(one.id, { hot: true, new: true, sort: 999 });
    await lobby.setGameEnabled(two.id, false);

    aggregator.games = [
      aggregatorGame({ gameCode: 'one', category: 'slots', name: 'One Renamed', thumbnailUrl: 'https://cdn.example.com/one.png' }),
      aggregatorGame({ gameCode: 'two', category: 'slots', name: 'Two' }),
    ];
    await lobby.syncAggregatorGames(aggregator);
    const [oneAfter, twoAfter] = await rowsOf('beta');
    expect(oneAfter).toMatchObject({ id: one.id, name_en: 'One Renamed', logo_en: 'https://cdn.example.com/one.png', is_hot: true, is_new: true, sort: 999 });
    expect(twoAfter).toMatchObject({ id: two.id, enabled: false, listed: true });
    expect((await lobby.home({})).slotGames.map((g) => g.gameCode)).not.toContain('two');

    await lobby.setGameOverrides(one.id, { hot: null, sort: null });
    await lobby.syncAggregatorGames(aggregator);
    expect((await rowsOf('beta'))[0]).toMatchObject({ is_hot: false, is_new: true, sort: 10 });
    lobby.close();
  });

  it('writes each game once when two instances refresh at the same moment, and again once on the next refresh', async () => {
    const first = lobbyService();
    const second = lobbyService();
    const aggregator = listAggregator('gamma', largeAggregatorList(5));
    await Promise.all([first.syncAggregatorGames(aggregator), second.syncAggregatorGames(aggregator)]);
    await Promise.all([first.syncAggregatorGames(aggregator), second.syncAggregatorGames(aggregator)]);
    const rows = await rowsOf('gamma');
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => row.game_code)).size).toBe(30);
    const vendors = await db().selectFrom('manufacturers').select('abbr').where('abbr', '=', 'NORTH').execute();
    expect(vendors).toHaveLength(1);
    first.close();
    second.close();
  });

  it('hides a game the aggregator no longer lists or disables, without deleting it, and shows it again when it is back', async () => {
    const lobby = lobbyService();
    const aggregator = listAggregator('delta', [
      aggregatorGame({ gameCode: 'stays', category: 'live' }),
      aggregatorGame({ gameCode: 'goes', category: 'live' }),
      aggregatorGame({ gameCode: 'paused', category: 'live' }),
    ]);
    await lobby.syncAggregatorGames(aggregator);
    const goes = (await rowsOf('delta')).find((row) => row.game_code === 'goes')!;

    aggregator.games = [aggregatorGame({ gameCode: 'stays', category: 'live' }), aggregatorGame({ gameCode: 'paused', category: 'live', enabled: false })];
    expect(await lobby.syncAggregatorGames(aggregator)).toMatchObject({ listed: 1, hidden: 1 });
    expect((await rowsOf('delta')).map((row) => [row.game_code, row.listed])).toEqual([
      ['goes', false],
      ['paused', false],
      ['stays', true],
    ]);
    expect((await lobby.home({})).liveGames.filter((g) => g.aggregator === 'delta').map((g) => g.gameCode)).toEqual(['stays']);
    // Its logo still resolves: records that name it keep their picture.
    expect(await lobby.logo(goes.id, 'en')).toContain('<svg');

    aggregator.games = [aggregatorGame({ gameCode: 'stays', category: 'live' }), aggregatorGame({ gameCode: 'goes', category: 'live' })];
    await lobby.syncAggregatorGames(aggregator);
    const back = (await rowsOf('delta')).find((row) => row.game_code === 'goes')!;
    expect(back).toMatchObject({ id: goes.id, listed: true });
    lobby.close();
  });

  it('keeps the catalogue when the aggregator fails or answers an empty list', async () => {
    const lobby = lobbyService();
    const aggregator = listAggregator('epsilon', [aggregatorGame({ gameCode: 'kept', category: 'poker' })]);
    await lobby.syncAggregatorGames(aggregator);
    aggregator.games = [];
    await expect(lobby.syncAggregatorGames(aggregator)).rejects.toThrow(/empty/);
    aggregator.listGames = async () => {
      throw new Error('unreachable');
    };
    await expect(lobby.syncAggregatorGames(aggregator)).rejects.toThrow(/unreachable/);
    expect((await rowsOf('epsilon')).map((row) => [row.game_code, row.listed])).toEqual([['kept', true]]);
    lobby.close();
  });
});
