import type { Game, HomeData } from '@lobby/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { GameTile } from '../../components/GameTile';
import { EMPTY_SEARCH, gamesOf, gridColumns, searchGames, vendorOptions, type Category, type SearchValue } from '../../lib/games';
import { useHomeState } from '../../state/home';
import { SearchBar } from './SearchBar';

interface CategoryPageProps {
  home: HomeData | undefined;
  category: Category;
  language: string;
  onOpen(game: Game): void;
}

/** A category: search bar over a grid of three columns, or two when fewer than three games show. */
export function CategoryPage({ home, category, language, onOpen }: CategoryPageProps) {
  const { t } = useTranslation();
  const preselected = useHomeState((s) => s.slotManufacturerSearchValue);
  const clearSlotVendor = useHomeState((s) => s.clearSlotVendor);
  const [search, setSearch] = useState<SearchValue>(EMPTY_SEARCH);

  // A vendor preselected elsewhere sets the slot page's selector, which runs the search.
  useEffect(() => {
    if (category.key === 'slot' && preselected) setSearch((s) => ({ ...s, vendor: preselected }));
  }, [category.key, preselected]);

  const games = useMemo(() => gamesOf(home, category), [home, category]);
  const vendors = useMemo(() => vendorOptions(category, games, home?.manufacturers), [category, games, home?.manufacturers]);
  const vendorNames = useMemo(() => new Map((home?.manufacturers ?? []).map((m) => [m.abbr, m.name])), [home?.manufacturers]);
  const shown = useMemo(() => searchGames(games, search, category, language), [games, search, category, language]);
  const columns = gridColumns(shown.length);

  return (
    <section className="category-page" data-testid={`category-${category.key}`}>
      <SearchBar
        category={category}
        value={search}
        vendors={vendors}
        onChange={(next, changed) => {
          if (changed === 'vendor' && category.key === 'slot') clearSlotVendor();
          setSearch(next);
        }}
      />
      {shown.length > 0 ? (
        <div className={`game-grid game-grid--${columns}`} data-testid="game-grid" data-columns={columns}>
          {shown.map((game) => (
            <GameTile
              key={game.id}
              game={game}
              category={category.key}
              language={language}
              showBadges={home?.showBadges ?? false}
              vendorName={category.key === 'hash' ? undefined : vendorNames.get(game.manufacturer)}
              onOpen={onOpen}
            />
          ))}
        </div>
      ) : (
        <EmptyState
          icon="search"
          title={games.length ? t('search.noMatch') : t('home.noGames')}
          text={games.length ? t('search.noMatchText') : t('home.noGamesText')}
          testId="category-empty"
        />
      )}
    </section>
  );
}
