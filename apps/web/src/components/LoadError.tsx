import { useNamespaceT } from '../i18n/useNamespaceT';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import type { IconName } from './Icon';
import './cards.css';

/** A list or page that could not be loaded, with the way to try again. Its texts are in the money screens' namespace. */
export function LoadError({ onRetry, testId, icon = 'wallet' }: { onRetry(): void; testId: string; icon?: IconName }) {
  const { t } = useNamespaceT('trade');
  return (
    <EmptyState
      icon={icon}
      title={t('errors.loadTitle')}
      text={t('errors.loadText')}
      testId={testId}
      action={
        <Button variant="secondary" onClick={onRetry} data-testid={`${testId}-retry`}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
