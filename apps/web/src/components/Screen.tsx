import { IonContent, useIonRouter } from '@ionic/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

interface ScreenProps {
  title: string;
  children: ReactNode;
  testId: string;
  /** Where the back button goes when there is no history to return to (a deep link). */
  backHref?: string;
  /** Tab roots have no back button. */
  root?: boolean;
  right?: ReactNode;
  className?: string;
}

export function BackButton({ fallback = '/home' }: { fallback?: string }) {
  const router = useIonRouter();
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="app-header__back"
      data-testid="header-back"
      aria-label={t('common.back')}
      onClick={() => (router.canGoBack() ? router.goBack() : router.push(fallback, 'back', 'replace'))}
    >
      <Icon name="back" className="flip-rtl" />
    </button>
  );
}

/**
 * A routed screen's header (back button, title) and scrolling content. It renders inside the IonPage
 * the route creates (see components/Page), so header and content are the page's direct children.
 */
export function Screen({ title, children, testId, backHref = '/home', root, right, className }: ScreenProps) {
  return (
    <>
      <header className="app-header">
        <div className="app-header__side">{!root && <BackButton fallback={backHref} />}</div>
        <h1 className="app-header__title" data-testid="screen-title">
          {title}
        </h1>
        <div className="app-header__side app-header__side--end">{right}</div>
      </header>
      <IonContent className={['screen-content', className].filter(Boolean).join(' ')}>
        <div className="screen-body" data-testid={`screen-${testId}`}>
          {children}
        </div>
      </IonContent>
    </>
  );
}
