import { useTranslate } from '@refinedev/core';
import { Alert, Input, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { OpsError, opsCall, setStepUpPrompt } from '../api/opsClient.ts';

/**
 * The step-up dialog (CONSOLE.md): a call that moves money or rights and finds no fresh TOTP code asks
 * for one here, then is sent again once; cancelling gives the refusal back to the screen.
 */
export function StepUpDialog() {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef<((ok: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          pending.current = resolve;
          setCode('');
          setError(null);
          setOpen(true);
        }),
    );
    return () => setStepUpPrompt(null);
  }, []);

  const finish = (ok: boolean) => {
    setOpen(false);
    pending.current?.(ok);
    pending.current = null;
  };

  const submit = async () => {
    setBusy(true);
    try {
      await opsCall('/ops/v1/auth/stepUp', { code: code.trim() });
      finish(true);
    } catch (refused) {
      setError(refused instanceof OpsError ? t('stepUp.wrong') : String(refused));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('stepUp.title')}
      okText={t('stepUp.submit')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={() => finish(false)}
      okButtonProps={{ disabled: !/^\d{6}$/.test(code.trim()), loading: busy, id: 'step-up-submit' }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('stepUp.body')}</Typography.Paragraph>
      <Input
        autoFocus
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('stepUp.code')}
        aria-label={t('stepUp.code')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={() => /^\d{6}$/.test(code.trim()) && void submit()}
        data-testid="step-up-code"
      />
      {error && <Alert style={{ marginTop: 12 }} type="error" showIcon message={error} />}
    </Modal>
  );
}
