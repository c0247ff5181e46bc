import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsBusy } from '../state/busy';
import { useSession } from '../state/session';
import { useUi, type Popup } from '../state/ui';
import { Button } from './Button';
import { Icon } from './Icon';

interface Band {
  top: number;
  bottom: number;
}

const TOAST_MARGIN_PX = 12;

/**
 * Where a toast goes when it would cover the field being filled (it normally sits at the top): at the
 * bottom of what the player sees, which with the keyboard open is just above the keyboard; failing
 * that, next to the field. Null keeps it at the top.
 */
export function toastTopAvoiding(toast: Band, field: Band | null, visible: Band, margin = TOAST_MARGIN_PX): number | null {
  const height = toast.bottom - toast.top;
  const covers = (top: number) => field !== null && top < field.bottom && top + height > field.top;
  if (!covers(toast.top)) return null;
  const bottom = visible.bottom - height - margin;
  if (!covers(bottom)) return bottom;
  const above = field!.top - height - margin;
  return above >= visible.top ? above : field!.bottom + margin;
}

/** The element the player is typing into, if any. */
function focusedField(): Element | null {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  return active.matches('input, textarea, select, [contenteditable="true"]') ? active : null;
}

/** Keeps the toast off the focused field, also when the keyboard opens or focus moves while it shows. */
function useToastTop(toastId: number | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    setTop(null);
  }, [toastId]);
  useLayoutEffect(() => {
    if (toastId === undefined) return;
    const place = () => {
      const element = ref.current;
      if (!element) return;
      // Measured where the stylesheet puts it (the top), whatever was chosen before.
      const previous = element.style.top;
      element.style.top = '';
      const box = element.getBoundingClientRect();
      element.style.top = previous;
      const field = focusedField()?.getBoundingClientRect() ?? null;
      const viewport = window.visualViewport;
      const visible = viewport ? { top: viewport.offsetTop, bottom: viewport.offsetTop + viewport.height } : { top: 0, bottom: window.innerHeight };
      setTop(toastTopAvoiding(box, field, visible));
    };
    place();
    window.visualViewport?.addEventListener('resize', place);
    document.addEventListener('focusin', place);
    return () => {
      window.visualViewport?.removeEventListener('resize', place);
      document.removeEventListener('focusin', place);
    };
  }, [toastId]);
  return { ref, top };
}

/** Tips, success and failure toasts: one at a time, at the top and never over the field being filled, gone after 2 s. */
export function ToastHost() {
  const toast = useUi((s) => s.toast);
  const { ref, top } = useToastTop(toast?.id);
  if (!toast) return null;
  return (
    <div ref={ref} className="toast-layer" aria-live="polite" style={top === null ? undefined : { top: `${top}px` }}>
      <div key={toast.id} className={`toast toast--${toast.kind}`} data-testid="toast" data-kind={toast.kind} role="status">
        {toast.kind !== 'tips' && (
          <span className="toast__icon">
            <Icon name={toast.kind === 'success' ? 'check' : 'close'} strokeWidth={2.6} />
          </span>
        )}
        <span className="toast__text">{toast.text}</span>
      </div>
    </div>
  );
}

/** A tap on the shade around a popup, not on the popup itself. */
const onBackdrop = (close: () => void) => (event: MouseEvent<HTMLElement>) => {
  if (event.target === event.currentTarget) close();
};

/** The corner cross every popup has: no one has to claim, confirm or read to the end to get out. */
function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="popup__close" onClick={onClose} aria-label={t('common.close')} data-testid="popup-close">
      <Icon name="close" strokeWidth={2.4} />
    </button>
  );
}

function PopupView({ popup }: { popup: Popup }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') popup.resolve(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [popup]);
  const dismiss = () => popup.resolve(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a tap beside the popup closes it; Escape and the close button do the same from the keyboard.
    <div className="popup-layer" role="presentation" onClick={onBackdrop(dismiss)} data-testid="popup-backdrop">
      <div
        className={`popup popup--${popup.kind}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={popup.title ? `popup-title-${popup.id}` : undefined}
        data-testid={popup.testId ?? 'popup'}
        data-kind={popup.kind}
      >
        <CloseButton onClose={dismiss} />
        {popup.image && <img className="popup__image" src={popup.image} alt="" />}
        {popup.title && (
          <h2 className="popup__title" id={`popup-title-${popup.id}`}>
            {popup.title}
          </h2>
        )}
        <p className="popup__message">{popup.message}</p>
        {popup.link && (
          <Button variant="ghost" size="sm" className="popup__link" onClick={() => popup.resolve('link')} data-testid={popup.link.testId}>
            {popup.link.text}
          </Button>
        )}
        <div className="popup__actions">
          {popup.cancel && (
            <Button variant="secondary" onClick={() => popup.resolve(false)} data-testid={popup.cancel.testId}>
              {popup.cancel.text}
            </Button>
          )}
          <Button onClick={() => popup.resolve(true)} data-testid={popup.confirm.testId}>
            {popup.confirm.text}
          </Button>
        </div>
      </div>
    </div>
  );
}

/**
 * Notices held back while the player is busy, as a small bell under the header: it covers no control,
 * says how many wait, and opens them at once if the player taps it.
 */
function NoticeQueue({ count, onOpen }: { count: number; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="notice-queue" onClick={onOpen} data-testid="notice-queue" data-count={count} aria-label={t('notices.waiting', { count })}>
      <Icon name="bell" />
      <span className="notice-queue__count">{count}</span>
    </button>
  );
}

export function PopupHost() {
  const popups = useUi((s) => s.popups);
  const bulletin = useSession((s) => s.bulletin);
  const busy = useIsBusy();
  // The player tapped the bell: the notices show now, busy or not, until none is left.
  const [opened, setOpened] = useState(false);
  const waiting = popups.filter((p) => p.notice).length + (bulletin ? 1 : 0);
  useEffect(() => {
    if (waiting === 0) setOpened(false);
  }, [waiting]);
  const holding = busy && !opened;
  useEffect(() => {
    useUi.setState({ noticesHeld: holding });
  }, [holding]);
  const top = popups.filter((p) => !holding || !p.notice).at(-1);
  return (
    <>
      {holding && waiting > 0 && <NoticeQueue count={waiting} onOpen={() => setOpened(true)} />}
      {top ? <PopupView popup={top} /> : null}
    </>
  );
}

export function LoadingOverlay() {
  const loading = useUi((s) => s.loading);
  if (!loading) return null;
  return (
    <div className="loading-overlay" data-testid="loading-overlay" aria-busy="true">
      <span className="loading-overlay__spinner" />
    </div>
  );
}

/** The bulletin board the heartbeat opens when the server has a notice for this session. */
export function BulletinBoard() {
  const bulletin = useSession((s) => s.bulletin);
  const held = useUi((s) => s.noticesHeld);
  const { t } = useTranslation();
  if (!bulletin || held) return null;
  const close = () => useSession.setState({ bulletin: null });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a tap beside the popup closes it; Escape and the close button do the same from the keyboard.
    <div className="popup-layer" role="presentation" onClick={onBackdrop(close)} data-testid="popup-backdrop">
      <div className="popup popup--bulletin" role="dialog" aria-modal="true" data-testid="bulletin">
        <CloseButton onClose={close} />
        <div className="popup__ribbon">
          <Icon name="bell" />
          {t('bulletin.title')}
        </div>
        <h2 className="popup__title">{bulletin.title}</h2>
        <div className="popup__message popup__message--scroll">{bulletin.content}</div>
        <div className="popup__actions">
          <Button block onClick={close} data-testid="bulletin-close">
            {t('common.gotIt')}
          </Button>
        </div>
      </div>
    </div>
  );
}
