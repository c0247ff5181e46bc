import type { HashKind } from '@lobby/hash-games';
import { useEffect, useRef } from 'react';
import { Pressable } from '../../components/Pressable';
import { formatAmount, formatMicroShort } from '../../lib/format';
import { useBalances } from '../../state/queries/balances';
import { useMyBets } from '../../state/queries/hash-game';
import type { Translate } from './labels';
import { newlySettled, OUTCOME_SHOWN_MS, playOutcomeSound, useOutcome } from './outcome';

/** A signed amount, minus as the true minus sign, isolated so it stays whole in right-to-left text. */
export const signedAmount = (micro: bigint, currency: string) =>
  `\u2066${micro > 0n ? '+' : micro < 0n ? '\u2212' : ''}${formatMicroShort(micro < 0n ? -micro : micro)} ${currency}\u2069`;

/**
 * Watches the player's bets on this game and, when a round they bet on settles, shows what it came
 * to (and chimes, if they turned sound on). Bets already settled when the page opened are not news.
 */
export function useRoundOutcomes(gameId: number): void {
  const { data: bets } = useMyBets(gameId);
  const seen = useRef<Map<number, number> | null>(null);
  useEffect(() => {
    if (!bets) return;
    const before = seen.current;
    seen.current = new Map(bets.map((bet) => [bet.id, bet.status]));
    if (!before) return;
    const outcomes = newlySettled(before, bets);
    if (outcomes.length === 0) return;
    // Several currencies in one round are rare; the one that moved most is the one told.
    const told = outcomes.reduce((a, b) => ((b.profit < 0n ? -b.profit : b.profit) > (a.profit < 0n ? -a.profit : a.profit) ? b : a));
    const state = useOutcome.getState();
    state.show(told);
    if (state.sound) playOutcomeSound(told.tone);
  }, [bets]);
  const latest = useOutcome((s) => s.latest);
  useEffect(() => {
    if (!latest) return;
    const timer = setTimeout(() => useOutcome.getState().dismiss(), OUTCOME_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [latest]);
  useEffect(() => () => useOutcome.getState().dismiss(), [gameId]);
}

/**
 * The result moment: what the round won or lost, what came back and the balance now. It covers the
 * round card for a moment, never the bet controls, and a tap sends it away.
 */
export function RoundOutcomeBanner({ t }: { t: Translate }) {
  const latest = useOutcome((s) => s.latest);
  const { data: balances } = useBalances();
  if (!latest) return null;
  const balance = latest.currency === 'USDT' ? balances?.usdt : latest.currency === 'TRX' ? balances?.trx : undefined;
  return (
    <Pressable
      key={`${latest.key}:${latest.shownAt}`}
      className={`round-outcome round-outcome--${latest.tone}`}
      onClick={() => useOutcome.getState().dismiss()}
      data-testid="hash-outcome"
      data-tone={latest.tone}
      data-round={latest.round}
      aria-live="assertive"
    >
      <span className="round-outcome__burst" aria-hidden="true" />
      <small className="round-outcome__title">{t(`outcome.${latest.tone}`, { round: latest.round })}</small>
      <b className="round-outcome__amount" data-testid="hash-outcome-amount">
        {signedAmount(latest.profit, latest.currency)}
      </b>
      <small className="round-outcome__detail" data-testid="hash-outcome-detail">
        {t('outcome.returned', { amount: `\u2066${formatMicroShort(latest.payout)} ${latest.currency}\u2069` })}
        {balance !== undefined && <> · {t('outcome.balance', { amount: `\u2066${formatAmount(balance)} ${latest.currency}\u2069` })}</>}
      </small>
    </Pressable>
  );
}

/** Sound after each round: off unless the player turns it on; the choice is kept on this device. */
export function SoundToggle({ t }: { t: Translate }) {
  const sound = useOutcome((s) => s.sound);
  return (
    <Pressable
      className="hash-sound"
      aria-pressed={sound}
      onClick={() => useOutcome.getState().setSound(!sound)}
      data-testid="hash-sound"
      data-on={sound ? 'true' : 'false'}
    >
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M4 9h4l5-4v14l-5-4H4z" />
        {sound ? <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" /> : <path d="M17 9l5 6M22 9l-5 6" />}
      </svg>
      {t(sound ? 'outcome.soundOn' : 'outcome.soundOff')}
    </Pressable>
  );
}

/**
 * What the marks on a block id mean, opened by the player under the results: the struck-through
 * letters are skipped, the highlighted digit decides; for the hand games, which characters each
 * hand reads.
 */
export function HashExplain({ t, kind }: { t: Translate; kind: HashKind }) {
  const hands = kind === 'bull' || kind === 'bankerPlayer';
  return (
    <details className="hash-explain" data-testid="hash-explain">
      <summary data-testid="hash-explain-toggle">{t('explain.title')}</summary>
      {hands ? (
        <>
          <p>
            <span className="hash-tail__banker">{t('explain.bankerMark')}</span> <span className="hash-tail__player">{t('explain.playerMark')}</span>
          </p>
          <p>{t(kind === 'bull' ? 'working.bullRule' : 'working.bankerPlayerRule')}</p>
        </>
      ) : (
        <>
          <p className="hash-explain__example" dir="ltr">
            <code className="hash-tail">
              <span className="hash-tail__plain">…3e8</span>
              <span className="hash-tail__decider">7</span>
              <span className="hash-tail__skipped">fa</span>
            </code>
          </p>
          <p data-testid="hash-explain-skipped">{t('explain.skipped')}</p>
          <p>{t('explain.decider')}</p>
          {(kind === 'bigSmallSum' || kind === 'oddEvenSum') && <p>{t('working.sumRule')}</p>}
        </>
      )}
    </details>
  );
}
