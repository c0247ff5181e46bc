import type { LimitPeriod } from '@lobby/contract';

/**
 * Limit periods (PROTECTION.md "Limits"): days, Monday weeks and calendar months in the operator's
 * zone (Asia/Shanghai unless configured). Spend is kept per UTC hour, so a period is the hours from
 * its start; zones a whole number of hours from UTC are exact, others round to the hour.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether `zone` is an IANA zone this runtime knows. */
export function isKnownZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

interface LocalDate {
  year: number;
  month: number;
  day: number;
  /** 0 Monday … 6 Sunday. */
  weekday: number;
}

function localParts(at: Date, zone: string): LocalDate & { offsetMs: number } {
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const asUtc = Date.UTC(year, month - 1, day, Number(parts.hour), Number(parts.minute), Number(parts.second));
  return { year, month, day, weekday: WEEKDAYS.indexOf(parts.weekday ?? 'Mon'), offsetMs: asUtc - Math.floor(at.getTime() / 1000) * 1000 };
}

/** The instant local midnight starts `year-month-day` in `zone` (a day rolled over by Date.UTC if out of range). */
function localMidnight(year: number, month: number, day: number, zone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  // Two passes settle a guess made across a change of offset.
  let at = guess - localParts(new Date(guess), zone).offsetMs;
  at = guess - localParts(new Date(at), zone).offsetMs;
  return new Date(at);
}

/** When the period holding `at` began, and when the next one begins (the limit's reset). */
export function periodBounds(period: LimitPeriod, at: Date, zone: string): { start: Date; resetsAt: Date } {
  const local = localParts(at, zone);
  if (period === 'day') {
    return { start: localMidnight(local.year, local.month, local.day, zone), resetsAt: localMidnight(local.year, local.month, local.day + 1, zone) };
  }
  if (period === 'week') {
    const monday = local.day - local.weekday;
    return { start: localMidnight(local.year, local.month, monday, zone), resetsAt: localMidnight(local.year, local.month, monday + 7, zone) };
  }
  return { start: localMidnight(local.year, local.month, 1, zone), resetsAt: localMidnight(local.year, local.month + 1, 1, zone) };
}

/** The start of the hour holding `at`: the key of the spend rows. */
export function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
}

/** Whole calendar months later, in UTC (self-exclusion periods). */
export function monthsLater(at: Date, months: number): Date {
  const next = new Date(at.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}
