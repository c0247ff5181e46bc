import { GameType, NavId, type Game, type HomeData } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { categoryKey, DEFAULT_GAME_TYPE, gameTypeByMeaning } from './game-categories.ts';
import { aggregatorGame, listAggregator } from './test-aggregator.ts';

describe('reading a category by its meaning', () => {
  it("gives each aggregator's free-text category the game type it means, in several languages", () => {
    const cases: [string, number][] = [
      ['Video Slots', GameType.SLOT],
      ['Megaways', GameType.SLOT],
      ['Jackpot Slots', GameType.SLOT],
      ['Live Baccarat', GameType.LIVE],
      ['Live Dealer', GameType.LIVE],
      ['Game Shows', GameType.LIVE],
      ['Table Games', GameType.POKER],
      ['Video Poker', GameType.POKER],
      ['Blackjack', GameType.POKER],
      ['Fishing Games', GameType.FISH],
      ['Shooting', GameType.FISH],
      ['Virtual Sports', GameType.SPORT],
      ['eSports', GameType.SPORT],
      ['Scratch Cards', GameType.MINI],
      ['Keno', GameType.MINI],
      ['Instant Win', GameType.MINI],
      ['Crash Games', GameType.CRYPTO],
      ['Originals', GameType.CRYPTO],
      // Portuguese, Vietnamese, Indonesian, Thai, Chinese, Arabic.
      ['Caça-níqueis', GameType.SLOT],
      ['Jogos de Mesa', GameType.POKER],
      ['Cassino ao vivo', GameType.LIVE],
      ['Bắn cá', GameType.FISH],
      ['Thể thao ảo', GameType.SPORT],
      ['Tembak Ikan', GameType.FISH],
      ['สล็อต', GameType.SLOT],
      ['คาสิโนสด', GameType.LIVE],
      ['老虎机', GameType.SLOT],
      ['真人视讯', GameType.LIVE],
      ['捕鱼游戏', GameType.FISH],
      ['棋牌', GameType.POKER],
      ['彩票', GameType.MINI],
      ['كازينو مباشر', GameType.LIVE],
      ['صيد السمك', GameType.FISH],
    ];
    for (const [category, type] of cases) expect(gameTypeByMeaning(category), category).toBe(type);
  });

  it('knows nothing of a category without a known word, and treats spellings of one category as one', () => {
    for (const category of ['Specialty', 'Other', 'Novelty', '', '  --  ']) expect(gameTypeByMeaning(category), category).toBeNull();
    // A stem matches at the start of a word only: "card" is not in "scorecard", "live" not in "olive".
    expect(gameTypeByMeaning('Scorecard Olive')).toBeNull();
    expect(categoryKey(' Video-Slots ')).toBe(categoryKey('VIDEO SLOTS'));
    expect(categoryKey('Caça-Níqueis')).toBe('caca niqueis');
    expect(DEFAULT_GAME_TYPE).toBe(GameType.SLOT);
  });
});

const LISTS: Record<number, keyof HomeData> = {
  [NavId.CRYPTO]: 'cryptoGames',
  [NavId.SLOT]: 'slotGames',
  [NavId.FISH]: 'fishGames',
  [NavId.LIVE]: 'liveGames',
  [NavId.POKER]: 'pokerGames',
  [NavId.SPORT]: 'sportGames',
};

/** A catalogue as another aggregator words it: free-text categories, two of which no rule knows. */
const FREE_TEXT_LIST = [
  ['vs20olympgate', 'Gates of Olympus', 'Video Slots', NavId.SLOT],
  ['vs10bbbonanza', 'Big Bass Bonanza', 'Video Slots', NavId.SLOT],
  ['evo_speedbac', 'Speed Baccarat A', 'Live Baccarat', NavId.LIVE],
  ['evo_crazytime', 'Crazy Time', 'Live Game Shows', NavId.LIVE],
  ['bgaming_bj', 'Blackjack Classic', 'Table Games', NavId.POKER],
  ['jili_jackpotfish', 'Jackpot Fishing', 'Fishing Games', NavId.FISH],
  ['bet_vfootball', 'Virtual Football League', 'Virtual Sports', NavId.SPORT],
  ['hs_scratch7', 'Lucky Scratch 7', 'Scratch Cards', NavId.CRYPTO],
  ['spribe_aviator', 'Aviator', 'Crash Games', NavId.CRYPTO],
  ['pg_mahjong', 'Mahjong Ways', '老虎机', NavId.SLOT],
  ['odd_wheel', 'Wheel of Odds', 'Specialty', NavId.SLOT],
  ['odd_balloon', 'Balloon Pop', 'specialty ', NavId.SLOT],
  ['misc_thing', 'Mystery Box', 'Other', NavId.SLOT],
] as const;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const aggregator = listAggregator(
    'freetext',
    FREE_TEXT_LIST.map(([gameCode, name, category]) => aggregatorGame({ gameCode, name, category, product: 'Hub Studios' })),
  );
  const result = await t.app.services.lobby.syncAggregatorGames(aggregator);
  expect(result).toMatchObject({ listed: FREE_TEXT_LIST.length, skipped: [] });
  expect(result.unmapped).toEqual([
    { category: 'Specialty', games: 2 },
    { category: 'Other', games: 1 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const ops = (path: string, body: unknown, key?: string | null) => t.ops(path, body, key);

async function shownByCategory(): Promise<Map<string, number>> {
  const home = (await t.call<HomeData>('/v1/app/home', { language: 'en_US' })).data;
  const where = new Map<string, number>();
  for (const [navId, list] of Object.entries(LISTS)) {
    for (const game of home[list] as Game[]) if (game.aggregator === 'freetext') where.set(game.gameCode, Number(navId));
  }
  return where;
}

describe('an aggregator list in free-text categories', () => {
  it('ends with every game shown in the category its words mean, or under the default type and listed as unmapped for operators', async () => {
    const shown = await shownByCategory();
    const report = (await ops('/ops/v1/games/categories', {})).data;
    const unmapped = new Set(
      report.unmapped.filter((row: { aggregator: string }) => row.aggregator === 'freetext').map((row: { category: string }) => row.category),
    );
    expect([...unmapped].sort()).toEqual(['Other', 'Specialty', 'specialty']);
    for (const [gameCode, , category, navId] of FREE_TEXT_LIST) {
      expect(shown.get(gameCode), gameCode).toBe(navId);
      if (gameTypeByMeaning(category) === null) expect(unmapped.has(category.trim()), category).toBe(true);
    }
    expect(report.defaultGameType).toBe(GameType.SLOT);
    const baccarat = report.categories.find((row: { category: string }) => row.category === 'Live Baccarat');
    expect(baccarat).toMatchObject({
      aggregator: 'freetext',
      games: 1,
      shown: 1,
      gameType: GameType.LIVE,
      navId: NavId.LIVE,
      source: 'meaning',
      hidden: false,
      unmapped: false,
    });
  });

  it('lets an operator map a category to a game type or hide it: the lobby follows at once, refreshes keep it, and remove hands it back', async () => {
    const mapped = await ops('/ops/v1/games/mapCategory', { category: 'SPECIALTY', gameType: GameType.LIVE });
    expect(mapped.code, mapped.msg).toBe(0);
    expect(mapped.data).toEqual({ key: 'specialty', rule: { gameType: GameType.LIVE, hidden: false }, moved: 2 });
    let shown = await shownByCategory();
    expect([shown.get('odd_wheel'), shown.get('odd_balloon')]).toEqual([NavId.LIVE, NavId.LIVE]);
    // The rounds of a game entered from now on carry the new type.
    const row = await t.app.database.db.selectFrom('games').select('game_type').where('game_code', '=', 'odd_wheel').executeTakeFirstOrThrow();
    expect(row.game_type).toBe(GameType.LIVE);

    expect((await ops('/ops/v1/games/mapCategory', { category: 'Other', hidden: true })).code).toBe(0);
    shown = await shownByCategory();
    expect(shown.has('misc_thing')).toBe(false);
    expect((await t.call('/v1/lobby/searchGames', { keyword: 'Mystery Box' })).data.list).toEqual([]);

    let report = (await ops('/ops/v1/games/categories', {})).data;
    expect(report.unmapped.filter((r: { aggregator: string }) => r.aggregator === 'freetext')).toEqual([]);
    expect(report.categories.find((r: { category: string }) => r.category === 'Other')).toMatchObject({ hidden: true, unmapped: false, games: 1 });
    expect(report.categories.find((r: { category: string }) => r.category === 'Specialty')).toMatchObject({ source: 'rule', gameType: GameType.LIVE });

    // A refresh of the same list keeps both decisions.
    await t.app.services.lobby.syncAggregatorGames(
      listAggregator(
        'freetext',
        FREE_TEXT_LIST.map(([gameCode, name, category]) => aggregatorGame({ gameCode, name, category, product: 'Hub Studios' })),
      ),
    );
    shown = await shownByCategory();
    expect([shown.get('odd_wheel'), shown.has('misc_thing')]).toEqual([NavId.LIVE, false]);

    // A type over a hidden category keeps it hidden; remove hands both back to the default and the unmapped list.
    expect((await ops('/ops/v1/games/mapCategory', { category: 'Specialty', remove: true })).data).toMatchObject({ rule: null, moved: 2 });
    expect((await ops('/ops/v1/games/mapCategory', { category: 'other', hidden: false })).data).toMatchObject({ rule: null });
    shown = await shownByCategory();
    expect([shown.get('odd_wheel'), shown.get('misc_thing')]).toEqual([NavId.SLOT, NavId.SLOT]);
    report = (await ops('/ops/v1/games/categories', {})).data;
    expect(
      report.unmapped
        .filter((r: { aggregator: string }) => r.aggregator === 'freetext')
        .map((r: { category: string }) => r.category)
        .sort(),
    ).toEqual(['Other', 'Specialty', 'specialty']);
  });

  it('validates the rule and needs a key holding games.catalogue', async () => {
    for (const body of [
      {},
      { category: 'Other' },
      { category: '', gameType: GameType.SLOT },
      { category: 'Other', gameType: GameType.HASH },
      { category: 'Other', gameType: 99 },
      { category: 'Other', hidden: 'yes' },
      { category: 'Other', remove: true, gameType: GameType.SLOT },
      { category: 'Other', gameType: GameType.SLOT, extra: 1 },
      { category: '---', gameType: GameType.SLOT },
    ]) {
      expect((await ops('/ops/v1/games/mapCategory', body)).code, JSON.stringify(body)).toBe(12);
    }
    expect((await ops('/ops/v1/games/mapCategory', { category: 'Other', hidden: true }, null)).status).toBe(401);
    expect((await ops('/ops/v1/games/categories', {}, 'not-an-operator-key')).status).toBe(401);
    const { key } = await createAutomationKey(t.app.database.db, ['site.config']);
    expect(await ops('/ops/v1/games/categories', {}, key)).toMatchObject({ status: 403, code: 10055 });
  });
});
