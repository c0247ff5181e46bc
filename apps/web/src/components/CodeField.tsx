import { useTranslation } from 'react-i18next';
import { Field } from './Field';
import { Pressable } from './Pressable';

interface CodeFieldProps {
  value: string;
  onChange(value: string): void;
  error?: string;
  /** Sends (or resends) the e-mailed code. */
  onSend(): void;
  /** Seconds until another code may be requested; 0 when it may be now. */
  secondsLeft: number;
  sending: boolean;
  testId: string;
  sendTestId: string;
}

/** The six-digit e-mailed code with its send button, as sign-up, password reset and email binding use it. */
export function CodeField({ value, onChange, error, onSend, secondsLeft, sending, testId, sendTestId }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <Field
      icon="shield"
      label={t('auth.code')}
      placeholder={t('auth.codePlaceholder')}
      value={value}
      onValueChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      error={error}
      data-testid={testId}
      addon={
        <Pressable type="button" className="field__addon-button" onClick={onSend} disabled={secondsLeft > 0 || sending} data-testid={sendTestId}>
          {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
        </Pressable>
      }
    />
  );
}
