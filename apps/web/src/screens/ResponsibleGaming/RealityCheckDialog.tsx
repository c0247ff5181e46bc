import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { Ltr } from '../../components/Ltr';
import { formatMicroExact, toMicro } from '../../lib/money';
import type { RealityCheck } from '../../state/queries/protection';
import { useSettings } from '../../state/settings';
import { formatMoment, useProtectionT } from './useProtectionT';
import './responsibleGaming.css';

/** A signed amount ("-12.5" is a loss) in micro-units; the money parser reads unsigned amounts only. */
export function signedMicro(amount: string): bigint {
  const text = amount.trim();
  return text.startsWith('-') ? -toMicro(text.slice(1)) : toMicro(text.replace(/^\+/, ''));
}

export type RealityCheckChoice = 'continue' | 'history' | 'stop';

/** Minutes since the session began, by this device's clock (a test's fake clock moves it too). */
export const minutesSince = (iso: string, now = Date.now()) => Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));

/**
 * RTS 13: how long this session has lasted and its net result, with the three ways on. It waits for an
 * answer: no tap beside it, no Escape, no corner cross closes it unread.
 */
export default function RealityCheckDialog({ check, onChoose }: { check: RealityCheck; onChoose(choice: RealityCheckChoice): void }) {
  const { t } = useProtectionT();
  const language = useSettings((s) => s.language);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const minutes = Math.max(check.elapsedMinutes, minutesSince(check.sessionStartedAt, now));
  const duration = minutes < 60 ? t('duration.minutes', { minutes }) : t('duration.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  const net = check.net.filter((n) => signedMicro(n.amount) !== 0n);
  return (
    <div className="popup-layer rg-check-layer" role="presentation">
      <div className="popup rg-check" role="alertdialog" aria-modal="true" aria-labelledby="rg-check-title" data-testid="reality-check" data-minutes={minutes}>
        <h2 className="popup__title" id="rg-check-title">
          {t('reality.dialogTitle')}
        </h2>
        <p className="rg-check__elapsed" data-testid="reality-check-elapsed">
          {t('reality.elapsed', { duration })}
        </p>
        <p className="rg-check__since">{t('reality.since', { at: formatMoment(check.sessionStartedAt, language) })}</p>
        <section className="rg-check__net" data-testid="reality-check-net">
          <h3>{t('reality.net')}</h3>
          {net.length === 0 ? (
            <b>{t('reality.even')}</b>
          ) : (
            net.map((n) => {
              const micro = signedMicro(n.amount);
              return (
                <b key={n.currency} className={micro < 0n ? 'is-loss' : 'is-gain'} data-testid={`reality-check-net-${n.currency}`}>
                  <Ltr>{`${micro > 0n ? '+' : micro < 0n ? '−' : ''}${formatMicroExact(micro < 0n ? -micro : micro)} ${n.currency}`}</Ltr>
                </b>
              );
            })
          )}
        </section>
        <div className="rg-check__actions">
          <Button block onClick={() => onChoose('continue')} data-testid="reality-check-continue">
            {t('reality.continue')}
          </Button>
          <Button block variant="secondary" onClick={() => onChoose('history')} data-testid="reality-check-history">
            {t('reality.history')}
          </Button>
          <Button block variant="ghost" onClick={() => onChoose('stop')} data-testid="reality-check-stop">
            {t('reality.stop')}
          </Button>
        </div>
      </div>
    </div>
  );
}
