import { create } from 'zustand';

const MINIMISED_KEY = 'lobby.autoBetPanel.minimised';

function readMinimised(): boolean {
  try {
    return localStorage.getItem(MINIMISED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether the player folded the auto-bet panel into its chip. Kept in localStorage, so a run left
 * minimised stays out of the way on every screen and after a reload.
 */
export const useAutoBetPanelMinimised = create<{ minimised: boolean }>(() => ({ minimised: readMinimised() }));

export function setAutoBetPanelMinimised(minimised: boolean): void {
  useAutoBetPanelMinimised.setState({ minimised });
  try {
    localStorage.setItem(MINIMISED_KEY, minimised ? '1' : '0');
  } catch {
    // storage disabled: the choice lasts until the page is left
  }
}
