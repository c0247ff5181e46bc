import { describe, expect, it } from 'vitest';
import { NOTICE_DELAY_MS, NOTICE_RECHECK_MS, NoticeSchedule, PLAY_RECHECK_MS } from './notice-schedule.ts';

describe('when a noticed player is looked at', () => {
  it('looks at players noticed together once, NOTICE_DELAY_MS after the event', () => {
    const schedule = new NoticeSchedule();
    schedule.notice([1, 2], 0);
    schedule.notice([1], 10);
    expect(schedule.take(NOTICE_DELAY_MS - 1, 10)).toEqual([]);
    expect(schedule.take(NOTICE_DELAY_MS + 10, 10)).toEqual([1, 2]);
    expect(schedule.next()).toBeUndefined();
  });

  it('looks at a player again no sooner than NOTICE_RECHECK_MS after the last look', () => {
    const schedule = new NoticeSchedule();
    schedule.notice([1], 0);
    expect(schedule.take(NOTICE_DELAY_MS, 10)).toEqual([1]);
    schedule.notice([1], 2_000);
    expect(schedule.next()).toBe(NOTICE_DELAY_MS + NOTICE_RECHECK_MS);
  });

  it("waits PLAY_RECHECK_MS after the last look for a game round's balance, yet an account event comes first", () => {
    const schedule = new NoticeSchedule();
    schedule.notice([1], 0, { play: true });
    expect(schedule.take(NOTICE_DELAY_MS, 10)).toEqual([1]);
    schedule.notice([1], 2_000, { play: true });
    expect(schedule.next()).toBe(NOTICE_DELAY_MS + PLAY_RECHECK_MS);
    schedule.notice([1], 3_000);
    expect(schedule.next()).toBe(NOTICE_DELAY_MS + NOTICE_RECHECK_MS);
    expect(schedule.take(NOTICE_DELAY_MS + NOTICE_RECHECK_MS, 10)).toEqual([1]);
  });

  it('takes at most the limit per pass and keeps the rest due', () => {
    const schedule = new NoticeSchedule();
    schedule.notice([1, 2, 3], 0);
    expect(schedule.take(NOTICE_DELAY_MS, 2)).toEqual([1, 2]);
    expect(schedule.next()).toBe(NOTICE_DELAY_MS);
    expect(schedule.take(NOTICE_DELAY_MS, 2)).toEqual([3]);
  });
});
