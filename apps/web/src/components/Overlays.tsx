import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

function PopupView({ popup }: { popup: Popup }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') popup.resolve(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [popup]);
  return (
    <div className="popup-layer" role="presentation">
      <div
        className={`popup popup--${popup.kind}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={popup.title ? `popup-title-${popup.id}` : undefined}
        data-testid={popup.testId ?? 'popup'}
        data-kind={popup.kind}
      >
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

export function PopupHost() {
  const popups = useUi((s) => s.popups);
  const top = popups[popups.length - 1];
  return top ? <PopupView popup={top} /> : null;
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
  const { t } = useTranslation();
  if (!bulletin) return null;
  return (
    <div className="popup-layer" role="presentation">
      <div className="popup popup--bulletin" role="dialog" aria-modal="true" data-testid="bulletin">
        <div className="popup__ribbon">
          <Icon name="bell" />
          {t('bulletin.title')}
        </div>
        <h2 className="popup__title">{bulletin.title}</h2>
        <div className="popup__message popup__message--scroll">{bulletin.content}</div>
        <div className="popup__actions">
          <Button block onClick={() => useSession.setState({ bulletin: null })} data-testid="bulletin-close">
            {t('common.gotIt')}
          </Button>
        </div>
      </div>
    </div>
  );
}
