import { GameType, type Game, type HomeData } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { GameTile } from '../../components/GameTile';
import { Icon, type IconName } from '../../components/Icon';
import { CATEGORIES, type CategoryKey } from '../../lib/games';
import { useFavourites, useRecentGames } from '../../state/queries/shelves';

/** The category a game's tile is drawn in: its game type's, mini games with crypto. */
export function categoryKeyOf(game: Pick<Game, 'gameType'>): CategoryKey {
  const navId = game.gameType === GameType.MINI ? GameType.CRYPTO : game.gameType;
  return CATEGORIES.find((c) => c.navId === navId)?.key ?? 'slot';
}

interface ShelvesProps {
  home: HomeData | undefined;
  language: string;
  onOpen(game: Game): void;
}

/** A signed-in player's own rows on the lobby: recently played, then favourites; a row with nothing in it is not shown. */
export function Shelves({ home, language, onOpen }: ShelvesProps) {
  const { data: recent } = useRecentGames();
  const { data: favourites } = useFavourites();
  return (
    <>
      <Shelf kind="recent" icon="clock" games={recent} home={home} language={language} onOpen={onOpen} />
      <Shelf kind="favourites" icon="heart" games={favourites} home={home} language={language} onOpen={onOpen} />
    </>
  );
}

function Shelf({ kind, icon, games, home, language, onOpen }: { kind: 'recent' | 'favourites'; icon: IconName; games: Game[] | undefined } & ShelvesProps) {
  const { t } = useTranslation();
  if (!games?.length) return null;
  const vendors = new Map((home?.manufacturers ?? []).map((m) => [m.abbr, m.name]));
  return (
    <section className="home-block" data-testid={`shelf-${kind}`}>
      <div className="home-block__head">
        <span className={`home-block__icon shelf__icon shelf__icon--${kind}`}>
          <Icon name={icon} />
        </span>
        <h2 className="home-block__title">{t(`shelf.${kind}`)}</h2>
      </div>
      <div className="game-row">
        {games.map((game) => (
          <GameTile
            key={game.id}
            game={game}
            category={categoryKeyOf(game)}
            language={language}
            showBadges={home?.showBadges ?? false}
            vendorName={vendors.get(game.manufacturer)}
            onOpen={onOpen}
          />
        ))}
      </div>
    </section>
  );
}
