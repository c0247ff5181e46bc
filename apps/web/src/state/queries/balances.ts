import type { CallResponse, CurrencyCode, walletCalls } from '@lobby/contract';
import { parseMicro } from '@lobby/contract/micro';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { onPlayerEvent, onRealtimeStatus } from '../realtime';
import { useSession } from '../session';
import { bankKeys, bonusKeys, walletKeys } from './keys';

/** Totals (cash + bonus, what may be staked), and cash and bonus apart (ECONOMY.md "Bonus money and wagering"). */
export type Balances = CallResponse<typeof walletCalls.balanceGet>;
/** Balances as a reply or push may carry them: a server from before cash and bonus were apart sends totals only. */
export type BalancesIn = Pick<Balances, 'usdt' | 'trx'> & Partial<Pick<Balances, 'cash' | 'bonus'>>;

/** Balances with the split filled in: without one, everything is cash. */
export function withSplit(balances: BalancesIn): Balances {
  return {
    usdt: balances.usdt,
    trx: balances.trx,
    cash: balances.cash ?? { usdt: balances.usdt, trx: balances.trx },
    bonus: balances.bonus ?? { usdt: '0', trx: '0' },
  };
}

/** One currency's money in micro-units: the total may be staked, only the cash may leave. */
export interface CurrencyMoney {
  total: bigint;
  cash: bigint;
  bonus: bigint;
}

export function moneyOf(balances: BalancesIn | undefined, currency: CurrencyCode): CurrencyMoney {
  const key = currency === 'USDT' ? 'usdt' : 'trx';
  const micro = (value: string | undefined) => parseMicro(value ?? '0') ?? 0n;
  const total = micro(balances?.[key]);
  const bonus = balances?.bonus ? micro(balances.bonus[key]) : 0n;
  const cash = balances?.cash ? micro(balances.cash[key]) : total - bonus;
  return { total, cash, bonus };
}
type BalancePushListener = (next: Balances, previous: Balances | undefined) => void;

/*
 * The player's lobby balances are held in one place, the query under walletKeys.balances(). Every new
 * figure goes through applyBalances: the balance call and the player's load or login (sync), the
 * replies of money calls, and the socket's `balance` pushes. Screens read them with useBalances.
 */

/** New balances from anywhere: the one copy changes, and what depends on the same money is asked again. */
export function applyBalances(client: QueryClient, balances: BalancesIn): void {
  client.setQueryData<Balances>(walletKeys.balances(), withSplit(balances));
  // Game-provider wallets, what may be withdrawn now and what is left to wager depend on the same money.
  void client.invalidateQueries({ queryKey: walletKeys.display() });
  void client.invalidateQueries({ queryKey: bankKeys.all });
  void client.invalidateQueries({ queryKey: bonusKeys.wagering() });
}

/** The balances as last known, for code outside rendering (a click handler deciding what to offer). */
export function readBalances(client: QueryClient): Balances | undefined {
  return client.getQueryData<Balances>(walletKeys.balances());
}

/** Asks the server again, when a refusal suggests the balances shown are behind. */
export function refreshBalances(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: walletKeys.balances() });
}

function isBalances(data: unknown): data is BalancesIn {
  const value = data as Partial<BalancesIn> | null;
  return !!value && typeof value.usdt === 'string' && typeof value.trx === 'string';
}

// One socket subscription for however many readers are mounted, so each push is applied once.
const pushListeners = new Set<BalancePushListener>();
let following: { client: QueryClient; readers: number; stop(): void } | undefined;

function followPushes(client: QueryClient): () => void {
  if (following?.client !== client) {
    following?.stop();
    const offBalance = onPlayerEvent('balance', (data) => {
      if (!isBalances(data)) {
        void refreshBalances(client);
        return;
      }
      const previous = readBalances(client);
      applyBalances(client, data);
      const next = withSplit(data);
      for (const listener of pushListeners) listener(next, previous);
    });
    // Pushes sent while the socket was down are lost: read the balances again on every (re)connect.
    const offStatus = onRealtimeStatus((connected) => {
      if (connected) void refreshBalances(client);
    });
    following = {
      client,
      readers: 0,
      stop: () => {
        offBalance();
        offStatus();
      },
    };
  }
  const current = following;
  current.readers += 1;
  return () => {
    current.readers -= 1;
    if (current.readers === 0 && following === current) {
      current.stop();
      following = undefined;
    }
  };
}

/**
 * The player's lobby balances, live: the socket's `balance` pushes are followed while any screen
 * shows them, and they are read again on focus. `onPush` hears each pushed balance with the one
 * before it (a deposit arriving on the recharge screen, for instance).
 */
export function useBalances(onPush?: BalancePushListener) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const latest = useRef(onPush);
  latest.current = onPush;
  useEffect(() => {
    if (!token) return;
    const listener: BalancePushListener = (next, previous) => latest.current?.(next, previous);
    pushListeners.add(listener);
    const stop = followPushes(client);
    return () => {
      pushListeners.delete(listener);
      stop();
    };
  }, [client, token]);
  return useQuery({
    queryKey: walletKeys.balances(),
    queryFn: async ({ signal }) => withSplit(await api.call(calls.wallet.balanceGet, {}, { silent: true, signal })),
    enabled: token !== null,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
    meta: { silent: true },
  });
}
