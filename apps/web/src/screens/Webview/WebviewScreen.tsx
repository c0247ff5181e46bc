import { useIonRouter } from '@ionic/react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation, useResolvedPath } from 'react-router-dom';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { Pressable } from '../../components/Pressable';
import { gameName } from '../../lib/games';
import { useExitThirdGame, useRefreshBalances } from '../../state/queries/thirdGame';
import { useSettings } from '../../state/settings';
import { GameBalance } from '../Bonus/SplitLine';
import { forgetThirdGame, readThirdGame, type OpenThirdGame } from './thirdGame';
import './webview.css';

/** A game that has not drawn its first page by then is reported as not loading; the player may retry. */
export const GAME_LOAD_TIMEOUT_MS = 20_000;

/** What the game frame may do: run its scripts, talk to its own origin (its wallet session), send forms. */
export const GAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms';

/** The lobby, where the game's ways out lead. */
export const LOBBY_PATH = '/home';

/** The launch address's origin, or null when it is not a web address a frame may open. */
export function gameOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The part of the Navigation API used here (Chromium, Android's WebView); absent elsewhere. */
interface HistoryEntries {
  currentEntry: { index: number; key: string } | null;
  entries(): { key: string }[];
  traverseTo(key: string): unknown;
}
const historyEntries = () => (window as { navigation?: HistoryEntries }).navigation;

/** The key of this document's history entry before the current one, where the API tells it. */
function previousEntryKey(): string | undefined {
  const entries = historyEntries();
  const index = entries?.currentEntry?.index ?? -1;
  return index > 0 ? entries?.entries()[index - 1]?.key : undefined;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

type FrameState = 'loading' | 'ready' | 'failed';

/**
 * A third-party game (SPEC section 4): the game the tile stored on entering, full screen under one
 * slim bar. Ionic keeps this page in the document after the player leaves and shows the same page
 * again for the next game, so every arrival at /webview (a history entry of its own) gets a fresh
 * game view with a new frame: a frame reused for the next game would start by loading the last one.
 */
export default function WebviewScreen() {
  const location = useLocation();
  const own = useResolvedPath('.');
  const here = trimSlash(location.pathname) === trimSlash(own.pathname);
  const [entry, setEntry] = useState(() => ({ key: location.key, open: readThirdGame() }));
  if (here && entry.key !== location.key) setEntry({ key: location.key, open: readThirdGame() });
  return <GameView key={entry.key} open={entry.open} here={here} />;
}

function GameView({ open, here }: { open: OpenThirdGame | null; here: boolean }) {
  const { t } = useTranslation();
  const router = useIonRouter();
  const language = useSettings((s) => s.language);
  const exit = useExitThirdGame();
  const [frame, setFrame] = useState<FrameState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [full, setFull] = useState(false);
  // Once left (by any way), the session is closed: this view never shows the game again. While the
  // page slides out it stays blank; shown again later (the phone's forward), it says there is no game.
  const [left, setLeft] = useState(false);
  const [away, setAway] = useState(false);
  const leftRef = useRef(false);

  const leave = useCallback(() => {
    if (leftRef.current) return;
    leftRef.current = true;
    setLeft(true);
    setFull(false);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    // A game entered since (a quick tap on the next tile) is not this one's to forget.
    if (readThirdGame()?.url === open?.url) forgetThirdGame();
    if (open) void exit(open.game.id);
  }, [exit, open]);

  // Ionic keeps a page the player has left in the document, so leaving is told by the route too:
  // the app's back arrow, the phone's back, a tab or any other change of route.
  useEffect(() => {
    if (here) return;
    leave();
    setAway(true);
  }, [here, leave]);

  // Unmounting leaves too. Deferred, so that a rehearsal unmount (React's strict mode) followed by
  // the same view mounting again does not close the game the player is looking at.
  const pendingLeave = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    clearTimeout(pendingLeave.current);
    return () => {
      pendingLeave.current = setTimeout(leave, 0);
    };
  }, [leave]);

  const origin = open ? gameOrigin(open.url) : null;

  useEffect(() => {
    if (!origin || frame !== 'loading' || left) return;
    const timer = setTimeout(() => setFrame('failed'), GAME_LOAD_TIMEOUT_MS);
    const offline = () => setFrame('failed');
    window.addEventListener('offline', offline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
    };
  }, [origin, frame, attempt, left]);

  // The system's own way out of full screen (a swipe, Escape) gives the bar back.
  useEffect(() => {
    const changed = () => {
      if (!document.fullscreenElement) setFull(false);
    };
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  // The history entry the game was opened from (the lobby's), as the player arrived.
  const [from] = useState(previousEntryKey);
  /**
   * Every way out within the app goes back as the phone's back does, in the browser's history, when
   * there is a page of this load to go back to: Ionic's own back guessed from its record of tabs and,
   * after a tab switch, replaced the address without leaving /webview. The step goes to the app's own
   * entry before the game where the browser can name it: a game that navigated inside its frame
   * added entries of its own to the history, which a plain step back would only undo. Without a page
   * to go back to (the game page opened by its address), to the lobby as a new start.
   */
  const back = (fresh = false) => {
    flushSync(leave);
    const inAppEntry = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    if (!inAppEntry) {
      router.push(LOBBY_PATH, fresh ? 'root' : 'back', 'replace');
      return;
    }
    const entries = historyEntries();
    if (from && entries?.entries().some((entry) => entry.key === from)) entries.traverseTo(from);
    else window.history.back();
  };

  // A game may speak to its host (the demo aggregator's do): 'lobby' asks to leave, 'balance' says
  // the wallet moved. Only the frame's own window is heard: at the game's origin, or at the app's
  // own when the game followed its lobby URL (game-lobby.html) inside the frame.
  const frameRef = useRef<HTMLIFrameElement>(null);
  const refreshBalances = useRefreshBalances();
  const onLobby = useRef(() => back());
  onLobby.current = () => back();
  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frameRef.current?.contentWindow) return;
      if (event.origin !== origin && event.origin !== window.location.origin) return;
      const type = (event.data as { type?: unknown } | null)?.type;
      if (type === 'lobby') onLobby.current();
      else if (type === 'balance') refreshBalances();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, refreshBalances]);

  const toggleFull = () => {
    const next = !full;
    setFull(next);
    // Where the browser allows it, its own bars go too; where not (iOS), the app's bar alone.
    if (next) void document.documentElement.requestFullscreen?.({ navigationUI: 'hide' }).catch(() => undefined);
    else if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  };

  const retry = () => {
    setFrame('loading');
    setAttempt((n) => n + 1);
  };

  const gone = !open || (away && here);
  const title = gone ? t('webview.noGameTitle') : gameName(open.game, language);
  const playing = !!open && !left && !!origin && frame !== 'failed';

  let body: ReactNode;
  if (gone) {
    body = (
      <EmptyState
        icon="slot"
        title={t('webview.noGameTitle')}
        text={t('webview.noGameText')}
        testId="webview-no-game"
        action={
          <Button onClick={() => back(true)} data-testid="webview-home">
            {t('webview.toLobby')}
          </Button>
        }
      />
    );
  } else if (left) {
    body = null;
  } else if (!origin || frame === 'failed') {
    body = (
      <EmptyState
        icon="slot"
        title={t('webview.failedTitle')}
        text={t('webview.failedText')}
        testId="webview-failed"
        action={
          <div className="webview-actions">
            {origin && (
              <Button onClick={retry} data-testid="webview-retry">
                {t('webview.retry')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => back(true)} data-testid="webview-home">
              {t('webview.toLobby')}
            </Button>
          </div>
        }
      />
    );
  } else if (here) {
    body = (
      <>
        <iframe
          key={attempt}
          ref={frameRef}
          className="webview-frame"
          src={open.url}
          title={title}
          sandbox={GAME_SANDBOX}
          allow={`autoplay ${origin}; fullscreen ${origin}`}
          referrerPolicy="origin"
          onLoad={() => setFrame('ready')}
          data-testid="webview-frame"
        />
        {frame === 'loading' && (
          <div className="webview-loading" data-testid="webview-loading" aria-busy="true">
            <span className="loading-overlay__spinner" />
            <p>{t('webview.loading')}</p>
            <GameBalance />
          </div>
        )}
      </>
    );
  }

  return (
    <div className={full && playing ? 'webview webview--full' : 'webview'} data-testid="screen-webview">
      <header className="webview-bar">
        <Pressable className="webview-bar__button" onClick={() => back()} aria-label={t('common.back')} data-testid="webview-back">
          <Icon name="back" className="flip-rtl" />
        </Pressable>
        <h1 className="webview-bar__title" data-testid="screen-title">
          {title}
        </h1>
        {playing && (
          <Pressable className="webview-bar__button" onClick={toggleFull} aria-label={t('webview.fullScreen')} data-testid="webview-full">
            <Icon name="expand" />
          </Pressable>
        )}
      </header>
      <div className="webview-stage">
        {body}
        {full && playing && (
          <Pressable className="webview-bar__button webview-unfull" onClick={toggleFull} aria-label={t('webview.exitFullScreen')} data-testid="webview-unfull">
            <Icon name="shrink" />
          </Pressable>
        )}
      </div>
    </div>
  );
}
