import { useTranslate } from '@refinedev/core';
import { Alert, type ButtonProps, Form, Input, Modal, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useErrorText } from '../../components/PageState.tsx';

/** A player's id and account, linking to their page. */
export function PlayerLink({ playerId, account, nickname }: { playerId: number; account?: string | null; nickname?: string | null }) {
  return (
    <Link to={`/players/${playerId}`} data-testid={`player-link-${playerId}`}>
      {playerId}
      {account || nickname ? <Typography.Text type="secondary"> · {account ?? nickname}</Typography.Text> : null}
    </Link>
  );
}

export function StatusTag({ status }: { status: number }) {
  const t = useTranslate();
  return status === 0 ? <Tag color="green">{t('players.status.active')}</Tag> : <Tag color="red">{t('players.status.frozen')}</Tag>;
}

/**
 * A dialog for one command: its fields (children), a reason when the call takes one, the refusal in
 * the member's language, and nothing closes until the server has answered.
 */
export function ActionDialog<V extends Record<string, unknown>>({
  open,
  title,
  hint,
  reason = true,
  reasonName = 'reason',
  reasonRequired = true,
  initialValues,
  onClose,
  submit,
  children,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  hint?: ReactNode;
  reason?: boolean;
  reasonName?: string;
  reasonRequired?: boolean;
  initialValues?: Partial<V>;
  onClose: () => void;
  submit: (values: V) => Promise<unknown>;
  children?: ReactNode;
  testId: string;
}) {
  const t = useTranslate();
  const errorText = useErrorText();
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    form.resetFields();
    setError(null);
    onClose();
  };
  const ok = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      await submit(values);
      form.resetFields();
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      onOk={() => void ok()}
      confirmLoading={busy}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': `${testId}-submit` } as ButtonProps}
      destroyOnHidden
      data-testid={testId}
    >
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false}>
        {children}
        {reason && (
          <Form.Item
            name={reasonName}
            label={t('common.reason')}
            extra={t('common.reasonHint')}
            rules={[{ required: reasonRequired, whitespace: true, min: reasonRequired ? 3 : 0, max: 500 }]}
          >
            <Input.TextArea rows={2} maxLength={500} data-testid={`${testId}-reason`} />
          </Form.Item>
        )}
      </Form>
      {error ? <Alert type="error" showIcon message={errorText(error)} data-testid={`${testId}-error`} /> : null}
    </Modal>
  );
}
