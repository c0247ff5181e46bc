import { formatExact } from '../../lib/format';
import { toMicro } from '../HashGame/hashDisplay';

/** Profit with its sign, coloured by the row: what the player is up or down; a dash while there is none. */
export function ProfitText({ profitAmount, currency }: { profitAmount: string | null; currency: string }) {
  if (profitAmount === null) return <span className="bet-row__profit">—</span>;
  const micro = toMicro(profitAmount.replace('-', '')) ?? 0n;
  const negative = profitAmount.trim().startsWith('-') && micro > 0n;
  const tone = negative ? 'lose' : micro > 0n ? 'win' : 'draw';
  return (
    <span className={`bet-row__profit bet-row__profit--${tone}`} dir="ltr">
      {negative ? '−' : micro > 0n ? '+' : ''}
      {formatExact(profitAmount.replace('-', ''), currency)} <small>{currency}</small>
    </span>
  );
}
