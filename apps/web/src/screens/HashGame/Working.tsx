import type { Hand, HashResult } from '@lobby/hash-games';
import { HashTail } from './HashTail';
import type { WorkingLike } from './hashDisplay';
import { areaLabel, type Translate } from './labels';

/** `3 + 4 + 10 = 17 → 7`: each character's value, the total and the points, as a player redoes it. */
export function handFormula(hand: Hand): string {
  return `${hand.values.join(' + ')} = ${hand.total} → ${hand.points}`;
}

function HandRow({ t, side, hand, bullBull, testId }: { t: Translate; side: 'banker' | 'player'; hand: Hand; bullBull: boolean; testId: string }) {
  return (
    <div className="working__row" data-testid={testId}>
      <dt>{t(`area.${side}`)}</dt>
      <dd>
        <code dir="ltr">{hand.chars.join(' ')}</code>
        <span dir="ltr">{handFormula(hand)}</span>
        {bullBull && <em>{t('working.bullBull')}</em>}
      </dd>
    </div>
  );
}

function winnerText(t: Translate, result: HashResult): string {
  if (result.winner === 'tie') return result.kind === 'bull' ? t('working.draw') : t('area.tie');
  return areaLabel(t, result.winner);
}

/**
 * The working of a result computed on this device by the rules package: the characters read, the
 * values they count, and the winner. Bet details and the verifier show it side by side with the
 * block id, so anyone can follow it with the block explorer open.
 */
export function WorkingView({
  t,
  result,
  testIdPrefix,
  showBlock = true,
}: {
  t: Translate;
  result: HashResult;
  testIdPrefix: string;
  /** Off where the page already shows the highlighted block id above. */
  showBlock?: boolean;
}) {
  const id = (name: string) => `${testIdPrefix}-${name}`;
  return (
    <section className="working" data-testid={id('working')}>
      {showBlock && <HashTail kind={result.kind} blockId={result.blockId} length={64} className="working__block" testId={id('block-highlight')} />}
      <dl className="working__list">
        {(result.kind === 'bigSmall' ||
          result.kind === 'oddEven' ||
          result.kind === 'luckyTen' ||
          result.kind === 'bigSmallSum' ||
          result.kind === 'oddEvenSum') && (
          <>
            <div className="working__row" data-testid={id('digit')}>
              <dt>{t('working.digit')}</dt>
              <dd>
                <b dir="ltr">{result.digit.digit}</b>
                {result.digit.skipped && (
                  <span>
                    {t('working.skipped')} <code dir="ltr">{result.digit.skipped}</code>
                  </span>
                )}
              </dd>
            </div>
            {(result.kind === 'bigSmallSum' || result.kind === 'oddEvenSum') && (
              <>
                <div className="working__row">
                  <dt>{t('working.heightDigit')}</dt>
                  <dd>
                    <b dir="ltr">{result.heightDigit}</b>
                  </dd>
                </div>
                <div className="working__row" data-testid={id('sum')}>
                  <dt>{t('working.sum')}</dt>
                  <dd>
                    <span dir="ltr">
                      {result.digit.digit} + {result.heightDigit} → <b>{result.sum}</b>
                    </span>
                  </dd>
                </div>
              </>
            )}
            <p className="working__rule">{t(result.kind.endsWith('Sum') ? 'working.sumRule' : 'working.digitRule')}</p>
          </>
        )}
        {(result.kind === 'bull' || result.kind === 'bankerPlayer') && (
          <>
            <HandRow t={t} side="banker" hand={result.banker} bullBull={result.kind === 'bull' && result.banker.points === 10} testId={id('banker')} />
            <HandRow t={t} side="player" hand={result.player} bullBull={result.kind === 'bull' && result.player.points === 10} testId={id('player')} />
            <p className="working__rule">{t(result.kind === 'bull' ? 'working.bullRule' : 'working.bankerPlayerRule')}</p>
          </>
        )}
        <div className="working__row working__row--result" data-testid={id('winner')}>
          <dt>{t('working.result')}</dt>
          <dd>
            <b>{winnerText(t, result)}</b>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** A decided round in one line: the winning side and the figure it came from. */
export function ResultSummary({ t, working }: { t: Translate; working: WorkingLike }) {
  const figure =
    working.bankerPoints !== null && working.playerPoints !== null
      ? `${working.bankerPoints} : ${working.playerPoints}`
      : working.sum !== null
        ? String(working.sum)
        : working.lastDigit !== null && working.kind !== 'luckyTen'
          ? String(working.lastDigit)
          : '';
  const winners = working.winningAreas.length > 0 ? working.winningAreas.map((area) => areaLabel(t, area)).join(' / ') : t('working.draw');
  return (
    <span className="result-summary">
      <b className={`result-chip result-chip--${working.winningAreas[0] ?? 'draw'}`}>{winners}</b>
      {figure && <small dir="ltr">{figure}</small>}
    </span>
  );
}
