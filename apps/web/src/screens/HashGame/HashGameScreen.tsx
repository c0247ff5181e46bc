import { useIonRouter } from '@ionic/react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { Segmented } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { RequireAuth } from '../../components/Page';
import { Screen } from '../../components/Screen';
import { formatAmount, formatMicroShort } from '../../lib/format';
import { hashGameName } from '../../lib/games';
import { LOGIN_PATH } from '../../lib/navigation';
import { useHashCards } from '../../state/home';
import { useHashLive, useHashRound } from '../../state/queries/hash-game';
import { useHomeData } from '../../state/queries/home';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { areasOfKind, hashGameOf, oddsFor, type CurrencyCode, type Level } from './hashDisplay';
import { gameLabel, type Translate } from './labels';
import { useOutcome } from './outcome';
import { PageBet } from './PageBet';
import { TransferBet } from './TransferBet';
import { useHashT } from './useHashT';
import './hashGame.css';
import { useBalances } from '../../state/queries/balances';
import { Pressable } from '../../components/Pressable';

type Nav = 'pageBet' | 'transferBet';

/** The header's balance in the currency being bet; visitors get the way in instead. */
function HeaderBalance({ t, currency }: { t: Translate; currency: CurrencyCode }) {
  const router = useIonRouter();
  const token = useSession((s) => s.token);
  const { data: balances } = useBalances();
  const outcome = useOutcome((s) => s.latest);
  if (!token) {
    return (
      <Pressable type="button" className="hash-balance hash-balance--login" onClick={() => router.push(LOGIN_PATH)} data-testid="hash-login">
        {t('common.login')}
      </Pressable>
    );
  }
  const value = currency === 'USDT' ? balances?.usdt : balances?.trx;
  // What a settled round paid back, beside the balance it just raised.
  const credited = outcome && outcome.currency === currency && outcome.payout > 0n ? outcome.payout : null;
  return (
    <Pressable type="button" className="hash-balance" onClick={() => router.push('/walletShow')} data-testid="hash-balance" data-currency={currency}>
      <span className="hash-balance__coin">{currency === 'USDT' ? '₮' : 'T'}</span>
      <span dir="ltr">{formatAmount(value)}</span>
      {credited !== null && (
        <span key={outcome!.shownAt} className="hash-balance__delta" data-testid="hash-balance-delta" dir="ltr">
          +{formatMicroShort(credited)}
        </span>
      )}
    </Pressable>
  );
}

function HashGameBody({ gameId }: { gameId: number }) {
  const { t } = useHashT();
  const language = useSettings((s) => s.language);
  const [params, setParams] = useSearchParams();
  const nav: Nav = params.get('nav') === 'transferBet' ? 'transferBet' : 'pageBet';
  const catalogue = hashGameOf(gameId)!;
  const { data: home } = useHomeData();
  const game = home?.hashGames.find((g) => g.id === gameId);
  const level = (useHashCards((s) => s.levels[gameId]) === 1 ? 1 : 0) as Level;
  const setLevel = useHashCards((s) => s.setLevel);
  const [currency, setCurrency] = useState<CurrencyCode>('USDT');
  const { data: snapshot } = useHashRound(gameId);
  useHashLive(gameId);

  const canTransfer = catalogue.transferBet || Boolean(game?.transferBetAddress.some((a) => a.trim()));
  const title = hashGameName(gameId, language) ?? gameLabel(t, gameId);
  // The round's quote for the kind's first side; before it arrives, the lobby's figure (which is the
  // big/small-style odds, so not for lucky ten or the tie), then the rules' default.
  const firstArea = areasOfKind(catalogue.kind)[0];
  const quoted = snapshot?.round.levels.length ? oddsFor(catalogue.kind, firstArea, snapshot.round.levels, level, currency) : '';
  const lobbyOdds = catalogue.kind !== 'luckyTen' && game?.rewardRate && Number(game.rewardRate) > 0 ? game.rewardRate : '';
  const headlineOdds = `1:${quoted || lobbyOdds || oddsFor(catalogue.kind, firstArea)}`;

  return (
    <Screen title={title} testId="hash-game" right={<HeaderBalance t={t} currency={currency} />}>
      <section className="hash-game__facts" data-testid="hash-game-facts">
        <div>
          <small>{t('facts.kind')}</small>
          <b>{t(`kind.${catalogue.kind}`)}</b>
        </div>
        <div>
          <small>{t('facts.round')}</small>
          <b>{t(`period.${catalogue.period}`)}</b>
        </div>
        <div>
          <small>{t('facts.odds')}</small>
          {/* Bull has no fixed odds: what comes back depends on both hands' points. */}
          {catalogue.kind === 'bull' ? (
            <b data-testid="hash-game-odds">{t('bet.byPoints')}</b>
          ) : (
            <b dir="ltr" data-testid="hash-game-odds">
              {headlineOdds}
            </b>
          )}
        </div>
      </section>
      {canTransfer && (
        <Segmented<Nav>
          className="hash-game__nav"
          value={nav}
          onValueChange={(next) => setParams({ gameId: String(gameId), nav: next }, { replace: true })}
          options={[
            { value: 'pageBet', label: t('nav.pageBet'), testId: 'hash-nav-pageBet' },
            { value: 'transferBet', label: t('nav.transferBet'), testId: 'hash-nav-transferBet' },
          ]}
        />
      )}
      {nav === 'transferBet' && canTransfer ? (
        <TransferBet t={t} game={game} catalogue={catalogue} round={snapshot?.round} />
      ) : (
        <PageBet
          t={t}
          gameId={gameId}
          catalogue={catalogue}
          game={game}
          currency={currency}
          onCurrency={setCurrency}
          level={level}
          onLevel={(next) => setLevel(gameId, next)}
        />
      )}
      <nav className="hash-links">
        <Link to="/betRecord" className="hash-links__item" data-testid="hash-link-records">
          <Icon name="record" />
          {t('links.records')}
        </Link>
        <Link to={`/hashGame/verify?gameId=${gameId}`} className="hash-links__item" data-testid="hash-link-verify">
          <Icon name="shield" />
          {t('links.verify')}
        </Link>
        <Link to={`/autoBet?gameId=${gameId}`} className="hash-links__item" data-testid="hash-link-autobet">
          <Icon name="record" />
          {t('links.autoBet')}
        </Link>
      </nav>
    </Screen>
  );
}

/**
 * `/hashGame?gameId=..&nav=pageBet|transferBet`: betting on a hash game in the app or by transfer.
 * Visitors may look (and are sent to log in when they bet), except at the games that need a session
 * even to open.
 */
export default function HashGameScreen() {
  const { t } = useHashT();
  const [params] = useSearchParams();
  const gameId = Number(params.get('gameId'));
  const catalogue = hashGameOf(gameId);
  const { data: home } = useHomeData();
  const requiresLogin = catalogue?.loginRequired || home?.hashGames.find((g) => g.id === gameId)?.requiresLogin;

  if (!catalogue) {
    return (
      <Screen title={t('title.game')} testId="hash-game">
        <EmptyState icon="hash" title={t('common.notFound')} text={t('common.notFoundText')} />
      </Screen>
    );
  }
  const body = <HashGameBody key={gameId} gameId={gameId} />;
  return requiresLogin ? <RequireAuth>{body}</RequireAuth> : body;
}
