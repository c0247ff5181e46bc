import type { Game, HomeData } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { GameTile, GameTileSkeleton } from '../../components/GameTile';
import { CATEGORY_ICONS, Icon } from '../../components/Icon';
import { gamesOf, hasTransferAddress, type Category } from '../../lib/games';
import { HashCard } from './HashCard';
import { Pressable } from '../../components/Pressable';

interface HomeBlocksProps {
  home: HomeData | undefined;
  categories: Category[];
  loading: boolean;
  language: string;
  onAll(navId: number): void;
  onOpen(game: Game): void;
}

function vendorNames(home: HomeData | undefined) {
  return new Map((home?.manufacturers ?? []).map((m) => [m.abbr, m.name]));
}

/** Home: one block per category in navigation order, each with its 'All' shortcut. */
export function HomeBlocks({ home, categories, loading, language, onAll, onOpen }: HomeBlocksProps) {
  const { t } = useTranslation();
  const vendors = vendorNames(home);

  if (loading) {
    return (
      <div className="home-blocks" aria-busy="true">
        {/* Keys apart from the real blocks' (navigation ids): a reused skeleton would jump into place. */}
        {['skeleton-a', 'skeleton-b'].map((key) => (
          <section className="home-block" key={key}>
            <div className="home-block__head">
              <span className="skeleton skeleton--title" />
            </div>
            <div className="game-row">
              {[0, 1, 2, 3].map((j) => (
                <GameTileSkeleton key={j} />
              ))}
            </div>
          </section>
        ))}
      </div>
    );
  }

  const blocks = categories
    .filter((c) => c.list)
    .map((category) => {
      const all = gamesOf(home, category);
      const games = category.key === 'hash' ? all.filter(hasTransferAddress) : all;
      return { category, games };
    })
    .filter((b) => b.games.length > 0);

  if (blocks.length === 0) {
    return <EmptyState icon="slot" title={t('home.noGames')} text={t('home.noGamesText')} testId="home-empty" />;
  }

  // The first two rows of tiles fill the first screen under the hash cards; their first logos are
  // fetched at once instead of after layout.
  const firstRows = blocks
    .filter((b) => b.category.key !== 'hash')
    .slice(0, 2)
    .map((b) => b.category.key);

  return (
    <div className="home-blocks">
      {blocks.map(({ category, games }) => (
        <section className="home-block" key={category.navId} data-testid={`home-block-${category.key}`}>
          <div className="home-block__head">
            <span className={`home-block__icon home-block__icon--${category.key}`}>
              <Icon name={CATEGORY_ICONS[category.key]} />
            </span>
            <h2 className="home-block__title">{t(`category.${category.key}`)}</h2>
            <Pressable type="button" className="home-block__all" onClick={() => onAll(category.navId)} data-testid={`block-all-${category.key}`}>
              {t('home.all')}
              <Icon name="chevronRight" className="flip-rtl" />
            </Pressable>
          </div>
          {category.key === 'hash' ? (
            <div className="hash-cards">
              {games.map((game) => (
                <HashCard key={game.id} game={game} language={language} />
              ))}
            </div>
          ) : (
            <div className="game-row">
              {games.map((game, index) => (
                <GameTile
                  key={game.id}
                  game={game}
                  category={category.key}
                  language={language}
                  showBadges={home?.showBadges ?? false}
                  vendorName={vendors.get(game.manufacturer)}
                  eager={index < 4 && firstRows.includes(category.key)}
                  onOpen={onOpen}
                />
              ))}
            </div>
          )}
        </section>
      ))}
    </div>
  );
}
