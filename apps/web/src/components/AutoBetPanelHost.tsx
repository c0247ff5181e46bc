import { lazy, Suspense } from 'react';
import { useAutoBetPanel, useAutoBetStatus } from '../state/queries/auto-bet';
import { useIsLoggedIn } from '../state/session';

const AutoBetPanel = lazy(() => import('./AutoBetPanel'));

/**
 * The operation-log panel over every screen while the player is logged in and an auto-bet runs or
 * its log was opened. Only the status check is in the first download; the panel loads when shown.
 */
export function AutoBetPanelHost() {
  const loggedIn = useIsLoggedIn();
  const status = useAutoBetStatus();
  const panel = useAutoBetPanel();
  if (!loggedIn) return null;
  const open = status.data?.isOpen === true && status.data.gameId !== null;
  if (!open && !panel.shown) return null;
  const gameId = panel.shown && panel.gameId !== null ? panel.gameId : status.data!.gameId!;
  const simulate = panel.shown && panel.gameId !== null ? panel.simulate : status.data!.simulate;
  return (
    <Suspense fallback={null}>
      <AutoBetPanel gameId={gameId} simulate={simulate} />
    </Suspense>
  );
}
