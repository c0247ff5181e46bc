import { useTranslate } from '@refinedev/core';
import { Alert, Input, Modal, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSubmit } from '../../components/submitting.ts';
import { consoleSocket } from '../../live/live.tsx';

/** Calls `refetch` whenever the console socket brings one of `events`. */
export function useLiveRefetch(events: readonly string[], refetch: () => unknown): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  const key = events.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    return consoleSocket.subscribe((frame) => {
      if (wanted.has(frame.event)) void latest.current();
    });
  }, [key]);
}

export function PlayerLink({ id }: { id: number | null | undefined }) {
  if (id === null || id === undefined) return <>—</>;
  return <Link to={`/players/${id}`}>#{id}</Link>;
}

export interface ReasonAsk {
  title: string;
  body?: ReactNode;
  okText: string;
  danger?: boolean;
  /** Whether a reason may be left out (withdrawing one's own request). */
  optional?: boolean;
  submit: (reason: string) => Promise<void>;
}

/**
 * Asks for the reason an action that moves money or rights takes, sends it, and shows a refusal in
 * the dialog (in the member's language) rather than closing.
 */
export function ReasonModal({ ask, onClose }: { ask: ReasonAsk | null; onClose: () => void }) {
  const t = useTranslate();
  const [reason, setReason] = useState('');
  const { busy, error, setError, reset, submit: run } = useSubmit();

  useEffect(() => {
    setReason('');
    reset();
  }, [ask]);

  const trimmed = reason.trim();
  const valid = ask?.optional ? trimmed.length === 0 || trimmed.length >= 3 : trimmed.length >= 3;

  const submit = async () => {
    if (!ask) return;
    if (!valid) {
      setError(t('finance.reasonRequired'));
      return;
    }
    await run(async () => {
      await ask.submit(trimmed);
      onClose();
    });
  };

  return (
    <Modal
      open={ask !== null}
      title={ask?.title}
      okText={ask?.okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: ask?.danger, loading: busy, disabled: !valid, id: 'reason-submit' }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      {ask?.body && <Typography.Paragraph>{ask.body}</Typography.Paragraph>}
      <Typography.Text strong>{t('common.reason')}</Typography.Text>
      <Input.TextArea
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        placeholder={t('common.reasonHint')}
        maxLength={500}
        autoSize={{ minRows: 2, maxRows: 5 }}
        data-testid="reason-input"
        style={{ marginTop: 4 }}
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} data-testid="reason-error" />}
    </Modal>
  );
}

/** The page's heading and the line under it saying what the page is for. */
export function PageHeading({ title, intro, extra }: { title: string; intro?: string; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 16 }}>
      <div style={{ minWidth: 0, flex: '1 1 420px' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {intro && <Typography.Text type="secondary">{intro}</Typography.Text>}
      </div>
      {extra && <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>{extra}</div>}
    </div>
  );
}
