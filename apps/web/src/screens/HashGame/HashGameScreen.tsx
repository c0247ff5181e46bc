import { BetLevel, DEFAULT_HASH_ODDS, RoundPeriod } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { Segmented } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { copyText } from '../../lib/clipboard';
import { formatAmount, formatOdds } from '../../lib/format';
import { gameName } from '../../lib/games';
import { useHomeData } from '../../state/queries/home';
import { useSettings } from '../../state/settings';
import { toastFailure, toastSuccess } from '../../state/ui';
import './hashGame.css';

type Nav = 'pageBet' | 'transferBet';

const PERIOD_KEYS: Record<number, string> = {
  [RoundPeriod.THREE_SECONDS]: 'search.hash.balance',
  [RoundPeriod.ONE_MINUTE]: 'search.hash.oneMinute',
  [RoundPeriod.THREE_MINUTES]: 'search.hash.threeMinutes',
  [RoundPeriod.NINE_SECONDS]: 'search.hash.nineSeconds',
  [RoundPeriod.THIRTY_SECONDS]: 'search.hash.thirtySeconds',
};

/** `/hashGame?gameId=..&nav=pageBet|transferBet`: the game's facts and its transfer-bet addresses. */
export default function HashGameScreen() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const [params, setParams] = useSearchParams();
  const gameId = Number(params.get('gameId'));
  const nav: Nav = params.get('nav') === 'transferBet' ? 'transferBet' : 'pageBet';
  const { data: home, isPending } = useHomeData();
  const game = home?.hashGames.find((g) => g.id === gameId);

  const copy = async (address: string) => {
    if (await copyText(address)) toastSuccess(t('common.copied'));
    else toastFailure(t('common.copyFailed'));
  };

  if (!game) {
    return (
      <Screen title={t('category.hash')} testId="hash-game">
        {!isPending && <EmptyState icon="hash" title={t('game.notFound')} text={t('game.notFoundText')} />}
      </Screen>
    );
  }

  const canTransfer = game.transferBetAddress.some((a) => a.trim());

  return (
    <Screen title={gameName(game, language)} testId="hash-game">
      <section className="hash-game__facts" data-testid="hash-game-facts">
        <div>
          <small>{t('hash.odds')}</small>
          <b>{formatOdds(game.rewardRate, DEFAULT_HASH_ODDS)}</b>
        </div>
        <div>
          <small>{t('hash.round')}</small>
          <b>{game.period ? t(PERIOD_KEYS[game.period] ?? 'search.hash.all') : '—'}</b>
        </div>
      </section>
      {canTransfer && (
        <Segmented<Nav>
          className="hash-game__nav"
          value={nav}
          onValueChange={(next) => setParams({ gameId: String(game.id), nav: next }, { replace: true })}
          options={[
            { value: 'pageBet', label: t('hash.pageBet'), testId: 'hash-nav-pageBet' },
            { value: 'transferBet', label: t('hash.transferBet'), testId: 'hash-nav-transferBet' },
          ]}
        />
      )}
      {nav === 'transferBet' && canTransfer ? (
        <div className="hash-game__addresses">
          {[BetLevel.BEGINNER, BetLevel.INTERMEDIATE].map((level) => {
            const address = game.transferBetAddress[level]?.trim();
            const limit = game.transferBetLimit[level];
            if (!address) return null;
            return (
              <article key={level} className="hash-game__address" data-testid={`hash-address-${level}`}>
                <header>
                  <b>{t(level === BetLevel.BEGINNER ? 'hash.beginner' : 'hash.intermediate')}</b>
                  {limit && (
                    <span dir="ltr">
                      {formatAmount(limit.min, 0)} – {formatAmount(limit.max, 0)} {limit.currency}
                    </span>
                  )}
                </header>
                <div className="hash-game__address-row">
                  <code dir="ltr">{address}</code>
                  <button type="button" className="icon-button" onClick={() => copy(address)} aria-label={t('common.copy')}>
                    <Icon name="copy" />
                  </button>
                </div>
              </article>
            );
          })}
          <p className="hash-game__note">{t('hash.transferNote')}</p>
        </div>
      ) : (
        <EmptyState icon="record" title={t('empty.records.title')} text={t('hash.noBets')} />
      )}
    </Screen>
  );
}
