import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import type { MailCategory } from '../../state/queries/mail';
import { useMailT } from './useMailT';

export const localeTag = (language: string) => `${language.replace('_', '-')}-u-nu-latn`;

export function formatMailTime(iso: string, language: string): string {
  return new Date(iso).toLocaleString(localeTag(language), { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

/** The category's name as the site configuration gives it, else a generic "Notice". */
export function useCategoryName(categories: MailCategory[] | undefined) {
  const { t } = useMailT();
  return (id: number) => categories?.find((c) => c.id === id)?.name || t('category.other');
}

export function MailLoadError({ onRetry, testId }: { onRetry(): void; testId: string }) {
  const { t } = useMailT();
  return (
    <EmptyState
      icon="mail"
      title={t('error.title')}
      text={t('error.text')}
      testId={testId}
      action={
        <Button variant="secondary" onClick={onRetry} data-testid={`${testId}-retry`}>
          {t('error.retry')}
        </Button>
      }
    />
  );
}
