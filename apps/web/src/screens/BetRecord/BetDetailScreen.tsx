import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { RequireAuth } from '../../components/Page';
import { Screen } from '../../components/Screen';
import { formatExact } from '../../lib/format';
import { useBetDetail, type HashBetDetail } from '../../state/queries/hash-game';
import { useSettings } from '../../state/settings';
import { HashTail } from '../HashGame/HashTail';
import { hashGameOf, statusTone } from '../HashGame/hashDisplay';
import { areaLabel, gameLabel, statusLabel, type Translate } from '../HashGame/labels';
import { useHashT } from '../HashGame/useHashT';
import { WorkingView } from '../HashGame/Working';
import { checkBet } from './check';
import { formatTime } from './records';
import '../HashGame/hashGame.css';

function Row({ label, children, testId, stacked }: { label: string; children: ReactNode; testId?: string; stacked?: boolean }) {
  return (
    <div className={stacked ? 'detail-row detail-row--stacked' : 'detail-row'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function Body({ t, bet, language }: { t: Translate; bet: HashBetDetail; language: string }) {
  const check = checkBet(bet);
  const tone = statusTone(bet.status);
  // The server knows which chain the bet was decided on; without a public explorer for it, no link.
  const explorer = bet.explorerUrl;
  const verify =
    bet.verifyUrl ||
    `/hashGame/verify?${new URLSearchParams({ gameId: String(bet.gameId), height: String(bet.round), ...(bet.blockId ? { blockId: bet.blockId } : {}), area: bet.area, amount: bet.amount, level: String(bet.level) })}`;

  return (
    <>
      <section className="detail-card" data-testid="betdetail-summary">
        <header className="detail-card__head">
          <b data-testid="betdetail-game">{gameLabel(t, bet.gameId)}</b>
          <span className={`status-tag status-tag--${tone}`} data-testid="betdetail-status" data-status={bet.status}>
            {statusLabel(t, bet.status)}
          </span>
        </header>
        <dl className="detail-list">
          <Row label={t('detail.area')} testId="betdetail-area">
            {areaLabel(t, bet.area)}
          </Row>
          <Row label={t('detail.stake')} testId="betdetail-stake">
            <span dir="ltr">
              {formatExact(bet.amount, bet.currency)} {bet.currency}
            </span>
          </Row>
          <Row label={t('detail.odds')} testId="betdetail-odds">
            {hashGameOf(bet.gameId)?.kind === 'bull' ? t('bet.byPoints') : <span dir="ltr">×{bet.odds}</span>}
          </Row>
          <Row label={t('detail.payout')} testId="betdetail-payout">
            <span dir="ltr">{bet.payoutAmount === null ? '—' : `${formatExact(bet.payoutAmount, bet.currency)} ${bet.currency}`}</span>
          </Row>
          <Row label={t('detail.profit')} testId="betdetail-profit">
            <span dir="ltr">{bet.profitAmount === null ? '—' : `${formatExact(bet.profitAmount, bet.currency)} ${bet.currency}`}</span>
          </Row>
          <Row label={t('detail.level')}>{t(`level.${bet.level}`)}</Row>
          <Row label={t('detail.source')}>{t(`source.${bet.source}`)}</Row>
          <Row label={t('detail.placedAt')}>{formatTime(bet.createdAt, language)}</Row>
          <Row label={t('detail.settledAt')}>{formatTime(bet.settledAt, language)}</Row>
          {bet.txId && (
            <Row label={t('detail.txId')} testId="betdetail-tx">
              <code dir="ltr">{bet.txId}</code>
            </Row>
          )}
          {bet.fromAddress && (
            <Row label={t('detail.fromAddress')}>
              <code dir="ltr">{bet.fromAddress}</code>
            </Row>
          )}
          {bet.payoutTxId && (
            <Row label={t('detail.payoutTx')}>
              <code dir="ltr">{bet.payoutTxId}</code>
            </Row>
          )}
        </dl>
      </section>

      <section className="detail-card" data-testid="betdetail-block">
        <dl className="detail-list">
          <Row label={t('detail.height')} testId="betdetail-height">
            <span dir="ltr">#{bet.round}</span>
          </Row>
          <Row label={t('detail.blockId')} testId="betdetail-block-id" stacked>
            {bet.blockId && check ? (
              <HashTail
                kind={check.result.kind}
                blockId={bet.blockId}
                length={64}
                className="working__block detail-block-id"
                testId="betdetail-block-highlight"
              />
            ) : bet.blockId ? (
              <code dir="ltr" className="detail-block-id">
                {bet.blockId}
              </code>
            ) : (
              <span data-testid="betdetail-awaiting">{t('detail.awaiting', { round: bet.round })}</span>
            )}
          </Row>
        </dl>
        {check && (
          <>
            <h2 className="hash-section__title">{t('working.title')}</h2>
            <WorkingView t={t} result={check.result} testIdPrefix="betdetail" showBlock={false} />
            <p className={`check-note check-note--${check.agrees ? 'ok' : 'bad'}`} data-testid="betdetail-match" data-match={check.agrees}>
              <Icon name={check.agrees ? 'check' : 'close'} />
              <span>{t(check.agrees ? 'detail.matches' : 'detail.differs')}</span>
            </p>
          </>
        )}
        <div className="detail-links">
          <Link to={verify} className="btn btn--secondary btn--sm" data-testid="betdetail-verify">
            <span className="btn__label">
              <Icon name="shield" /> {t('detail.verify')}
            </span>
          </Link>
          {explorer && (
            <a href={explorer} target="_blank" rel="noreferrer noopener" className="btn btn--ghost btn--sm" data-testid="betdetail-explorer">
              <span className="btn__label">{t('detail.explorer')}</span>
            </a>
          )}
        </div>
      </section>
    </>
  );
}

/** `/betRecord/betDetails?id=..`: one bet, its block, and the working of its result. */
export default function BetDetailScreen() {
  const { t } = useHashT();
  const language = useSettings((s) => s.language);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { data, isPending, isError } = useBetDetail(id);

  return (
    <RequireAuth>
      <Screen title={t('title.detail')} testId="betDetails" backHref="/betRecord">
        {data ? (
          <Body t={t} bet={data} language={language} />
        ) : isPending && Number.isSafeInteger(id) && id > 0 && !isError ? (
          <div className="detail-card" aria-busy="true">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--text" />
          </div>
        ) : (
          <EmptyState icon="record" title={t('detail.notFound')} text={t('detail.notFoundText')} testId="betdetail-missing" />
        )}
      </Screen>
    </RequireAuth>
  );
}
