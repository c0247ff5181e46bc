import { GameType, RTL_LANGUAGES, type CurrencyCode } from '@lobby/contract';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Pressable } from '../../components/Pressable';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { copyText } from '../../lib/clipboard';
import { useClaimMultiplier, WagerTerms } from '../Bonus/WagerTerms';
import { useClaimCommission, useReferralSummary, type ReferralCommission, type ReferralSummary } from '../../state/queries/referral';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { toastFailure, toastSuccess } from '../../state/ui';
import { toMicro } from '../../lib/money';
import { CoinMark } from '../../components/Currency';
import { LoadError } from '../../components/LoadError';
import { Ltr } from '../../components/Ltr';
import { SkeletonCard } from '../../components/SkeletonCard';
import { Card, inlineAmount, Money } from '../Vip/parts';
import { plusCount, shanghaiDay } from './days';
import { drawPoster, savePoster } from './poster';
import { inviteLink, SHARE_TARGETS, shareUrl, type ShareTarget } from './share';
import { ShareIcon } from './ShareIcons';
import { useReferralT } from './useReferralT';
import './promotion.css';

const ORDER: readonly CurrencyCode[] = ['USDT', 'TRX'];

/** Parts per million as a percentage with the digits it needs: 3000 → "0.3%". */
export const ppmPercent = (ppm: number): string => `${(ppm / 10_000).toFixed(4).replace(/\.?0+$/, '')}%`;

function useCopy() {
  const { t } = useReferralT();
  return async (text: string, what: 'code' | 'link' | 'message') => {
    if (await copyText(text)) toastSuccess(t(`promotion.copied.${what}`));
    else toastFailure(t('promotion.copyFailed'));
  };
}

function InviteCard({ summary, link }: { summary: ReferralSummary; link: string }) {
  const { t } = useReferralT();
  const copy = useCopy();
  return (
    <section className="promo-hero" data-testid="promotion-invite">
      <h2 className="promo-hero__title">{t('promotion.heroTitle')}</h2>
      <p className="promo-hero__text">{t('promotion.heroText')}</p>
      <div className="promo-field">
        <span className="promo-field__label">{t('promotion.code')}</span>
        {/* The code keeps the label's side in either direction; the link reads as the address it is. */}
        <span className="promo-field__value promo-field__value--code">
          <Ltr>
            <span data-testid="promotion-code">{summary.inviteCode}</span>
          </Ltr>
        </span>
        <Pressable
          className="promo-copy"
          onClick={() => void copy(summary.inviteCode, 'code')}
          aria-label={t('promotion.copyCode')}
          data-testid="promotion-copy-code"
        >
          <Icon name="copy" />
        </Pressable>
      </div>
      <div className="promo-field">
        <span className="promo-field__label">{t('promotion.link')}</span>
        <Ltr className="promo-field__value">
          <span data-testid="promotion-link">{link}</span>
        </Ltr>
        <Pressable className="promo-copy" onClick={() => void copy(link, 'link')} aria-label={t('promotion.copyLink')} data-testid="promotion-copy-link">
          <Icon name="copy" />
        </Pressable>
      </div>
      <Button block onClick={() => void copy(link, 'link')} data-testid="promotion-copy-link-button">
        {t('promotion.copyLink')}
      </Button>
    </section>
  );
}

function PosterCard({ code, link }: { code: string; link: string }) {
  const { t } = useReferralT();
  const language = useSettings((s) => s.language);
  const [poster, setPoster] = useState<{ blob: Blob; url: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const texts = useMemo(
    () => ({ headline: t('poster.headline'), subline: t('poster.subline'), codeLabel: t('poster.codeLabel'), scanHint: t('poster.scanHint') }),
    [t],
  );
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    const fontFamily = getComputedStyle(document.body).fontFamily || 'sans-serif';
    drawPoster({ link, code, texts, rtl: RTL_LANGUAGES.includes(language), fontFamily })
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setPoster({ blob, url });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [link, code, texts, language]);

  const save = async () => {
    if (!poster) return;
    setSaving(true);
    try {
      const how = await savePoster(poster.blob, `invite-${code}.png`);
      if (how === 'downloaded') toastSuccess(t('poster.saved'));
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) toastFailure(t('poster.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('poster.title')} testId="promotion-poster">
      <div className="promo-poster">
        {poster ? (
          <img src={poster.url} alt={t('poster.alt')} className="promo-poster__image" data-testid="promotion-poster-image" />
        ) : failed ? (
          <p className="vip-note">{t('poster.unavailable')}</p>
        ) : (
          <span className="skeleton promo-poster__placeholder" aria-hidden="true" />
        )}
        <div className="promo-poster__side">
          <p className="vip-note">{t('poster.text')}</p>
          <Button size="sm" disabled={!poster} busy={saving} onClick={() => void save()} data-testid="promotion-poster-save">
            {t('poster.save')}
          </Button>
        </div>
      </div>
    </Card>
  );
}

function ShareCard({ link, code, onInstagram }: { link: string; code: string; onInstagram(): void }) {
  const { t } = useReferralT();
  const message = t('share.message', { code });
  const open = (target: ShareTarget) => {
    const url = shareUrl(target, message, link);
    if (url) {
      window.open(url, '_blank', 'noopener,noreferrer');
      return;
    }
    onInstagram();
  };
  return (
    <Card title={t('share.title')} testId="promotion-share">
      <ul className="promo-share">
        {SHARE_TARGETS.map((target) => (
          <li key={target}>
            <Pressable className={`promo-share__target promo-share__target--${target}`} onClick={() => open(target)} data-testid={`promotion-share-${target}`}>
              <span className="promo-share__icon">
                <ShareIcon target={target} />
              </span>
              <span className="promo-share__name">{t(`share.targets.${target}`)}</span>
            </Pressable>
          </li>
        ))}
      </ul>
      <p className="promo-share__message" data-testid="promotion-share-message">
        {message}
      </p>
    </Card>
  );
}

function CommissionCard({ commission }: { commission: ReferralCommission }) {
  const { t } = useReferralT();
  const claim = useClaimCommission();
  const multiplier = useClaimMultiplier('referral');
  const currency = commission.currency;
  return (
    <Card testId={`commission-${currency}`}>
      <div className="rebate-head">
        <CoinMark currency={currency} />
        <div className="vip-stat">
          <small>{t('commission.claimable')}</small>
          <b>
            <Money amount={commission.claimable} currency={currency} testId={`commission-claimable-${currency}`} />
          </b>
        </div>
        <Button
          size="sm"
          disabled={!commission.canClaim}
          busy={claim.isPending}
          onClick={() =>
            claim.mutate(currency, {
              onSuccess: (reply) => toastSuccess(t('commission.claimedToast', { amount: inlineAmount(toMicro(reply.amount)), currency: reply.currency })),
            })
          }
          data-testid={`commission-claim-${currency}`}
        >
          {t('commission.claim')}
        </Button>
      </div>
      {commission.canClaim ? (
        <WagerTerms multiplier={multiplier} amount={commission.claimable} currency={currency} testId={`commission-terms-${currency}`} />
      ) : (
        <p className="vip-note" data-testid={`commission-minimum-${currency}`}>
          {t('commission.minimum', { amount: inlineAmount(toMicro(commission.minClaim)), currency })}
        </p>
      )}
      <div className="vip-stats promo-stats">
        <div className="vip-stat">
          <small>{t('commission.today')}</small>
          <Money amount={commission.today} currency={currency} testId={`commission-today-${currency}`} />
        </div>
        <div className="vip-stat">
          <small>{t('commission.total')}</small>
          <Money amount={commission.total} currency={currency} testId={`commission-total-${currency}`} />
        </div>
        <div className="vip-stat">
          <small>{t('commission.claimed')}</small>
          <Money amount={commission.claimed} currency={currency} testId={`commission-claimed-${currency}`} />
        </div>
        {(toMicro(commission.underReview) ?? 0n) > 0n && (
          <div className="vip-stat">
            <small>{t('commission.underReview')}</small>
            <Money amount={commission.underReview} currency={currency} testId={`commission-under-review-${currency}`} />
          </div>
        )}
      </div>
    </Card>
  );
}

function TeamCard({ summary }: { summary: ReferralSummary }) {
  const { t } = useReferralT();
  const today = shanghaiDay();
  return (
    <Card
      title={t('team.title')}
      testId="promotion-team"
      aside={
        <Link to="/proxyPartner" className="text-link promo-link" data-testid="promotion-team-link">
          {t('team.members')}
          <Icon name="chevronRight" className="flip-rtl" />
        </Link>
      }
    >
      <div className="promo-levels">
        <div className="promo-level promo-level--total">
          <small>{t('team.total')}</small>
          <b data-testid="promotion-team-total">{summary.teamTotal}</b>
        </div>
        {summary.team.map((level) => (
          <div key={level.level} className="promo-level" data-testid={`promotion-team-level-${level.level}`}>
            <small>{t('team.level', { level: level.level })}</small>
            <b>{level.members}</b>
            {level.newToday > 0 && <span className="promo-level__new">{t('team.newToday', { added: plusCount(level.newToday) })}</span>}
          </div>
        ))}
      </div>
      <Link to={`/performance/details/1/${GameType.NONE}/USDT/${today}`} className="promo-row-link" data-testid="promotion-performance-link">
        <Icon name="chart" />
        <span>{t('team.performance')}</span>
        <Icon name="chevronRight" className="flip-rtl" />
      </Link>
    </Card>
  );
}

function RatesCard({ summary }: { summary: ReferralSummary }) {
  const { t } = useReferralT();
  const rows = [1, 2, 3].map((level) => {
    const rates = summary.rates.filter((rate) => rate.level === level).map((rate) => rate.ratePpm);
    return { level, low: rates.length ? Math.min(...rates) : 0, high: rates.length ? Math.max(...rates) : 0 };
  });
  return (
    <Card title={t('rates.title')} testId="promotion-rates">
      <ul className="vip-record-list">
        {rows.map(({ level, low, high }) => (
          <li key={level} className="vip-record__line promo-rate" data-testid={`promotion-rate-${level}`}>
            <span>{t('team.level', { level })}</span>
            <Ltr>
              <b>{low === high ? ppmPercent(high) : `${ppmPercent(low)} – ${ppmPercent(high)}`}</b>
            </Ltr>
          </li>
        ))}
      </ul>
      <p className="vip-note">{t('rates.note')}</p>
    </Card>
  );
}

function PlayerPromotion() {
  const { t } = useReferralT();
  const summary = useReferralSummary();
  if (summary.isPending) {
    return (
      <>
        <SkeletonCard lines={4} />
        <SkeletonCard lines={3} />
      </>
    );
  }
  if (summary.isError) return <LoadError onRetry={() => void summary.refetch()} testId="promotion-error" icon="promotion" />;
  const data = summary.data;
  const link = inviteLink(window.location.origin, data.inviteCode);
  const commissions = [...data.commissions].sort((a, b) => ORDER.indexOf(a.currency) - ORDER.indexOf(b.currency));
  return (
    <>
      <InviteCard summary={data} link={link} />
      <ShareCard
        link={link}
        code={data.inviteCode}
        // Instagram takes no shared links: the message goes to the clipboard, to paste beside the poster.
        onInstagram={() =>
          void copyText(`${t('share.message', { code: data.inviteCode })}\n${link}`).then((ok) =>
            ok ? toastSuccess(t('share.instagram')) : toastFailure(t('promotion.copyFailed')),
          )
        }
      />
      <PosterCard code={data.inviteCode} link={link} />
      <h2 className="promo-section-title">{t('commission.title')}</h2>
      {commissions.map((commission) => (
        <CommissionCard key={commission.currency} commission={commission} />
      ))}
      <TeamCard summary={data} />
      <RatesCard summary={data} />
    </>
  );
}

/** /promotion: the invite code and link, the poster, sharing, commission to claim and the team at a glance. */
export default function PromotionScreen() {
  const { t } = useReferralT();
  const token = useSession((s) => s.token);
  return (
    <Screen title={t('promotion.title')} testId="promotion">
      {token ? (
        <PlayerPromotion />
      ) : (
        <SignInPrompt
          icon="promotion"
          title={t('promotion.visitorTitle')}
          text={t('promotion.visitorText')}
          loginLabel={t('login')}
          testId="promotion-visitor"
        />
      )}
    </Screen>
  );
}
