import { useIonRouter } from '@ionic/react';
import { useCallback, useEffect, useRef, useState } from 'react';
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

/** The launch address's origin, or null when it is not a web address a frame may open. */
export function gameOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

type FrameState = 'loading' | 'ready' | 'failed';

/**
 * A third-party game, full screen under a slim bar with the way back and the game's name. The game
 * comes from what the tile stored on entering (SPEC section 4). Leaving, by the back button or any
 * other change of route, closes the session on the server, whose answer brings the balances after
 * the last win into the lobby.
 */
export default function WebviewScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const language = useSettings((s) => s.language);
  const exit = useExitThirdGame();
  const [open, setOpen] = useState<OpenThirdGame | null>(readThirdGame);
  const [frame, setFrame] = useState<FrameState>('loading');
  const [attempt, setAttempt] = useState(0);
  const left = useRef(false);

  // Ionic keeps a page the player has left in the document, so leaving is told by the route too.
  const location = useLocation();
  const own = useResolvedPath('.');
  const here = trimSlash(location.pathname) === trimSlash(own.pathname);

  const leave = useCallback(() => {
    if (left.current) return;
    left.current = true;
    forgetThirdGame();
    if (open) void exit(open.game.id);
  }, [exit, open]);

  useEffect(() => {
    if (!here) {
      leave();
      return;
    }
    if (left.current) {
      // The page came back into view for a game entered since: show that one.
      left.current = false;
      setOpen(readThirdGame());
      setFrame('loading');
    }
  }, [here, leave]);

  // Unmounting leaves too. Deferred, so that a rehearsal unmount (React's strict mode) followed by
  // the same page mounting again does not close the game the player is looking at.
  const pendingLeave = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    clearTimeout(pendingLeave.current);
    return () => {
      pendingLeave.current = setTimeout(leave, 0);
    };
  }, [leave]);

  const origin = open ? gameOrigin(open.url) : null;

  useEffect(() => {
    if (!origin || frame !== 'loading') return;
    const timer = setTimeout(() => setFrame('failed'), GAME_LOAD_TIMEOUT_MS);
    const offline = () => setFrame('failed');
    window.addEventListener('offline', offline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
    };
  }, [origin, frame, attempt]);

  // A game may speak to its host (the demo aggregator's do): 'lobby' asks to leave, 'balance' says
  // the wallet moved. Only the frame's own window at the game's origin is heard.
  const frameRef = useRef<HTMLIFrameElement>(null);
  const refreshBalances = useRefreshBalances();
  const onLobby = useRef<() => void>(() => {});
  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frameRef.current?.contentWindow) return;
      const type = (event.data as { type?: unknown } | null)?.type;
      if (type === 'lobby') onLobby.current();
      else if (type === 'balance') refreshBalances();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, refreshBalances]);

  const goBack = () => {
    leave();
    if (router.canGoBack()) router.goBack();
    else router.push('/home', 'back', 'replace');
  };
  const goHome = () => {
    leave();
    router.push('/home', 'root', 'replace');
  };
  onLobby.current = goBack;
  const retry = () => {
    setFrame('loading');
    setAttempt((n) => n + 1);
  };

  const title = open ? gameName(open.game, language) : t('webview.noGameTitle');

  let body;
  if (!open) {
    body = (
      <EmptyState
        icon="slot"
        title={t('webview.noGameTitle')}
        text={t('webview.noGameText')}
        testId="webview-no-game"
        action={
          <Button onClick={goHome} data-testid="webview-home">
            {t('webview.toLobby')}
          </Button>
        }
      />
    );
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
            <Button variant="secondary" onClick={goHome} data-testid="webview-home">
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
          allowFullScreen
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
    <div className="webview" data-testid="screen-webview">
      <header className="webview-bar">
        <Pressable className="webview-bar__back" onClick={goBack} aria-label={t('common.back')} data-testid="webview-back">
          <Icon name="back" className="flip-rtl" />
        </Pressable>
        <h1 className="webview-bar__title" data-testid="screen-title">
          {title}
        </h1>
      </header>
      <div className="webview-stage">{body}</div>
    </div>
  );
}
