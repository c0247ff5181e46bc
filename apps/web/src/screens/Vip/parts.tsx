import type { ReactNode } from 'react';
import { formatMicroExact, toMicro } from '../../lib/money';
import { Ltr } from '../../components/Ltr';
import './vip.css';

/** An exact amount with its currency, read left to right in every language. */
export function Money({ amount, currency, testId, signed }: { amount: string | bigint; currency: string; testId?: string; signed?: boolean }) {
  const micro = typeof amount === 'bigint' ? amount : toMicro(amount);
  return (
    <Ltr className="vip-money">
      <span data-testid={testId}>{`${signed && micro > 0n ? '+' : ''}${formatMicroExact(micro)} ${currency}`}</span>
    </Ltr>
  );
}

/** An amount inside a sentence: isolated left to right, so its digits and commas keep their order in Arabic. */
export const inlineAmount = (micro: bigint): string => `\u2066${formatMicroExact(micro)}\u2069`;

export function Card({ title, children, testId, aside }: { title?: string; children: ReactNode; testId?: string; aside?: ReactNode }) {
  return (
    <section className="vip-card" data-testid={testId}>
      {(title || aside) && (
        <header className="vip-card__head">
          {title && <h2 className="vip-card__title">{title}</h2>}
          {aside}
        </header>
      )}
      {children}
    </section>
  );
}

export function StatusChip({ kind, children, testId }: { kind: 'claimed' | 'locked' | 'ready'; children: ReactNode; testId?: string }) {
  return (
    <span className={`vip-chip-status vip-chip-status--${kind}`} data-testid={testId}>
      {children}
    </span>
  );
}

export function LevelBadge({ level, size = 'md' }: { level: number; size?: 'md' | 'lg' }) {
  return (
    <span className={`vip-level-badge vip-level-badge--${size}`} data-testid="vip-level-badge">
      <Ltr>{`VIP ${level}`}</Ltr>
    </span>
  );
}
