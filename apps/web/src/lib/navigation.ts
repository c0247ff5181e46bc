/**
 * Navigation for code that runs outside React components (the API client's logout and maintenance
 * handling). The router registers its navigate function once mounted.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | undefined;

export function setNavigator(navigate: Navigate | undefined): void {
  navigator = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else window.location.assign(to);
}

export function currentPath(): string {
  return window.location.pathname;
}

export const LOGIN_PATH = '/register?type=1';
export const SIGNUP_PATH = '/register';
