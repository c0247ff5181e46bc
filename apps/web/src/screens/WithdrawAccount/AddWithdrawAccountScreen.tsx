import { useIonRouter } from '@ionic/react';
import { CashoutAccountType, ErrorCode, PIX_KEY_TYPES } from '@lobby/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Field, Select } from '../../components/Field';
import { Screen } from '../../components/Screen';
import { useAddCashoutAccount } from '../../state/queries/wallet';
import { toastSuccess } from '../../state/ui';
import '../SafeCenter/safe.css';
import { describeFailure, showFailure } from '../../api/failures';
import { CurrencyChips } from '../../components/Currency';
import { FieldError } from '../../components/FieldError';
import { useTradeT } from '../Trade/useTradeT';
import {
  ACCOUNT_TYPES,
  BANK_CURRENCIES,
  emptyAccountForm,
  FIELDS_BY_TYPE,
  fieldForCode,
  validateAccount,
  type AccountField,
  type AccountForm,
  type AccountType,
  type PixKeyType,
} from './accountForm';
import { Pressable } from '../../components/Pressable';

const INPUT_MODES: Partial<Record<AccountField, 'email' | 'tel' | 'numeric'>> = { email: 'email', phone: 'tel', cpf: 'numeric' };
const OPTIONAL: readonly AccountField[] = ['branch', 'label', 'email', 'phone'];
const LTR_FIELDS: readonly AccountField[] = ['address', 'accountNumber', 'pixKey', 'cpf', 'email', 'phone'];

/** Adds a cashout account; the fields and their formats follow the chosen type. */
export default function AddWithdrawAccountScreen() {
  const { t } = useTradeT();
  const router = useIonRouter();
  const add = useAddCashoutAccount();
  const [form, setForm] = useState<AccountForm>(() => emptyAccountForm());
  const [errors, setErrors] = useState<Partial<Record<AccountField, string>>>({});

  const set = (field: AccountField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const chooseType = (accountType: AccountType) => {
    setForm((f) => ({ ...emptyAccountForm(accountType), label: f.label, holderName: f.holderName }));
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: problems } = validateAccount(form);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, t(`accounts.errors.${problem}`)])));
    if (!body) return;
    add.mutate(body, {
      onSuccess: () => {
        toastSuccess(t('accounts.added'));
        if (router.canGoBack()) router.goBack();
        else router.push('/WithdrawAccountMgr', 'back', 'replace');
      },
      onError: async (error) => {
        const failure = await describeFailure(error);
        const field = fieldForCode(failure.code, form);
        if (field) setErrors({ [field]: failure.text || t('accounts.errors.format') });
        else if (failure.code === ErrorCode.TOO_MANY_CASHOUT_ACCOUNTS) setErrors({ label: failure.text });
        else await showFailure(failure, t('common.ok'), t('experience.title'));
      },
    });
  };

  const renderField = (field: AccountField) => {
    if (field === 'currency') {
      return (
        <CurrencyChips
          key={field}
          value={form.currency}
          onChange={(c) => set('currency', c)}
          testIdPrefix="account-currency"
          label={t('accounts.field.currency')}
          note={(c) => (c === 'USDT' ? 'TRC20' : t('recharge.nativeCoin'))}
        />
      );
    }
    if (field === 'currencyCode' || field === 'pixKeyType') {
      const options =
        field === 'currencyCode'
          ? BANK_CURRENCIES.map((code) => ({ value: code, label: code }))
          : PIX_KEY_TYPES.map((type) => ({ value: type, label: t(`accounts.pixType.${type}`) }));
      return (
        <div key={field} className="field">
          <span className="field__label">{t(`accounts.field.${field}`)}</span>
          <Select
            value={form[field]}
            onValueChange={(v) => (field === 'pixKeyType' ? setForm((f) => ({ ...f, pixKeyType: v as PixKeyType, pixKey: '' })) : set(field, v))}
            options={options}
            label={t(`accounts.field.${field}`)}
            testId={`account-${field}`}
          />
        </div>
      );
    }
    const hint = field === 'pixKey' ? `accounts.hint.pix_${form.pixKeyType}` : `accounts.hint.${field}`;
    return (
      <div key={field}>
        <Field
          label={`${t(`accounts.field.${field}`)}${OPTIONAL.includes(field) ? ` ${t('accounts.optional')}` : ''}`}
          placeholder={t(hint)}
          value={form[field]}
          onValueChange={(v) => set(field, v)}
          inputMode={field === 'pixKey' && form.pixKeyType === 'phone' ? 'tel' : INPUT_MODES[field]}
          dir={LTR_FIELDS.includes(field) ? 'ltr' : undefined}
          autoComplete="off"
          autoCapitalize={field === 'holderName' || field === 'bankName' ? 'words' : 'off'}
          spellCheck={false}
          className={errors[field] ? 'has-error' : undefined}
          data-testid={`account-${field}`}
        />
        <FieldError text={errors[field]} testId={`account-${field}-error`} />
      </div>
    );
  };

  return (
    <Screen title={t('accounts.addTitle')} testId="add-withdraw-account" backHref="/WithdrawAccountMgr">
      <form className="safe-form" onSubmit={submit} noValidate data-type={form.accountType}>
        <div className="chip-row account-types" role="radiogroup" aria-label={t('accounts.typeLabel')}>
          {ACCOUNT_TYPES.map((type) => (
            <Pressable
              key={type}
              type="button"
              role="radio"
              aria-checked={form.accountType === type}
              className={['filter-chip', form.accountType === type ? 'is-active' : ''].filter(Boolean).join(' ')}
              onClick={() => chooseType(type)}
              data-testid={`account-type-${type}`}
            >
              {t(`accounts.type.${type}`)}
            </Pressable>
          ))}
        </div>
        <p className="trade-hint">{t(`accounts.typeNote.${form.accountType}`)}</p>
        {FIELDS_BY_TYPE[form.accountType].map(renderField)}
        {form.accountType === CashoutAccountType.PIX && <p className="trade-hint">{t('accounts.cpfNote')}</p>}
        <Button type="submit" block busy={add.isPending} data-testid="account-submit">
          {t('accounts.submit')}
        </Button>
      </form>
    </Screen>
  );
}
