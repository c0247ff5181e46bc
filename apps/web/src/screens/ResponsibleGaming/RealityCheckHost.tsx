import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { navigateTo } from '../../lib/navigation';
import { useLogout } from '../../state/queries/player';
import { fetchRealityCheck, protectionKeys, useProtection, useRealityCheck, type RealityCheck } from '../../state/queries/protection';
import type { RealityCheckChoice } from './RealityCheckDialog';

const RealityCheckDialog = lazy(() => import('./RealityCheckDialog'));

const SEEN_KEY = 'lobby.realityCheck';

interface Seen {
  /** The session (its start) and the interval the count belongs to. */
  session: string;
  minutes: number;
  /** How many intervals of the session have been shown (or had passed when this tab learned of it). */
  count: number;
}

function readSeen(): Seen | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? 'null') as Seen | null;
    return value && typeof value.session === 'string' && typeof value.count === 'number' ? value : null;
  } catch {
    return null;
  }
}

function writeSeen(seen: Seen): void {
  try {
    sessionStorage.setItem(SEEN_KEY, JSON.stringify(seen));
  } catch {
    // Private mode without storage: the count lives as long as the page.
  }
}

/** Whole intervals of the session passed by this device's clock. */
export const intervalsPassed = (sessionStartedAt: string, minutes: number, now = Date.now()) =>
  Math.max(0, Math.floor((now - Date.parse(sessionStartedAt)) / (minutes * 60_000)));

/**
 * RTS 13 reality checks, over the whole app (the third-party game in /webview included): every
 * interval the player chose, counted from the start of the session the server reports, the session's
 * time and net result with "continue", "see my history" and "stop". The count runs on this device's
 * clock against the server's session start, so a reload does not restart it, and a tab that learns of
 * a session already under way waits for its next interval.
 */
export function RealityCheckHost() {
  const client = useQueryClient();
  const logout = useLogout();
  const { data: protection } = useProtection();
  const minutes = protection?.realityCheckMinutes ?? 0;
  const { data: session } = useRealityCheck(minutes > 0);
  const [shown, setShown] = useState<{ check: RealityCheck; count: number } | null>(null);
  const start = session?.sessionStartedAt;

  useEffect(() => {
    if (!start || minutes <= 0 || shown) return;
    let stored = readSeen();
    if (!stored || stored.session !== start || stored.minutes !== minutes) {
      stored = { session: start, minutes, count: intervalsPassed(start, minutes) };
      writeSeen(stored);
    }
    const seen = stored.count;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const due = intervalsPassed(start, minutes);
      if (due <= seen) {
        const next = Date.parse(start) + (seen + 1) * minutes * 60_000;
        // Timers fire early past about 24.8 days; an hour is the longest interval.
        timer = setTimeout(() => void check(), Math.min(Math.max(next - Date.now(), 0) + 50, 2_000_000_000));
        return;
      }
      // The net result as it stands now; a new session (signed in again) starts its own count.
      const fresh = await fetchRealityCheck(controller.signal).catch(() => undefined);
      if (controller.signal.aborted) return;
      if (!fresh) {
        timer = setTimeout(() => void check(), 30_000);
        return;
      }
      client.setQueryData(protectionKeys.realityCheck(), fresh);
      if (fresh.sessionStartedAt !== start) return;
      setShown({ check: fresh, count: due });
    };
    void check();
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [client, start, minutes, shown]);

  const choose = useCallback(
    (choice: RealityCheckChoice) => {
      if (!shown || !start) return;
      writeSeen({ session: start, minutes, count: shown.count });
      setShown(null);
      if (choice === 'history') navigateTo('/betRecord');
      if (choice === 'stop') {
        // Stop ends the session: signed out, on the lobby's home.
        navigateTo('/home', { replace: true });
        logout.mutate();
      }
    },
    [shown, start, minutes, logout],
  );

  if (!shown || minutes <= 0) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog check={shown.check} onChoose={choose} />
    </Suspense>
  );
}
