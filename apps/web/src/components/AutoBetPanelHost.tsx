import { lazy, Suspense, useEffect } from 'react';
import { showAutoBetLog, useAutoBetPanel, useAutoBetStatus } from '../state/queries/auto-bet';
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
  const open = status.data?.isOpen === true && status.data.gameId !== null;
  // A run found open (after a reload, say) keeps its log up when it ends, until the player closes it,
  // as a run started on this page does: the player sees why it stopped.
  useEffect(() => {
    if (open && !panel.shown) showAutoBetLog(status.data!.gameId!, status.data!.simulate);
  }, [open, panel.shown, status.data]);
  if (!loggedIn) return null;
  if (!open && !panel.shown) return null;
  const gameId = panel.shown && panel.gameId !== null ? panel.gameId : status.data!.gameId!;
  const simulate = panel.shown && panel.gameId !== null ? panel.simulate : status.data!.simulate;
  return (
    <Suspense fallback={null}>
      <AutoBetPanel gameId={gameId} simulate={simulate} />
    </Suspense>
  );
}
