import { TOAST_DURATION_MS } from '@lobby/contract';
import { create } from 'zustand';
import { createLoadingController } from './loading';

export type ToastKind = 'tips' | 'success' | 'failure';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export interface PopupButton {
  text: string;
  testId?: string;
}

export interface Popup {
  id: number;
  kind: 'activity' | 'confirm';
  title?: string;
  message: string;
  /** Shown above the title in activity popups. */
  image?: string;
  confirm: PopupButton;
  cancel?: PopupButton;
  /** A text link under the message (a rules page, say); choosing it closes the popup. */
  link?: PopupButton;
  testId?: string;
  /**
   * Arrived on its own (a level-up, a reward, an update), not in answer to a tap: it waits while
   * the player is in the middle of play (state/busy) and shows once they are idle.
   */
  notice?: boolean;
  resolve(choice: PopupChoice): void;
}

/** true: the confirm button; false: cancel or dismissal; 'link': the popup's link. */
export type PopupChoice = boolean | 'link';

interface UiState {
  toast: Toast | null;
  popups: Popup[];
  loading: boolean;
  /** Notices are being held back because the player is busy (components/Overlays). */
  noticesHeld: boolean;
}

export const useUi = create<UiState>(() => ({ toast: null, popups: [], loading: false, noticesHeld: false }));

let nextId = 1;
let toastTimer: ReturnType<typeof setTimeout> | undefined;

/** One toast at a time: a newer one replaces the older, as the player only reads the latest. */
export function showToast(text: string, kind: ToastKind = 'tips', durationMs = TOAST_DURATION_MS): void {
  if (!text) return;
  if (toastTimer) clearTimeout(toastTimer);
  const toast = { id: nextId++, kind, text };
  useUi.setState({ toast });
  toastTimer = setTimeout(() => {
    if (useUi.getState().toast?.id === toast.id) useUi.setState({ toast: null });
  }, durationMs);
}

export const toastSuccess = (text: string) => showToast(text, 'success');
export const toastFailure = (text: string) => showToast(text, 'failure');

interface PopupOptions {
  title?: string;
  message: string;
  image?: string;
  testId?: string;
  notice?: boolean;
}

function openPopup(popup: Omit<Popup, 'id' | 'resolve'>): Promise<PopupChoice> {
  return new Promise((resolve) => {
    const id = nextId++;
    const entry: Popup = {
      ...popup,
      id,
      resolve: (choice) => {
        useUi.setState((s) => ({ popups: s.popups.filter((p) => p.id !== id) }));
        resolve(choice);
      },
    };
    useUi.setState((s) => ({ popups: [...s.popups, entry] }));
  });
}

/** Single-button popup (activities, notices, maintenance). Resolves when the player closes it. */
export async function showActivityPopup(options: PopupOptions & { button: string; link?: PopupButton }): Promise<PopupChoice> {
  const { button, ...rest } = options;
  return openPopup({ kind: 'activity', ...rest, confirm: { text: button, testId: 'popup-confirm' } });
}

/**
 * Two-button popup. Resolves true for the confirm button, false for cancel or dismissal, and 'link'
 * for its link when it has one.
 */
export function showConfirm(options: PopupOptions & { confirm: string; cancel: string }): Promise<boolean>;
export function showConfirm(options: PopupOptions & { confirm: string; cancel: string; link: PopupButton }): Promise<PopupChoice>;
export function showConfirm(options: PopupOptions & { confirm: string; cancel: string; link?: PopupButton }): Promise<PopupChoice> {
  return openPopup({
    kind: 'confirm',
    title: options.title,
    message: options.message,
    image: options.image,
    testId: options.testId,
    notice: options.notice,
    confirm: { text: options.confirm, testId: 'popup-confirm' },
    cancel: { text: options.cancel, testId: 'popup-cancel' },
    link: options.link,
  });
}

const loadingController = createLoadingController((loading) => useUi.setState({ loading }));

export function beginLoading(): () => void {
  return loadingController.begin();
}
