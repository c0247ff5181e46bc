import type { CallRequest, CallResponse, Player, walletCalls } from '@lobby/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { onPlayerEvent, onRealtimeStatus } from '../realtime';
import { setPlayer, useSession } from '../session';
import { playerKeys } from './player';

export type Balances = CallResponse<typeof walletCalls.balanceGet>;
export type CashoutAddress = CallResponse<typeof walletCalls.cashoutAddressList>[number];
export type CashoutAccount = CallResponse<typeof walletCalls.cashoutAccountGet>[number];
export type CashoutAccountInput = CallRequest<typeof walletCalls.cashoutAccountAdd>;

// Under 'player': a logout drops them with every other player-scoped query.
export const walletKeys = {
  all: ['player', 'wallet'] as const,
  display: () => [...walletKeys.all, 'display'] as const,
  balances: () => [...walletKeys.all, 'balances'] as const,
  addresses: () => [...walletKeys.all, 'addresses'] as const,
  accounts: () => [...walletKeys.all, 'accounts'] as const,
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

/** The lobby wallet's balances; kept current by the socket's balance events and refetched on focus. */
export function useBalances() {
  const token = useToken();
  return useQuery({
    queryKey: walletKeys.balances(),
    queryFn: ({ signal }) => api.call(calls.wallet.balanceGet, {}, { silent: true, signal }),
    enabled: token !== null,
    initialData: () => useSession.getState().player?.balances,
    initialDataUpdatedAt: 0,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
    meta: { silent: true },
  });
}

/** New balances from anywhere (a socket event, a money call's reply): every copy of them follows. */
export function applyBalances(client: QueryClient, balances: Balances): void {
  client.setQueryData(walletKeys.balances(), balances);
  const player = client.getQueryData<Player>(playerKeys.profile()) ?? useSession.getState().player;
  if (player) {
    const next = { ...player, balances: { ...balances } };
    client.setQueryData(playerKeys.profile(), next);
    setPlayer(next);
  }
  // Game-provider wallets and what may be withdrawn now depend on the same money.
  void client.invalidateQueries({ queryKey: walletKeys.display() });
  void client.invalidateQueries({ queryKey: ['player', 'bank'] });
}

function isBalances(data: unknown): data is Balances {
  const value = data as Partial<Balances> | null;
  return !!value && typeof value.usdt === 'string' && typeof value.trx === 'string';
}

/**
 * Follows the player's `balance` events on the shared socket while mounted. `onChange` hears each
 * new balance with the previous one (a deposit arriving on the recharge screen, for instance).
 */
export function useLiveBalances(onChange?: (next: Balances, previous: Balances | undefined) => void) {
  const client = useQueryClient();
  const token = useToken();
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!token) return;
    const offBalance = onPlayerEvent('balance', (data) => {
      if (!isBalances(data)) return;
      const previous = client.getQueryData<Balances>(walletKeys.balances());
      applyBalances(client, data);
      latest.current?.(data, previous);
    });
    // Pushes sent while the socket was down are lost: read the balances again on every (re)connect.
    const offStatus = onRealtimeStatus((connected) => {
      if (connected) void client.invalidateQueries({ queryKey: walletKeys.balances() });
    });
    return () => {
      offBalance();
      offStatus();
    };
  }, [client, token]);
  return useBalances();
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
      api.call(calls.wallet.cashoutAddressAdd, body, { loading: true }),
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
      api.call(calls.wallet.financePasswordUpdate, body, { loading: true }),
    onSuccess: () => {
      const player = client.getQueryData<Player>(playerKeys.profile());
      if (player) {
        client.setQueryData(playerKeys.profile(), { ...player, hasFundPassword: true });
        setPlayer({ ...player, hasFundPassword: true });
      }
      void client.invalidateQueries({ queryKey: playerKeys.profile() });
      void client.invalidateQueries({ queryKey: ['player', 'bank'] });
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
    mutationFn: (body: CallRequest<typeof walletCalls.cashoutAccountUpdate>) =>
      api.call(calls.wallet.cashoutAccountUpdate, body, { loading: true }),
    // The reply is every account after the change: a new default changes another row too.
    onSuccess: (accounts) => client.setQueryData(walletKeys.accounts(), accounts),
  });
}
