import { IonContent, IonPage } from '@ionic/react';
import { NavId, type Game, type HomeData } from '@lobby/contract';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FavouritesContext, type Favourites } from '../../components/FavouriteToggle';
import { categoryOf, gamesOf, isHashGame, visibleCategories } from '../../lib/games';
import { useHomeState } from '../../state/home';
import { useHomeData } from '../../state/queries/home';
import { FavouritesFullError, useFavourites, useRecordPlayed, useToggleFavourite } from '../../state/queries/shelves';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { showToast } from '../../state/ui';
import { Banners } from './Banners';
import { CategoryNav, type CategoryNavHandle } from './CategoryNav';
import { CategoryPage } from './CategoryPage';
import { HomeBlocks } from './HomeBlocks';
import { HomeHeader } from './HomeHeader';
import { LobbySearchBox, LobbySearchResults } from './LobbySearch';
import { Shelves } from './Shelves';
import { useEnterGame } from './useEnterGame';
import './home.css';
import './shelves.css';

/**
 * Memoised: Ionic's outlets re-render their routes as pages come and go, and the lobby, with its
 * hundred tiles, has nothing to redo then.
 */
export const HomeScreen = memo(function HomeScreen() {
  const language = useSettings((s) => s.language);
  const { data: latest, isError } = useHomeData();
  // A hundred tiles arrive at once. They are rendered in the background, in slices, while the
  // skeleton stays up, rather than in one long task that freezes the page; on the first render too,
  // when the lobby may already be loaded (React treats an undefined initial value as none, hence null).
  const home = useDeferredValue<HomeData | null | undefined>(latest, null) ?? undefined;
  const isPending = home === undefined && !isError;
  const activeNav = useHomeState((s) => s.activeNav);
  const setActiveNav = useHomeState((s) => s.setActiveNav);
  const nav = useRef<CategoryNavHandle>(null);
  const content = useRef<HTMLIonContentElement>(null);
  const enterGame = useEnterGame();
  const recordPlayed = useRecordPlayed();
  const favourites = useFavouritesOnTiles();
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';

  // Entering a game puts it first in the player's recently played row.
  const openGame = useCallback(
    async (game: Game) => {
      await enterGame(game);
      await recordPlayed(game, isHashGame(game));
    },
    [enterGame, recordPlayed],
  );

  // A category with no game to show is left out of the bar rather than opening on an empty page.
  const categories = visibleCategories(home?.navbar).filter((c) => !home || !c.list || gamesOf(home, c).length > 0);
  // A category the server switched off falls back to home.
  const active = categories.find((c) => c.navId === activeNav) ?? categoryOf(NavId.HOME)!;

  // Another category starts at its top. The first one already is there, and asking Ionic to scroll
  // would only force a layout while the lobby is being built.
  const shownNav = useRef(active.navId);
  useEffect(() => {
    if (shownNav.current === active.navId) return;
    shownNav.current = active.navId;
    void content.current?.scrollToTop(0);
  }, [active.navId]);

  const select = (navId: number) => {
    setActiveNav(navId);
    nav.current?.scrollTo(navId);
  };

  return (
    <IonPage data-testid="screen-home">
      <HomeHeader />
      <CategoryNav ref={nav} categories={categories} active={active.navId} loading={isPending} onSelect={select} />
      <IonContent ref={content} className="home-content">
        <FavouritesContext.Provider value={favourites}>
          <div className="home-body">
            {active.navId === NavId.HOME ? (
              <>
                <LobbySearchBox value={query} onChange={setQuery} />
                {searching ? (
                  <LobbySearchResults text={query} home={home} language={language} onOpen={openGame} />
                ) : (
                  <>
                    <Banners enabled={Boolean(home?.imageUrl)} />
                    <Shelves home={home} language={language} onOpen={openGame} />
                    <HomeBlocks home={home} categories={categories} loading={isPending} language={language} onAll={select} onOpen={openGame} />
                  </>
                )}
              </>
            ) : (
              <CategoryPage key={active.navId} home={home} category={active} language={language} onOpen={openGame} />
            )}
          </div>
        </FavouritesContext.Provider>
      </IonContent>
    </IonPage>
  );
});

/** The hearts on the tiles, for a signed-in player: which games are favourites, and a tap to change one. */
function useFavouritesOnTiles(): Favourites | null {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const { data } = useFavourites();
  const toggle = useToggleFavourite();
  return useMemo(() => {
    if (!token) return null;
    const ids = new Set((data ?? []).map((game) => game.id));
    return {
      has: (gameId) => ids.has(gameId),
      toggle: (game) => {
        toggle(game, !ids.has(game.id)).catch((error: unknown) => {
          if (error instanceof FavouritesFullError) showToast(t('shelf.favouritesFull', { cap: error.cap }), 'failure');
        });
      },
    };
  }, [token, data, toggle, t]);
}
