import { LOADING_OVERLAY_AUTO_HIDE_MS, LOADING_OVERLAY_DELAY_MS } from '@lobby/contract';
import type { Timers } from '../api/client';

/**
 * Reference-counted loading overlay. It appears only once something has been loading for 300 ms, so
 * quick calls never flash it, and it hides itself after 5 s so a hung call cannot lock the screen.
 */
export function createLoadingController(
  setVisible: (visible: boolean) => void,
  timers: Timers = {
    setTimeout: (handler, ms) => globalThis.setTimeout(handler, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  delayMs = LOADING_OVERLAY_DELAY_MS,
  autoHideMs = LOADING_OVERLAY_AUTO_HIDE_MS,
) {
  let pending = 0;
  let visible = false;
  let showTimer: unknown;
  let hideTimer: unknown;

  const hide = () => {
    if (showTimer !== undefined) timers.clearTimeout(showTimer);
    if (hideTimer !== undefined) timers.clearTimeout(hideTimer);
    showTimer = undefined;
    hideTimer = undefined;
    if (visible) {
      visible = false;
      setVisible(false);
    }
  };

  return {
    begin(): () => void {
      pending += 1;
      if (pending === 1) {
        showTimer = timers.setTimeout(() => {
          showTimer = undefined;
          visible = true;
          setVisible(true);
          hideTimer = timers.setTimeout(hide, autoHideMs);
        }, delayMs);
      }
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        pending -= 1;
        if (pending === 0) hide();
      };
    },
  };
}
