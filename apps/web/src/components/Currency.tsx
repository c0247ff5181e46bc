import type { CurrencyCode } from '@lobby/contract';
import { Icon } from './Icon';
import { Pressable } from './Pressable';
import './cards.css';
import './currency.css';

export const CURRENCY_LIST: readonly CurrencyCode[] = ['USDT', 'TRX'];

export function CoinMark({ currency, size = 'md' }: { currency: CurrencyCode; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={`coin coin--${currency.toLowerCase()} coin--${size}`} aria-hidden="true">
      {currency === 'USDT' ? '₮' : 'T'}
    </span>
  );
}

interface CurrencyChipsProps {
  value: CurrencyCode;
  onChange(currency: CurrencyCode): void;
  testIdPrefix: string;
  label: string;
  /** Extra text under a currency, e.g. its network. */
  note?: (currency: CurrencyCode) => string | undefined;
  disabled?: (currency: CurrencyCode) => boolean;
}

export function CurrencyChips({ value, onChange, testIdPrefix, label, note, disabled }: CurrencyChipsProps) {
  return (
    <div className="currency-chips" role="radiogroup" aria-label={label}>
      {CURRENCY_LIST.map((currency) => (
        <Pressable
          key={currency}
          type="button"
          role="radio"
          aria-checked={currency === value}
          className={['currency-chip', currency === value ? 'is-active' : ''].filter(Boolean).join(' ')}
          onClick={() => onChange(currency)}
          disabled={disabled?.(currency)}
          data-testid={`${testIdPrefix}-${currency}`}
        >
          <CoinMark currency={currency} size="sm" />
          <span className="currency-chip__text">
            <b>{currency}</b>
            {note?.(currency) && <small>{note(currency)}</small>}
          </span>
          {currency === value && <Icon name="check" className="currency-chip__check" />}
        </Pressable>
      ))}
    </div>
  );
}
