import type { Game } from '@lobby/contract';

const KEY = 'lobby.thirdGame';

/** The game being entered survives a reload of /webview, which carries no parameters of its own. */
export function storeThirdGame(game: Game): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(game));
  } catch {
    // storage disabled: /webview will say there is no game to open
  }
}

export function readThirdGame(): Game | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Game) : null;
  } catch {
    return null;
  }
}
