import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { copyText } from '../../lib/clipboard';
import { useCashoutAddresses, useDeleteCashoutAddress, type CashoutAddress } from '../../state/queries/wallet';
import { useSettings } from '../../state/settings';
import { showConfirm, toastFailure, toastSuccess } from '../../state/ui';
import { LoadError } from '../../components/LoadError';
import { localeTag } from '../../lib/format';
import { Ltr } from '../../components/Ltr';
import { SkeletonCard } from '../../components/SkeletonCard';
import { useTradeT } from '../Trade/useTradeT';
import { formatMoment, useSecurityT } from '../Security/useSecurityT';
import './safe.css';
import { Pressable } from '../../components/Pressable';

function AddressCard({ address }: { address: CashoutAddress }) {
  const { t } = useTradeT();
  const { t: ts } = useSecurityT();
  // A new address waits before a withdrawal may use it (operator-set, 24 hours by default).
  const waiting = Date.parse(address.usableAt) > Date.now();
  const language = useSettings((s) => s.language);
  const remove = useDeleteCashoutAddress();

  const copy = async () => {
    if (await copyText(address.address)) toastSuccess(t('common.copied'));
    else toastFailure(t('common.copyFailed'));
  };

  const confirmDelete = async () => {
    const ok = await showConfirm({
      title: t('addresses.deleteTitle'),
      message: t('addresses.deleteConfirm', { label: address.label }),
      confirm: t('common.delete'),
      cancel: t('common.cancel'),
      testId: 'addr-delete-confirm',
    });
    if (!ok) return;
    remove.mutate(address.id, { onSuccess: () => toastSuccess(t('addresses.deleted')) });
  };

  return (
    <li className="address-card" data-testid="addr-row" data-id={address.id}>
      <div className="address-card__head">
        <span className="address-card__label">{address.label}</span>
        <span className="address-card__tag">TRON · TRC20</span>
      </div>
      <p className="address-card__address" data-testid="addr-row-address">
        <Ltr>{address.address}</Ltr>
      </p>
      {waiting && (
        <p className="address-card__waiting" data-testid="addr-row-waiting">
          {ts('addresses.usableFrom', { at: formatMoment(address.usableAt, language) })}
        </p>
      )}
      <div className="address-card__foot">
        <time dateTime={address.createdAt}>
          {new Date(address.createdAt).toLocaleDateString(localeTag(language), { year: 'numeric', month: '2-digit', day: '2-digit' })}
        </time>
        <Pressable type="button" className="address-card__action" onClick={copy} data-testid={`addr-copy-${address.id}`}>
          <Icon name="copy" /> {t('common.copy')}
        </Pressable>
        <Pressable
          type="button"
          className="address-card__action address-card__action--danger"
          onClick={confirmDelete}
          disabled={remove.isPending}
          data-testid={`addr-delete-${address.id}`}
        >
          <Icon name="close" /> {t('common.delete')}
        </Pressable>
      </div>
    </li>
  );
}

/** Saved withdrawal addresses: one TRON address takes both USDT and TRX. */
export default function WdAddrManageScreen() {
  const { t } = useTradeT();
  const addresses = useCashoutAddresses();
  const list = addresses.data ?? [];

  const addButton = (
    <Link to="/safeCenter/addCryptoAddr" className="btn btn--primary btn--md btn--block" data-testid="addr-add">
      <span className="btn__label">
        <Icon name="plus" /> {t('addresses.add')}
      </span>
    </Link>
  );

  return (
    <Screen title={t('safe.addresses')} testId="address-manage" backHref="/safeCenter">
      {addresses.isPending ? (
        <SkeletonCard lines={3} />
      ) : addresses.isError ? (
        <LoadError onRetry={() => void addresses.refetch()} testId="addr-error-state" />
      ) : list.length === 0 ? (
        <EmptyState icon="wallet" title={t('addresses.emptyTitle')} text={t('addresses.emptyText')} testId="addr-empty" action={addButton} />
      ) : (
        <>
          <p className="trade-hint safe-lead">{t('addresses.lead')}</p>
          <ul className="address-list" data-testid="addr-list">
            {list.map((address) => (
              <AddressCard key={address.id} address={address} />
            ))}
          </ul>
          <div className="sticky-action">{addButton}</div>
        </>
      )}
    </Screen>
  );
}
