import type { FoundGame, Game, HomeData } from '@lobby/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { GameTile } from '../../components/GameTile';
import { Icon } from '../../components/Icon';
import { Pressable } from '../../components/Pressable';
import { categoryOf, gridColumns } from '../../lib/games';
import { searchKeyword, useGameSearch } from '../../state/queries/shelves';

/** How long typing pauses before the server is asked: one search per word, not per letter. */
const TYPING_PAUSE_MS = 250;

interface LobbySearchBoxProps {
  value: string;
  onChange(value: string): void;
}

/** The Lobby tab's search box: every category and vendor at once, where a category page searches its own games. */
export function LobbySearchBox({ value, onChange }: LobbySearchBoxProps) {
  const { t } = useTranslation();
  return (
    <div className="lobby-search">
      <label className="search-bar__name">
        <Icon name="search" />
        <input
          type="search"
          value={value}
          placeholder={t('shelf.searchAll')}
          aria-label={t('shelf.searchAll')}
          onChange={(e) => onChange(e.target.value)}
          enterKeyHint="search"
          data-testid="lobby-search"
        />
        {value && (
          <Pressable className="lobby-search__clear" onClick={() => onChange('')} aria-label={t('shelf.clearSearch')} data-testid="lobby-search-clear">
            <Icon name="close" />
          </Pressable>
        )}
      </label>
    </div>
  );
}

interface LobbySearchResultsProps {
  text: string;
  home: HomeData | undefined;
  language: string;
  onOpen(game: Game): void;
}

/** What the search found, each tile saying which category it is in and who makes it. */
export function LobbySearchResults({ text, home, language, onOpen }: LobbySearchResultsProps) {
  const { t } = useTranslation();
  const keyword = useSettled(searchKeyword(text));
  const { data, isFetching, isError } = useGameSearch(keyword);
  const found: FoundGame[] = keyword ? (data ?? []) : [];
  const waiting = keyword !== searchKeyword(text) || (isFetching && !data);

  if (found.length === 0) {
    if (waiting) return <div className="lobby-search__status" aria-busy="true" data-testid="lobby-search-busy" />;
    return <EmptyState icon="search" title={isError ? t('home.noGames') : t('search.noMatch')} text={t('shelf.noMatchText')} testId="lobby-search-empty" />;
  }
  const columns = gridColumns(found.length);
  return (
    <section className="lobby-search__results" data-testid="lobby-search-results" aria-busy={waiting}>
      <div className={`game-grid game-grid--${columns}`} data-columns={columns}>
        {found.map(({ game, navId, vendorName }) => {
          const category = categoryOf(navId) ?? categoryOf(10)!;
          return (
            <GameTile
              key={game.id}
              game={game}
              category={category.key}
              language={language}
              showBadges={home?.showBadges ?? false}
              vendorName={`${t(`category.${category.key}`)} · ${vendorName}`}
              onOpen={onOpen}
            />
          );
        })}
      </div>
    </section>
  );
}

/** The value once it has stayed the same for a typing pause. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === settled) return;
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value, settled]);
  return settled;
}
