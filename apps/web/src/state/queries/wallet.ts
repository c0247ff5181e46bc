import type { CallRequest, CallResponse, walletCalls } from '@lobby/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { setPlayer, useSession, type Profile } from '../session';
import { bankKeys, playerKeys, walletKeys } from './keys';
import { withCode, withTwoFactor } from '../../screens/Security/twoFactor';

export type CashoutAddress = CallResponse<typeof walletCalls.cashoutAddressList>[number];
export type CashoutAccount = CallResponse<typeof walletCalls.cashoutAccountGet>[number];
export type CashoutAccountInput = CallRequest<typeof walletCalls.cashoutAccountAdd>;

export { walletKeys } from './keys';

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

function useToken() {
  return useSession((s) => s.token);
}

/**
 * The wallet display: every wallet (the lobby's and those held by game providers) after pulling funds
 * back, with the TRX and USDT totals summed over them. Failures are silent (SPEC section 8).
 */
export function useWalletDisplay() {
  const token = useToken();
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
    refetchOnWindowFocus: true,
    meta: { silent: true },
  });
}

export function useCashoutAddresses() {
  const token = useToken();
  return useQuery({
    queryKey: walletKeys.addresses(),
    queryFn: ({ signal }) => api.call(calls.wallet.cashoutAddressList, {}, { silent: true, signal }),
    enabled: token !== null,
    meta: { silent: true },
  });
}

export function useAddCashoutAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof walletCalls.cashoutAddressAdd>) =>
      withTwoFactor('address', (code) => api.call(calls.wallet.cashoutAddressAdd, withCode(body, code), { loading: true })),
    onSuccess: (added) => {
      client.setQueryData<CashoutAddress[]>(walletKeys.addresses(), (list) => [added, ...(list ?? []).filter((a) => a.id !== added.id)]);
      void client.invalidateQueries({ queryKey: walletKeys.addresses() });
    },
    meta: { silent: true },
  });
}

export function useDeleteCashoutAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(calls.wallet.cashoutAddressDelete, { id }, { loading: true }),
    onSuccess: (_reply, id) => {
      client.setQueryData<CashoutAddress[]>(walletKeys.addresses(), (list) => list?.filter((a) => a.id !== id));
      void client.invalidateQueries({ queryKey: walletKeys.addresses() });
    },
  });
}

export function useUpdateFundPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof walletCalls.financePasswordUpdate>) =>
      withTwoFactor('fundPassword', (code) => api.call(calls.wallet.financePasswordUpdate, withCode(body, code), { loading: true })),
    onSuccess: () => {
      const player = client.getQueryData<Profile>(playerKeys.profile());
      if (player) {
        client.setQueryData(playerKeys.profile(), { ...player, hasFundPassword: true });
        setPlayer({ ...player, hasFundPassword: true });
      }
      void client.invalidateQueries({ queryKey: playerKeys.profile() });
      void client.invalidateQueries({ queryKey: bankKeys.all });
    },
    meta: { silent: true },
  });
}

export function useCashoutAccounts() {
  const token = useToken();
  return useQuery({
    queryKey: walletKeys.accounts(),
    queryFn: ({ signal }) => api.call(calls.wallet.cashoutAccountGet, {}, { silent: true, signal }),
    enabled: token !== null,
    meta: { silent: true },
  });
}

export function useAddCashoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CashoutAccountInput) => api.call(calls.wallet.cashoutAccountAdd, body, { loading: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: walletKeys.accounts() }),
    meta: { silent: true },
  });
}

export function useUpdateCashoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof walletCalls.cashoutAccountUpdate>) => api.call(calls.wallet.cashoutAccountUpdate, body, { loading: true }),
    // The reply is every account after the change: a new default changes another row too.
    onSuccess: (accounts) => client.setQueryData(walletKeys.accounts(), accounts),
  });
}
