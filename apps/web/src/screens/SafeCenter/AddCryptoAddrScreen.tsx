import { useIonRouter } from '@ionic/react';
import { ErrorCode } from '@lobby/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { useAddCashoutAddress } from '../../state/queries/wallet';
import { toastSuccess } from '../../state/ui';
import { describeFailure, showFailure } from '../../api/failures';
import { FieldError } from '../../components/FieldError';
import { useTradeT } from '../Trade/useTradeT';
import { checkTronAddress } from './tronAddress';
import './safe.css';
import { Pressable } from '../../components/Pressable';

const LABEL_MAX = 32;

/**
 * Adds a withdrawal address. The shape is checked here; the server answers 10052 both for a failed
 * checksum and for an address of the site itself (its hot wallet, a deposit or transfer-bet address),
 * and the player's way out is the same: their own wallet's address.
 */
export default function AddCryptoAddrScreen() {
  const { t } = useTradeT();
  const router = useIonRouter();
  const add = useAddCashoutAddress();
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<{ address?: string; label?: string }>({});

  const addressProblem = (value: string) => {
    const problem = checkTronAddress(value);
    return problem ? t(`addresses.errors.${problem}`) : undefined;
  };

  const paste = async () => {
    try {
      const text = (await navigator.clipboard.readText()).trim();
      if (text) {
        setAddress(text);
        setErrors((e) => ({ ...e, address: addressProblem(text) }));
      }
    } catch {
      // Reading the clipboard needs a permission the player may refuse; typing still works.
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { address: addressProblem(address), label: label.trim() ? undefined : t('addresses.errors.labelRequired') };
    setErrors(found);
    if (found.address || found.label) return;
    add.mutate(
      { address: address.trim(), label: label.trim() },
      {
        onSuccess: () => {
          toastSuccess(t('addresses.added'));
          if (router.canGoBack()) router.goBack();
          else router.push('/safeCenter/wdAddrManage', 'back', 'replace');
        },
        onError: async (error) => {
          const failure = await describeFailure(error);
          if (failure.code === ErrorCode.INVALID_TRON_ADDRESS) setErrors({ address: t('addresses.errors.invalidOrSite') });
          else if (failure.code === ErrorCode.CASHOUT_ADDRESS_EXISTS) setErrors({ address: failure.text || t('addresses.errors.exists') });
          else if (failure.code === ErrorCode.TOO_MANY_CASHOUT_ADDRESSES) setErrors({ address: failure.text || t('addresses.errors.tooMany') });
          else await showFailure(failure, t('common.ok'), t('experience.title'));
        },
      },
    );
  };

  return (
    <Screen title={t('addresses.addTitle')} testId="add-address" backHref="/safeCenter/wdAddrManage">
      <form className="safe-form" onSubmit={submit} noValidate>
        <div className="network-chip" data-testid="addr-network">
          <span className="network-chip__icon">
            <Icon name="tron" />
          </span>
          <span>
            <b>TRON (TRC20)</b>
            <small>{t('addresses.networkNote')}</small>
          </span>
        </div>
        <Field
          icon="wallet"
          label={t('addresses.address')}
          placeholder={t('addresses.addressPlaceholder')}
          value={address}
          onValueChange={(v) => {
            setAddress(v.trim());
            if (errors.address) setErrors((e) => ({ ...e, address: undefined }));
          }}
          onBlur={() => address && setErrors((e) => ({ ...e, address: addressProblem(address) }))}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          dir="ltr"
          maxLength={64}
          className={errors.address ? 'has-error' : undefined}
          data-testid="addr-input"
          addon={
            <Pressable type="button" className="field__addon-button" onClick={paste} data-testid="addr-paste">
              {t('addresses.paste')}
            </Pressable>
          }
        />
        <FieldError text={errors.address} testId="addr-error" />
        <Field
          icon="record"
          label={t('addresses.label')}
          placeholder={t('addresses.labelPlaceholder')}
          value={label}
          onValueChange={(v) => setLabel(v.slice(0, LABEL_MAX))}
          maxLength={LABEL_MAX}
          className={errors.label ? 'has-error' : undefined}
          data-testid="addr-label"
        />
        <FieldError text={errors.label} testId="addr-label-error" />
        <ul className="trade-notes">
          <li>{t('addresses.noteOwn')}</li>
          <li>{t('addresses.noteExchange')}</li>
        </ul>
        <Button type="submit" block busy={add.isPending} data-testid="addr-submit">
          {t('addresses.submit')}
        </Button>
      </form>
    </Screen>
  );
}
