import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Response } from '../../api/opsClient.ts';
import { consoleSocket } from '../../live/live.tsx';

export type ApprovalRequest = Response<'approvals', 'decide'>;

/** A four-eyes request just filed: what waits, for whom, and where it is decided. */
export function PendingGrant({ request, what }: { request: ApprovalRequest | null | undefined; what?: string }) {
  const t = useTranslate();
  if (!request) return <Alert type="success" showIcon message={t('settings.appliedNow')} data-testid="grant-applied" />;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="grant-pending"
      message={t('settings.waitingApproval')}
      description={
        <>
          {what ?? t('settings.waitingApprovalBody', { id: request.id })}{' '}
          <Link to="/finance/approvals" data-testid="see-approvals">
            {t('settings.seeApprovals')}
          </Link>
        </>
      }
    />
  );
}

/**
 * A secret shown once (a one-time enrolment link, an API key): it is never shown again, so the dialog
 * says so and offers a copy button; closing it forgets the secret.
 */
export function ShownOnce({
  title,
  secret,
  hint,
  testId,
  onClose,
  children,
}: {
  title: string;
  secret: string | null;
  hint: string;
  testId: string;
  onClose: () => void;
  children?: React.ReactNode;
}) {
  const t = useTranslate();
  return (
    <Modal
      open={secret !== null}
      title={title}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="shown-once-close">
          {t('settings.copiedClose')}
        </Button>
      }
    >
      <Alert type="info" showIcon message={t('settings.shownOnce')} description={hint} style={{ marginBottom: 12 }} />
      <Typography.Paragraph
        copyable={{ text: secret ?? '', tooltips: [t('settings.copy'), t('settings.copied')] }}
        code
        data-testid={testId}
        style={{ wordBreak: 'break-all' }}
      >
        {secret}
      </Typography.Paragraph>
      {children}
    </Modal>
  );
}

/** Reads the lists named again whenever a four-eyes request changes (someone approved a grant or a key). */
export function useRefetchOnApproval(keys: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  useEffect(
    () =>
      consoleSocket.subscribe((frame) => {
        if (frame.event === 'approval.changed') for (const queryKey of keys) void client.invalidateQueries({ queryKey: [...queryKey] });
      }),
    [client, keys],
  );
}

/** A form field's rule that answers the message in the member's language. */
export const required = (message: string) => ({ required: true, message });
