import { ErrorCode, type Game } from '@lobby/contract';
import type { AreaId, HashGame } from '@lobby/hash-games';
import { useIonRouter } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { catalogueMessage } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { isInsufficientFunds, useOfferDeposit } from '../../components/DepositOffer';
import { Field, Segmented } from '../../components/Field';
import { formatAmount, formatExact } from '../../lib/format';
import { LOGIN_PATH } from '../../lib/navigation';
import { useIntentKey } from '../../api/idempotency';
import {
  hashKeys,
  useHashResults,
  useHashRound,
  useMyBets,
  usePlaceBet,
  type HashBet,
  type HashResultRow,
  type RoundSnapshot,
} from '../../state/queries/hash-game';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { toastFailure, toastSuccess } from '../../state/ui';
import { HashTail } from './HashTail';
import {
  amountProblem,
  areasOfKind,
  bullWinRate,
  CHIPS,
  CURRENCY_CODES,
  isDigitArea,
  levelLimit,
  msToClose,
  oddsFor,
  secondsFromMs,
  statusTone,
  tenthsOf,
  type CurrencyCode,
  type Level,
} from './hashDisplay';
import { areaLabel, statusLabel, type Translate } from './labels';
import { HashExplain, RoundOutcomeBanner, SoundToggle, useRoundOutcomes } from './RoundOutcome';
import { ResultSummary } from './Working';
import { refreshBalances, useBalances } from '../../state/queries/balances';
import { Pressable } from '../../components/Pressable';

const BLOCK_MS = 3_000;

/** Milliseconds left in the round, ticking; asks for the next round while the closed one awaits its block. */
function useRoundClock(snapshot: RoundSnapshot | undefined, refetch: () => void, tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  const ms = snapshot ? msToClose(snapshot.round, snapshot.receivedAt, now) : 0;
  const closed = snapshot !== undefined && ms === 0;
  const round = snapshot?.round.round;
  useEffect(() => {
    if (!closed) return;
    // Betting on this round has closed; the next one opens with the next block, which the
    // websocket usually announces first. This only covers a socket that stayed silent.
    const timer = setInterval(refetch, 1_500);
    return () => clearInterval(timer);
  }, [closed, round, refetch]);
  return ms;
}

/** Whether betting on the shown round has closed: one timer to the closing moment, not a ticking clock. */
function useBettingClosed(snapshot: RoundSnapshot | undefined): boolean {
  const [closedFor, setClosedFor] = useState<RoundSnapshot | null>(null);
  useEffect(() => {
    if (!snapshot) return;
    const timer = setTimeout(() => setClosedFor(snapshot), msToClose(snapshot.round, snapshot.receivedAt, Date.now()));
    return () => clearTimeout(timer);
  }, [snapshot]);
  return !snapshot || closedFor === snapshot || msToClose(snapshot.round, snapshot.receivedAt, Date.now()) === 0;
}

/** Tenths of a second, for rounds so short that whole seconds would jump 3, 2, 1 and be gone. */
const TENTHS_UP_TO_MS = BLOCK_MS;

function RoundCard({ t, snapshot, unavailable, refetch }: { t: Translate; snapshot?: RoundSnapshot; unavailable: boolean; refetch: () => void }) {
  const round = snapshot?.round;
  const total = round ? round.blocksPerRound * BLOCK_MS : BLOCK_MS;
  const tenths = total <= TENTHS_UP_TO_MS;
  const ms = useRoundClock(snapshot, refetch, tenths ? 100 : 250);
  const seconds = secondsFromMs(ms);
  const share = Math.min(1, ms / total);
  return (
    <section className="hash-round" data-testid="hash-round" aria-live="polite">
      <div className="hash-round__cell">
        <small>{t('round.height')}</small>
        <b dir="ltr" data-testid="hash-round-height">
          {round ? `#${round.round}` : '—'}
        </b>
        {round && <small dir="auto">{t('round.head', { height: round.head.height })}</small>}
      </div>
      <div className="hash-round__cell hash-round__cell--clock">
        <small>{t('round.closesIn')}</small>
        <b data-testid="hash-countdown" data-seconds={round ? seconds : ''} data-tenths={tenths ? 'true' : 'false'}>
          {!round
            ? '—'
            : seconds === 0
              ? t('round.closed')
              : tenths
                ? t('round.tenths', { value: formatAmount(tenthsOf(ms), 1) })
                : t('round.seconds', { count: seconds })}
        </b>
        <span className="hash-round__bar" aria-hidden="true">
          <span style={{ inlineSize: `${share * 100}%` }} />
        </span>
      </div>
      {unavailable && !round && <p className="hash-round__note">{t('round.unavailable')}</p>}
    </section>
  );
}

function ResultsList({ t, gameId, kind }: { t: Translate; gameId: number; kind: HashGame['kind'] }) {
  const { data, isError } = useHashResults(gameId);
  return (
    <section className="hash-section" data-testid="hash-results">
      <h2 className="hash-section__title">{t('results.title')}</h2>
      <HashExplain t={t} kind={kind} />
      {data && data.length > 0 ? (
        <ul className="hash-list">
          {data.map((row) => (
            <li key={row.round} className="hash-list__row" data-testid="hash-result-row" data-round={row.round}>
              <span className="hash-list__height" dir="ltr">
                #{row.round}
              </span>
              <HashTail kind={kind} blockId={row.blockId} />
              <ResultSummary t={t} working={row.working} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="hash-section__empty">{isError ? t('results.unavailable') : t('results.empty')}</p>
      )}
    </section>
  );
}

/**
 * What a settled bull bet came to: both hands' points and what came back. A bull loss still returns
 * part of the stake, so "lose" alone would not say what the player got.
 */
function BullOutcome({ t, bet, working }: { t: Translate; bet: HashBet; working: HashResultRow['working'] | undefined }) {
  return (
    <small className="hash-my-bet__outcome" data-testid="hash-my-bet-outcome">
      {working && working.bankerPoints !== null && working.playerPoints !== null && (
        <span data-testid="hash-my-bet-hands" data-banker={working.bankerPoints} data-player={working.playerPoints}>
          {areaLabel(t, 'banker')} <b>{working.bankerPoints}</b> · {areaLabel(t, 'player')} <b>{working.playerPoints}</b>
        </span>
      )}
      {bet.payoutAmount !== null && (
        <span data-testid="hash-my-bet-returned">
          {t('detail.payout')}{' '}
          <b dir="ltr">
            {formatExact(bet.payoutAmount, bet.currency)} {bet.currency}
          </b>
        </span>
      )}
    </small>
  );
}

function MyBetRow({ t, bet, kind, working }: { t: Translate; bet: HashBet; kind: HashGame['kind']; working: HashResultRow['working'] | undefined }) {
  const tone = statusTone(bet.status);
  const bull = kind === 'bull';
  return (
    <li className="hash-list__row" data-testid="hash-my-bet-row" data-status={bet.status} data-round={bet.round}>
      <span className="hash-list__height" dir="ltr">
        #{bet.round}
      </span>
      <span className="hash-list__main">
        <b>{areaLabel(t, bet.area)}</b>
        <small>
          <span dir="ltr">
            {formatExact(bet.amount, bet.currency)} {bet.currency}
          </span>{' '}
          · {bull ? t('bet.byPoints') : <span dir="ltr">×{bet.odds}</span>}
        </small>
        {bull && bet.payoutAmount !== null && <BullOutcome t={t} bet={bet} working={working} />}
      </span>
      <span className={`status-tag status-tag--${tone}`}>
        {statusLabel(t, bet.status)}
        {bet.payoutAmount !== null && tone !== 'lose' && !bull && (
          <small dir="ltr">
            {formatExact(bet.payoutAmount, bet.currency)} {bet.currency}
          </small>
        )}
      </span>
    </li>
  );
}

function MyBets({ t, gameId, kind }: { t: Translate; gameId: number; kind: HashGame['kind'] }) {
  const token = useSession((s) => s.token);
  const { data } = useMyBets(gameId);
  // The same query as the results list below: a settled bet's round is among the latest results.
  const { data: results } = useHashResults(gameId);
  const workingOf = (round: number) => results?.find((row) => row.round === round)?.working;
  return (
    <section className="hash-section" data-testid="hash-my-bets">
      <div className="hash-section__head">
        <h2 className="hash-section__title">{t('myBets.title')}</h2>
        {token && <SoundToggle t={t} />}
      </div>
      {!token ? (
        <p className="hash-section__empty">{t('myBets.visitor')}</p>
      ) : data && data.length > 0 ? (
        <ul className="hash-list">
          {data.map((bet) => (
            <MyBetRow key={bet.id} t={t} bet={bet} kind={kind} working={workingOf(bet.round)} />
          ))}
        </ul>
      ) : (
        <p className="hash-section__empty">{t('myBets.empty')}</p>
      )}
    </section>
  );
}

interface PageBetProps {
  t: Translate;
  gameId: number;
  catalogue: HashGame;
  game: Game | undefined;
  currency: CurrencyCode;
  onCurrency(currency: CurrencyCode): void;
  level: Level;
  onLevel(level: Level): void;
}

/** Betting in the app: the open round, the sides with their odds, the stake, and what happened since. */
export function PageBet({ t, gameId, catalogue, game, currency, onCurrency, level, onLevel }: PageBetProps) {
  const router = useIonRouter();
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const language = useSettings((s) => s.language);
  const offerDeposit = useOfferDeposit();
  const { data: balances } = useBalances();
  const roundQuery = useHashRound(gameId);
  const snapshot = roundQuery.data;
  const round = snapshot?.round;
  const kind = round?.kind ?? catalogue.kind;
  const placeBet = usePlaceBet();
  useRoundOutcomes(gameId);
  const amountId = `hash-amount-${useId().replace(/[^\w-]/g, '')}`;

  const [area, setArea] = useState<AreaId | null>(null);
  const [amount, setAmount] = useState(String(CHIPS.USDT[0]));
  const closed = useBettingClosed(snapshot);
  const { refetch } = roundQuery;
  const refetchRound = useCallback(() => void refetch(), [refetch]);
  // A bet whose answer never came (timeout, dropped connection) may still have been placed: tapping
  // again with the same choice replays its key, so the server returns that bet instead of a second.
  const betIntent = useIntentKey();

  const fromRound = levelLimit(round?.levels, level, currency);
  const fromLobby = game?.transferBetLimit[level]?.currencies?.find((c) => c.currency === currency);
  const limit = fromRound ?? fromLobby;
  const balance = token ? (currency === 'USDT' ? balances?.usdt : balances?.trx) : undefined;
  const problem = amount.trim() === '' ? 'invalid' : amountProblem(amount, limit, balance);

  const pickCurrency = (next: CurrencyCode) => {
    onCurrency(next);
    // Chips differ per currency; a stake picked from the old chips would be off by ten.
    if ((CHIPS[currency] as readonly number[]).includes(Number(amount))) setAmount(String(CHIPS[next][CHIPS[currency].indexOf(Number(amount))]));
  };

  const submit = () => {
    if (!token) {
      router.push(LOGIN_PATH);
      return;
    }
    if (problem === 'balance') {
      void offerDeposit(currency);
      return;
    }
    if (!area || problem || closed || placeBet.isPending || !round) return;
    const input = { gameId: gameId, area, amount: amount.trim(), currency, level, round: round.round };
    const requestId = betIntent.keyFor(JSON.stringify(input));
    placeBet.mutate(
      { requestId, ...input },
      {
        onSuccess: () => {
          betIntent.succeeded();
          toastSuccess(t('bet.placed'));
        },
        onError: (error) => {
          betIntent.failed(error);
          // The screen tells the player why (a refusal for funds with the way to a deposit), then
          // catches up with whatever the refusal revealed (a closed round, a changed balance or configuration).
          const code = error instanceof ApiError ? error.code : undefined;
          if (isInsufficientFunds(error)) void offerDeposit(currency);
          else if (error instanceof ApiError && !error.handled && code !== undefined) {
            void catalogueMessage(code, language, error.message).then(toastFailure);
          }
          void client.invalidateQueries({ queryKey: hashKeys.round(gameId) });
          if (code === ErrorCode.INSUFFICIENT_BALANCE || code === undefined) void refreshBalances(client);
        },
      },
    );
  };

  const areas = areasOfKind(kind);
  const digits = areas.every(isDigitArea);
  // Isolated so that in right-to-left text the figure stays next to its currency.
  const stakeText = `\u2066${amount.trim() || '0'} ${currency}\u2069`;
  const submitLabel = !token ? t('bet.login') : area ? t('bet.submitOn', { stake: stakeText, area: areaLabel(t, area) }) : t('bet.pickArea');

  return (
    <>
      <div className="hash-round-wrap">
        <RoundCard t={t} snapshot={snapshot} unavailable={roundQuery.isError} refetch={refetchRound} />
        <RoundOutcomeBanner t={t} />
      </div>

      <section className="hash-section hash-bet" data-testid="hash-bet">
        <Segmented<Level>
          className="hash-bet__levels"
          label={t('level.label')}
          value={level}
          onValueChange={onLevel}
          options={[
            { value: 0, label: t('level.0'), testId: 'hash-level-0' },
            { value: 1, label: t('level.1'), testId: 'hash-level-1' },
          ]}
        />
        <div className={digits ? 'hash-areas hash-areas--digits' : `hash-areas hash-areas--${areas.length}`} role="radiogroup" aria-label={t('bet.areas')}>
          {areas.map((value) => (
            <Pressable
              key={value}
              type="button"
              role="radio"
              aria-checked={area === value}
              className={['hash-area', `hash-area--${value}`, area === value ? 'is-active' : ''].filter(Boolean).join(' ')}
              onClick={() => setArea(value)}
              data-testid={`hash-area-${value}`}
            >
              <b>{areaLabel(t, value)}</b>
              {kind === 'bull' ? <small>{t('bet.byPoints')}</small> : <small dir="ltr">×{oddsFor(kind, value, round?.levels, level, currency)}</small>}
            </Pressable>
          ))}
        </div>
        {kind === 'bull' && <p className="hash-note">{t('bet.bullNote', { rate: bullWinRate(oddsFor(kind, 'banker', round?.levels, level, currency)) })}</p>}
        {kind === 'bankerPlayer' && <p className="hash-note">{t('bet.tieNote')}</p>}

        <Segmented<CurrencyCode>
          className="hash-bet__currency"
          label={t('bet.currency')}
          value={currency}
          onValueChange={pickCurrency}
          options={CURRENCY_CODES.map((code) => ({ value: code, label: code, testId: `hash-currency-${code}` }))}
        />
        <div className="hash-chips">
          {CHIPS[currency].map((chip) => (
            <Pressable
              key={chip}
              type="button"
              className={['hash-chip', amount.trim() === String(chip) ? 'is-active' : ''].filter(Boolean).join(' ')}
              onClick={() => setAmount(String(chip))}
              data-testid={`hash-chip-${chip}`}
            >
              {chip}
            </Pressable>
          ))}
          <Pressable
            type="button"
            className={['hash-chip', (CHIPS[currency] as readonly number[]).includes(Number(amount)) ? '' : 'is-active'].filter(Boolean).join(' ')}
            onClick={() => {
              setAmount('');
              document.getElementById(amountId)?.focus();
            }}
            data-testid="hash-chip-custom"
          >
            {t('bet.custom')}
          </Pressable>
        </div>
        <Field
          id={amountId}
          label={t('bet.amount')}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onValueChange={(value) => setAmount(value.replace(',', '.'))}
          data-testid="hash-amount"
          dir="ltr"
          error={amount.trim() !== '' && problem ? t(`problem.${problem}`) : undefined}
          addon={<span className="hash-amount__unit">{currency}</span>}
        />
        <p className="hash-limit" data-testid="hash-limit">
          {limit ? (
            <>
              {t('bet.limit')}{' '}
              <b dir="ltr">
                {formatAmount(limit.min, 0)} – {formatAmount(limit.max, 0)} {currency}
              </b>
            </>
          ) : null}
        </p>
        <Button
          block
          busy={placeBet.isPending}
          // Short of funds, the button stays live: it offers the deposit.
          disabled={Boolean(token) && problem !== 'balance' && (!area || Boolean(problem) || closed || !round)}
          onClick={submit}
          data-testid="hash-bet-submit"
        >
          {token && round && closed ? t('bet.closed') : submitLabel}
        </Button>
      </section>

      <MyBets t={t} gameId={gameId} kind={kind} />
      <ResultsList t={t} gameId={gameId} kind={kind} />
    </>
  );
}
