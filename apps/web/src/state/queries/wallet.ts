import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useSession } from '../session';

export const walletKeys = {
  all: ['player', 'wallet'] as const,
  display: () => [...walletKeys.all, 'display'] as const,
};

/** Sums decimal strings exactly (micro-units), so totals never pick up floating-point dust. */
export function sumAmounts(values: readonly string[]): string {
  let micro = 0n;
  for (const value of values) {
    const match = /^(-?)(\d+)(?:\.(\d{1,6}))?/.exec(value.trim());
    if (!match) continue;
    const units = BigInt(match[2]) * 1_000_000n + BigInt((match[3] ?? '').padEnd(6, '0'));
    micro += match[1] ? -units : units;
  }
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const fraction = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / 1_000_000n}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The wallet display: every wallet (the lobby's and those held by game providers) after pulling funds
 * back, with the TRX and USDT totals summed over them. Failures are silent (SPEC section 8).
 */
export function useWalletDisplay() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: walletKeys.display(),
    queryFn: async ({ signal }) => {
      const entries = await api.call(calls.wallet.balanceSyncAndGet, {}, { silent: true, signal });
      return {
        entries,
        usdt: sumAmounts(entries.map((e) => e.usdtBalance)),
        trx: sumAmounts(entries.map((e) => e.trxBalance)),
      };
    },
    enabled: token !== null,
    meta: { silent: true },
  });
}
