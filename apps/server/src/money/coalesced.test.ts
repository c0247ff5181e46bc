import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesced } from './coalesced.ts';

describe('coalesced balance announcements', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces every player changed within the delay once, together, when the delay has passed', async () => {
    const calls: number[][] = [];
    const changed = coalesced(async (ids) => void calls.push(ids), 250);
    changed(1);
    changed(2);
    changed(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(calls).toEqual([]);
    changed(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('starts a new window for a change after an announcement', async () => {
    const calls: number[][] = [];
    const changed = coalesced(async (ids) => void calls.push(ids), 250);
    changed(7);
    await vi.advanceTimersByTimeAsync(250);
    changed(7);
    changed(8);
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toEqual([[7], [7, 8]]);
  });

  it('keeps announcing after an announcement failed', async () => {
    const calls: number[][] = [];
    let fail = true;
    const changed = coalesced(async (ids) => {
      calls.push(ids);
      if (fail) throw new Error('bus away');
    }, 100);
    changed(1);
    await vi.advanceTimersByTimeAsync(100);
    fail = false;
    changed(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toEqual([[1], [2]]);
  });
});
