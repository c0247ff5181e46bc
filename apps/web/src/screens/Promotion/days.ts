/** Referral and report days are Asia/Shanghai calendar days (ECONOMY.md), whatever the phone's timezone. */
const SHANGHAI_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Today in Shanghai as `YYYY-MM-DD`. */
export const shanghaiDay = (now: Date = new Date()): string => SHANGHAI_DAY.format(now);

/** The calendar day `delta` days from `day` (both `YYYY-MM-DD`). */
export function shiftDay(day: string, delta: number): string {
  const time = Date.parse(`${day}T00:00:00Z`) + delta * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** A real calendar day, not after today. */
export function isPlayableDay(day: string, today: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(day) && day <= today && day >= '2000-01-01';
}

/** "+3" kept in this order inside a right-to-left sentence (Unicode isolate marks). */
export const plusCount = (count: number): string => `\u2066+${count}\u2069`;
