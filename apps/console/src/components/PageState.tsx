import { useTranslate } from '@refinedev/core';
import { Alert, Button, Empty, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { OpsError } from '../api/opsClient.ts';

/** A refusal in the staff member's language: the code's own words when the console knows them. */
export function useErrorText() {
  const t = useTranslate();
  return (error: unknown): string => {
    if (error instanceof OpsError) {
      const known = t(`errors.${error.code}`, '');
      return known || t('errors.generic', { code: error.code, message: error.message });
    }
    return error instanceof Error ? error.message : String(error);
  };
}

/**
 * What a screen shows while its data is not there: loading, a refusal with a retry, or an honest
 * empty state saying why and what to do; otherwise its children.
 */
export function PageState({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  children,
}: {
  loading?: boolean;
  error?: unknown;
  empty?: boolean;
  emptyText?: ReactNode;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const t = useTranslate();
  const errorText = useErrorText();
  if (error) {
    if (error instanceof OpsError && error.code === 10055) return <Result status="403" subTitle={t('common.forbidden')} />;
    return (
      <Alert
        type="error"
        showIcon
        message={t('common.error', { message: errorText(error) })}
        action={onRetry && <Button onClick={onRetry}>{t('common.retry')}</Button>}
        data-testid="page-error"
      />
    );
  }
  if (loading) return <Spin style={{ display: 'block', margin: '48px auto' }} tip={t('common.loading')} />;
  if (empty) return <Empty description={emptyText ?? t('common.empty')} data-testid="page-empty" />;
  return <>{children}</>;
}
