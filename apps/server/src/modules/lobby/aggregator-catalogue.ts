import { AggregatorError, type Aggregator, type AggregatorGame } from '../third-game/aggregator.ts';
import { categoryKey, resolveCategory, type CategoryRule } from './game-categories.ts';
import type { AggregatorGameRow, LobbyRepository } from './lobby.repo.ts';

/** A game this recent counts as new until an operator says otherwise. */
const NEW_FOR_DAYS = 90;
/** Aggregator games sort after each other in list order, leaving room for an operator's sort in between. */
const SORT_STEP = 10;

/**
 * The manufacturer code of a studio: the aggregator's own code when it gives one, otherwise the
 * first word of its name in capitals ("Demo Studio" is DEMO), or the whole name when another studio
 * of the list already took that word.
 */
export function manufacturerCodes(games: readonly AggregatorGame[]): Map<string, string> {
  const byProduct = new Map<string, string>();
  const taken = new Map<string, string>();
  const compact = (text: string) =>
    text
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '')
      .slice(0, 32);
  for (const game of games) {
    if (byProduct.has(game.product)) continue;
    const given = game.productCode ? compact(game.productCode) : '';
    const firstWord = compact(game.product.split(/\s+/)[0] ?? '');
    let code = given || firstWord || compact(game.product) || 'VENDOR';
    const holder = taken.get(code);
    if (holder !== undefined && holder !== game.product) code = compact(game.product) || code;
    taken.set(code, game.product);
    byProduct.set(game.product, code);
  }
  return byProduct;
}

/**
 * Maps the aggregator's list to catalogue rows: game type by the meaning of its category (or the
 * operator's rule for it), manufacturer by product. No game is left out but a repeated code: a game of
 * a category nobody could read is shown under the default type, and its category is named in
 * `unmapped` (with how many games it holds) for the operator to map.
 */
export function mapAggregatorGames(
  games: readonly AggregatorGame[],
  now: Date = new Date(),
  rules: ReadonlyMap<string, CategoryRule> = new Map(),
): {
  rows: AggregatorGameRow[];
  manufacturers: { abbr: string; name: string }[];
  skipped: string[];
  unmapped: { category: string; games: number }[];
} {
  const codes = manufacturerCodes(games);
  const rows: AggregatorGameRow[] = [];
  const skipped: string[] = [];
  const unmapped = new Map<string, { category: string; games: number }>();
  const seen = new Set<string>();
  const perType = new Map<number, number>();
  for (const game of games) {
    if (seen.has(game.gameCode)) {
      skipped.push(game.gameCode);
      continue;
    }
    seen.add(game.gameCode);
    const { gameType, unmapped: unread } = resolveCategory(game.category, rules);
    if (unread) {
      const key = categoryKey(game.category);
      const entry = unmapped.get(key) ?? { category: game.category.trim(), games: 0 };
      entry.games++;
      unmapped.set(key, entry);
    }
    const position = (perType.get(gameType) ?? 0) + 1;
    perType.set(gameType, position);
    const released = game.releaseDate ? Date.parse(game.releaseDate) : NaN;
    rows.push({
      gameType,
      category: game.category.trim().slice(0, 200),
      manufacturer: codes.get(game.product)!,
      gameCode: game.gameCode,
      name: game.name,
      logo: game.thumbnailUrl ?? '',
      sort: position * SORT_STEP,
      isHot: false,
      isNew: Number.isFinite(released) && now.getTime() - released < NEW_FOR_DAYS * 86_400_000,
      listed: game.enabled,
    });
  }
  const used = new Set(rows.map((row) => row.manufacturer));
  const manufacturers = [...codes].filter(([, abbr]) => used.has(abbr)).map(([name, abbr]) => ({ abbr, name }));
  return { rows, manufacturers, skipped, unmapped: [...unmapped.values()] };
}

/**
 * One refresh: fetch the list, map it, and apply it. An empty list is refused (the catalogue is kept):
 * a real aggregator never lists nothing, and hiding every game on a glitch would empty the lobby.
 */
export async function syncAggregatorCatalogue(repo: LobbyRepository, aggregator: Aggregator, now: Date = new Date()) {
  const games = await aggregator.listGames();
  if (games.length === 0) throw new AggregatorError(`${aggregator.name}: the game list is empty; the catalogue is kept as it was`);
  const { rows, manufacturers, skipped, unmapped } = mapAggregatorGames(games, now, await repo.categoryRules());
  const hidden = await repo.applyAggregatorList(aggregator.name, rows, manufacturers, now);
  return { listed: rows.filter((row) => row.listed).length, hidden, skipped, unmapped };
}
