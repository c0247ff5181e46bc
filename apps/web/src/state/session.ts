import type { Player } from '@lobby/contract';
import { create } from 'zustand';

export const TOKEN_STORAGE_KEY = 'lobby.token';

export interface ExperienceInfo {
  accountType: number;
  isSettlement: boolean;
}

export interface BulletinNotice {
  id: number;
  title: string;
  content: string;
}

/** The player as the session keeps it: without balances, whose one copy state/queries/balances holds. */
export type Profile = Omit<Player, 'balances'>;

export function profileOf(player: Profile | Player): Profile {
  if (!('balances' in player)) return player;
  const { balances: _held_elsewhere, ...profile } = player;
  return profile;
}

interface SessionState {
  token: string | null;
  player: Profile | null;
  /** Experience-gold state; null until the server has been asked. */
  experience: ExperienceInfo | null;
  /** Special-invite account type; null until the server has been asked. */
  specialType: number | null;
  /** Address the Client-IP header reports. */
  clientIp: string;
  /** Set when the heartbeat brought a bulletin right after signing in. */
  justLoggedIn: boolean;
  bulletin: BulletinNotice | null;
}

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const useSession = create<SessionState>(() => ({
  token: readToken(),
  player: null,
  experience: null,
  specialType: null,
  clientIp: '',
  justLoggedIn: false,
  bulletin: null,
}));

export function signIn(token: string, player: Profile | Player): void {
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // private mode: the session lasts for this tab only
  }
  useSession.setState({ token, player: profileOf(player), justLoggedIn: true });
}

export function setPlayer(player: Profile | Player): void {
  useSession.setState({ player: profileOf(player) });
}

/** Logout clears the token, the player, the experience state and the special-account type (SPEC section 4). */
export function clearSession(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored
  }
  useSession.setState({
    token: null,
    player: null,
    experience: null,
    specialType: null,
    justLoggedIn: false,
    bulletin: null,
  });
}

export const useIsLoggedIn = () => useSession((s) => s.token !== null);
