import { useIonRouter } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { BrandLogo } from '../../components/BrandLogo';
import { Button } from '../../components/Button';
import { formatAmount } from '../../lib/format';
import { LOGIN_PATH, SIGNUP_PATH } from '../../lib/navigation';
import { usePlayer } from '../../state/queries/player';
import { useSession } from '../../state/session';
import { moneyOf, useBalances } from '../../state/queries/balances';
import { Icon } from '../../components/Icon';
import { Pressable } from '../../components/Pressable';

export function HomeHeader() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const token = useSession((s) => s.token);
  const { data: player } = usePlayer();
  const { data: balances } = useBalances();
  // The chip shows what may be staked (cash + bonus); a bonus inside it is named under the total.
  const usdt = moneyOf(balances, 'USDT');
  const bonus = usdt.bonus > 0n ? formatAmount(balances?.bonus.usdt) : undefined;

  return (
    <header className="home-header">
      <BrandLogo />
      <div className="home-header__actions">
        {token ? (
          <>
            <Pressable
              type="button"
              className="balance-chip"
              data-testid="home-balance"
              aria-label={bonus ? t('home.balanceWithBonus', { total: formatAmount(balances?.usdt), bonus }) : undefined}
              onClick={() => router.push('/walletShow')}
            >
              <span className="balance-chip__coin">₮</span>
              <span className="balance-chip__amounts">
                <span dir="ltr" data-testid="home-balance-total">
                  {formatAmount(balances?.usdt)}
                </span>
                {bonus && (
                  <small className="balance-chip__bonus" data-testid="home-balance-bonus">
                    <Icon name="gift" />
                    <span dir="ltr">{bonus}</span>
                  </small>
                )}
              </span>
            </Pressable>
            <Pressable
              type="button"
              className="home-header__avatar"
              data-testid="home-avatar"
              aria-label={t('tabs.userProfile')}
              onClick={() => router.push('/userProfile')}
            >
              <Avatar id={player?.avatar} size="100%" />
            </Pressable>
          </>
        ) : (
          <>
            <Button variant="secondary" size="sm" onClick={() => router.push(LOGIN_PATH)} data-testid="home-login">
              {t('auth.login')}
            </Button>
            <Button size="sm" onClick={() => router.push(SIGNUP_PATH)} data-testid="home-signup">
              {t('auth.signup')}
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
