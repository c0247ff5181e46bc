import { describe, expect, it } from 'vitest';
import { hourOf, isKnownZone, monthsLater, periodBounds } from './periods.ts';

describe('limit periods', () => {
  const at = new Date('2026-11-27T21:30:00Z'); // Saturday 05:30 in Shanghai

  it('runs days from midnight in Asia/Shanghai', () => {
    const { start, resetsAt } = periodBounds('day', at, 'Asia/Shanghai');
    expect(start.toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(resetsAt.toISOString()).toBe('2026-11-28T16:00:00.000Z');
  });

  it('runs weeks from Monday', () => {
    const { start, resetsAt } = periodBounds('week', at, 'Asia/Shanghai');
    expect(start.toISOString()).toBe('2026-11-22T16:00:00.000Z'); // Monday 23 November, Shanghai midnight
    expect(resetsAt.toISOString()).toBe('2026-11-29T16:00:00.000Z');
  });

  it('runs calendar months, across the year end', () => {
    const december = new Date('2026-12-31T17:00:00Z'); // 1 January 2027 01:00 in Shanghai
    expect(periodBounds('month', december, 'Asia/Shanghai').start.toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(periodBounds('month', at, 'Asia/Shanghai').resetsAt.toISOString()).toBe('2026-11-30T16:00:00.000Z');
  });

  it('follows another zone and its change of offset', () => {
    const { start, resetsAt } = periodBounds('day', new Date('2026-03-08T12:00:00Z'), 'America/New_York');
    expect(start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(resetsAt.toISOString()).toBe('2026-03-09T04:00:00.000Z'); // a 23-hour day
  });

  it('keys spend by the UTC hour', () => {
    expect(hourOf(new Date('2026-11-27T21:59:59.999Z')).toISOString()).toBe('2026-11-27T21:00:00.000Z');
  });

  it('counts self-exclusion months on the calendar', () => {
    expect(monthsLater(new Date('2026-11-27T00:00:00Z'), 6).toISOString()).toBe('2027-05-27T00:00:00.000Z');
  });

  it('knows IANA zones and refuses others', () => {
    expect(isKnownZone('Europe/London')).toBe(true);
    expect(isKnownZone('Mars/Olympus')).toBe(false);
  });
});
