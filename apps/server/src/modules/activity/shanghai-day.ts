/**
 * Days of activities run in Asia/Shanghai, which keeps UTC+8 all year (no daylight saving), so a day
 * is plain arithmetic on instants.
 */
const OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of an instant in Asia/Shanghai. */
export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instants a Shanghai day runs between: [start, end). */
export function dayBounds(day: string): { start: Date; end: Date } {
  const start = Date.parse(`${day}T00:00:00.000Z`) - OFFSET_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/** The day `days` after `day` (negative for before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Where activities read the time; tests hand in a clock they move across day boundaries. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
