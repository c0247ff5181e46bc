import { IonPage } from '@ionic/react';
import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useResolvedPath } from 'react-router-dom';
import { LOGIN_PATH } from '../lib/navigation';
import { useSession } from '../state/session';

/** Shown inside the page while a screen's code loads; the page itself exists at once for Ionic's transition. */
function ScreenLoading() {
  return (
    <div className="screen-loading" data-testid="screen-loading">
      <span className="loading-overlay__spinner" />
    </div>
  );
}

/**
 * Every routed screen sits in an IonPage created outside its lazy boundary: Ionic registers the page
 * immediately and animates it in, and the screen's own chunk fills it when it arrives.
 */
export function Page({ children }: { children: ReactNode }) {
  return (
    <IonPage>
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
    </IonPage>
  );
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Signed-out players go to the login entry, remembering where they were heading. Ionic keeps the
 * pages a player has left in the document, still rendered: when the session ends while the player is
 * elsewhere (home, say), such a page must not pull them to the login screen, so only the screen in
 * view redirects. The others render nothing until the player comes back to them.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const location = useLocation();
  const own = useResolvedPath('.');
  if (!token) {
    if (trimSlash(own.pathname) !== trimSlash(location.pathname)) return null;
    return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
