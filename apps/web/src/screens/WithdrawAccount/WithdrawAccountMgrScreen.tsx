import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { Icon, type IconName } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { useCashoutAccounts, useUpdateCashoutAccount, type CashoutAccount } from '../../state/queries/wallet';
import { showConfirm, toastSuccess } from '../../state/ui';
import '../SafeCenter/safe.css';
import { LoadError } from '../../components/LoadError';
import { Ltr } from '../../components/Ltr';
import { SkeletonCard } from '../../components/SkeletonCard';
import { useTradeT } from '../Trade/useTradeT';
import { Pressable } from '../../components/Pressable';

const TYPE_ICONS: Record<number, IconName> = { 1: 'tron', 2: 'card', 3: 'refund', 4: 'wallet' };

function AccountCard({ account }: { account: CashoutAccount }) {
  const { t } = useTradeT();
  const update = useUpdateCashoutAccount();
  const title = account.label || account.holderName || account.bankName || account.provider || t(`accounts.type.${account.accountType}`);
  const detail = [
    account.currency,
    account.currencyCode,
    account.bankName,
    account.provider,
    account.pixKeyType ? t(`accounts.pixType.${account.pixKeyType}`) : null,
  ].filter(Boolean);

  const remove = async () => {
    const ok = await showConfirm({
      title: t('accounts.deleteTitle'),
      message: t('accounts.deleteConfirm', { name: title }),
      confirm: t('common.delete'),
      cancel: t('common.cancel'),
      testId: 'account-delete-confirm',
    });
    if (ok) update.mutate({ id: account.id, deleted: true }, { onSuccess: () => toastSuccess(t('accounts.deleted')) });
  };

  return (
    <li className="address-card" data-testid="account-row" data-id={account.id} data-type={account.accountType}>
      <div className="address-card__head">
        <span className="list-row__icon">
          <Icon name={TYPE_ICONS[account.accountType] ?? 'card'} />
        </span>
        <span className="address-card__label">{title}</span>
        {account.isDefault && (
          <span className="address-card__tag address-card__tag--default" data-testid="account-default-badge">
            {t('accounts.default')}
          </span>
        )}
        <span className="address-card__tag">{t(`accounts.type.${account.accountType}`)}</span>
      </div>
      <p className="address-card__address" data-testid="account-masked">
        <Ltr>{account.maskedAccount}</Ltr>
      </p>
      <div className="address-card__foot">
        <span>{detail.join(' · ')}</span>
        {!account.isDefault && (
          <Pressable
            type="button"
            className="address-card__action"
            onClick={() => update.mutate({ id: account.id, isDefault: true })}
            disabled={update.isPending}
            data-testid={`account-make-default-${account.id}`}
          >
            <Icon name="star" /> {t('accounts.makeDefault')}
          </Pressable>
        )}
        <Pressable
          type="button"
          className="address-card__action address-card__action--danger"
          onClick={remove}
          disabled={update.isPending}
          data-testid={`account-delete-${account.id}`}
        >
          <Icon name="close" /> {t('common.delete')}
        </Pressable>
      </div>
    </li>
  );
}

/** Saved cashout accounts of every type (blockchain, bank, PIX, e-wallet), the default first. */
export default function WithdrawAccountMgrScreen() {
  const { t } = useTradeT();
  const accounts = useCashoutAccounts();
  const list = accounts.data ?? [];
  const addButton = (
    <Link to="/AddWithdrawAccount" className="btn btn--primary btn--md btn--block" data-testid="account-add">
      <span className="btn__label">
        <Icon name="plus" /> {t('accounts.add')}
      </span>
    </Link>
  );
  return (
    <Screen title={t('safe.accounts')} testId="withdraw-accounts" backHref="/safeCenter">
      {accounts.isPending ? (
        <SkeletonCard lines={3} />
      ) : accounts.isError ? (
        <LoadError onRetry={() => void accounts.refetch()} testId="account-error-state" icon="card" />
      ) : list.length === 0 ? (
        <EmptyState icon="card" title={t('accounts.emptyTitle')} text={t('accounts.emptyText')} testId="account-empty" action={addButton} />
      ) : (
        <>
          <ul className="address-list" data-testid="account-list">
            {list.map((account) => (
              <AccountCard key={account.id} account={account} />
            ))}
          </ul>
          <div className="sticky-action">{addButton}</div>
        </>
      )}
    </Screen>
  );
}
