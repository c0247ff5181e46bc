import type { Aggregator, AggregatorGame } from '../third-game/aggregator.ts';

/**
 * A stand-in for a remote aggregator in lobby tests: it answers the list it is given (changeable
 * between refreshes) and launches nothing.
 */
export function listAggregator(name: string, games: AggregatorGame[]): Aggregator & { games: AggregatorGame[] } {
  return {
    name,
    games,
    async listGames() {
      return this.games;
    },
    async launchUrl() {
      throw new Error(`${name} launches no games in this test`);
    },
  };
}

export function aggregatorGame(fields: Partial<AggregatorGame> & Pick<AggregatorGame, 'gameCode' | 'category'>): AggregatorGame {
  return {
    name: fields.gameCode,
    product: 'Test Studio',
    productCode: null,
    thumbnailUrl: null,
    enabled: true,
    releaseDate: null,
    ...fields,
  };
}

const CATEGORIES = ['crash', 'slots', 'fishing', 'live', 'poker', 'sports'] as const;
const STUDIOS = ['North Studio', 'South Games', 'East Play'] as const;

/**
 * More games than a home list shows in every category, from three studios, with thumbnails on
 * some, and some released lately. The poker list holds "Texas Hold'em" without a thumbnail.
 */
export function largeAggregatorList(perCategory = 22, now = new Date()): AggregatorGame[] {
  return CATEGORIES.flatMap((category) =>
    Array.from({ length: perCategory }, (_, index) =>
      aggregatorGame({
        gameCode: `${category}-${index + 1}`,
        category,
        name: category === 'poker' && index === 0 ? "Texas Hold'em" : `${category} game ${index + 1}`,
        product: STUDIOS[index % STUDIOS.length],
        thumbnailUrl: index % 2 === 1 ? `https://cdn.example.com/${category}-${index + 1}.png` : null,
        releaseDate: index % 5 === 0 ? new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10) : '2020-01-01',
      }),
    ),
  );
}
