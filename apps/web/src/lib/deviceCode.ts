const KEY = 'lobby.deviceCode';

let memory: string | undefined;

function randomCode(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * This install's random id, sent with every call as the Device-Code header. A device that passed
 * two-factor at sign-in (or enrolled it) is not asked again there; a new one is, and the player is
 * mailed. Kept in localStorage; without storage it lasts as long as the page.
 */
export function deviceCode(): string {
  if (memory) return memory;
  try {
    const stored = localStorage.getItem(KEY);
    if (stored && /^[0-9a-f]{32}$/.test(stored)) return (memory = stored);
    memory = randomCode();
    localStorage.setItem(KEY, memory);
  } catch {
    memory ??= randomCode();
  }
  return memory;
}
