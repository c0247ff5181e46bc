import { IonContent, IonPage } from '@ionic/react';
import { NavId, type HomeData } from '@lobby/contract';
import { memo, useDeferredValue, useEffect, useRef } from 'react';
import { categoryOf, visibleCategories } from '../../lib/games';
import { useHomeState } from '../../state/home';
import { useHomeData } from '../../state/queries/home';
import { useSettings } from '../../state/settings';
import { Banners } from './Banners';
import { CategoryNav, type CategoryNavHandle } from './CategoryNav';
import { CategoryPage } from './CategoryPage';
import { HomeBlocks } from './HomeBlocks';
import { HomeHeader } from './HomeHeader';
import { useEnterGame } from './useEnterGame';
import './home.css';

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

  const categories = visibleCategories(home?.navbar);
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
        <div className="home-body">
          {active.navId === NavId.HOME ? (
            <>
              <Banners enabled={Boolean(home?.imageUrl)} />
              <HomeBlocks
                home={home}
                categories={categories}
                loading={isPending}
                language={language}
                onAll={select}
                onOpen={enterGame}
              />
            </>
          ) : (
            <CategoryPage key={active.navId} home={home} category={active} language={language} onOpen={enterGame} />
          )}
        </div>
      </IonContent>
    </IonPage>
  );
});
