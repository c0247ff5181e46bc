import { useTranslate } from '@refinedev/core';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { call, type Response } from '../../api/opsClient.ts';
import { useSubmit } from '../../components/submitting.ts';

interface Values {
  playerId: number;
  currency: 'USDT' | 'TRX';
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
}

/** Asks for a credit or debit of a player's cash: a request another person decides. */
export function AdjustmentRequest({
  open,
  onClose,
  onFiled,
}: {
  open: boolean;
  onClose: () => void;
  onFiled: (request: Response<'approvals', 'requestAdjustment'>) => void;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<Values>();
  const { busy, error, submit: run } = useSubmit();

  const submit = (values: Values) =>
    run(async () => {
      const request = await call('approvals', 'requestAdjustment', { ...values, reason: values.reason.trim() });
      form.resetFields();
      onFiled(request);
      onClose();
    });

  return (
    <Modal
      open={open}
      title={t('finance.approvals.newAdjustment')}
      okText={t('finance.approvals.fileRequest')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, id: 'adjustment-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      maskClosable={false}
    >
      <Form form={form} layout="vertical" initialValues={{ currency: 'USDT', direction: 'credit' }} onFinish={(values) => void submit(values)}>
        <Form.Item name="playerId" label={t('finance.payments.playerId')} rules={[{ required: true }]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="adjustment-player" />
        </Form.Item>
        <Form.Item name="currency" label={t('common.currency')}>
          <Select options={['USDT', 'TRX'].map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item name="direction" label={t('finance.approvals.direction')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'credit', label: t('finance.approvals.credit') },
              { value: 'debit', label: t('finance.approvals.debit') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('common.amount')}
          rules={[{ required: true, pattern: /^(?!0+(\.0+)?$)\d{1,12}(\.\d{1,6})?$/, message: t('finance.approvals.amountHint') }]}
        >
          <Input inputMode="decimal" data-testid="adjustment-amount" />
        </Form.Item>
        <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, min: 3, whitespace: true, message: t('finance.reasonRequired') }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('common.reasonHint')} data-testid="adjustment-reason" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} data-testid="adjustment-error" />}
    </Modal>
  );
}
