import type { Game } from '@lobby/contract';

const KEY = 'lobby.thirdGame';

/** The game being played and the launch address the server gave for it. */
export interface OpenThirdGame {
  game: Game;
  url: string;
}

/**
 * Entering a game stores it before /webview opens (SPEC section 4). It is kept for the tab, so a
 * reload of /webview, which carries no parameters of its own, shows the same game again.
 */
export function storeThirdGame(open: OpenThirdGame): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(open));
  } catch {
    // storage disabled: /webview will say there is no game to open
  }
}

export function readThirdGame(): OpenThirdGame | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<OpenThirdGame> | null;
    return value && typeof value.url === 'string' && value.game && typeof value.game === 'object' ? (value as OpenThirdGame) : null;
  } catch {
    return null;
  }
}

/** Once the player has left the game, its session is closed and /webview has nothing to show. */
export function forgetThirdGame(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
