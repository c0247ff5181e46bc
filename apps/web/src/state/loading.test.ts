import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingController } from './loading';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loading overlay', () => {
  it('never appears for calls shorter than 300 ms', () => {
    const setVisible = vi.fn();
    const controller = createLoadingController(setVisible);
    const end = controller.begin();
    vi.advanceTimersByTime(299);
    end();
    vi.advanceTimersByTime(1000);
    expect(setVisible).not.toHaveBeenCalled();
  });

  it('appears after 300 ms and hides when the call ends', () => {
    const setVisible = vi.fn();
    const controller = createLoadingController(setVisible);
    const end = controller.begin();
    vi.advanceTimersByTime(300);
    expect(setVisible).toHaveBeenLastCalledWith(true);
    end();
    expect(setVisible).toHaveBeenLastCalledWith(false);
  });

  it('hides itself 5 s after appearing even if the call is still running', () => {
    const setVisible = vi.fn();
    const controller = createLoadingController(setVisible);
    controller.begin();
    vi.advanceTimersByTime(300);
    vi.advanceTimersByTime(4999);
    expect(setVisible).toHaveBeenLastCalledWith(true);
    vi.advanceTimersByTime(1);
    expect(setVisible).toHaveBeenLastCalledWith(false);
  });

  it('stays up while any of several calls is running', () => {
    const setVisible = vi.fn();
    const controller = createLoadingController(setVisible);
    const first = controller.begin();
    const second = controller.begin();
    vi.advanceTimersByTime(400);
    first();
    expect(setVisible).toHaveBeenLastCalledWith(true);
    first();
    expect(setVisible).toHaveBeenLastCalledWith(true);
    second();
    expect(setVisible).toHaveBeenLastCalledWith(false);
  });
});
