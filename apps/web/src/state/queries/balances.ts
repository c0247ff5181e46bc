import type { CallResponse, walletCalls } from '@lobby/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { onPlayerEvent, onRealtimeStatus } from '../realtime';
import { useSession } from '../session';
import { bankKeys, walletKeys } from './keys';

export type Balances = CallResponse<typeof walletCalls.balanceGet>;
type BalancePushListener = (next: Balances, previous: Balances | undefined) => void;

/*
 * The player's lobby balances are held in one place, the query under walletKeys.balances(). Every new
 * figure goes through applyBalances: the balance call and the player's load or login (sync), the
 * replies of money calls, and the socket's `balance` pushes. Screens read them with useBalances.
 */

/** New balances from anywhere: the one copy changes, and what depends on the same money is asked again. */
export function applyBalances(client: QueryClient, balances: Balances): void {
  client.setQueryData<Balances>(walletKeys.balances(), { usdt: balances.usdt, trx: balances.trx });
  // Game-provider wallets and what may be withdrawn now depend on the same money.
  void client.invalidateQueries({ queryKey: walletKeys.display() });
  void client.invalidateQueries({ queryKey: bankKeys.all });
}

/** The balances as last known, for code outside rendering (a click handler deciding what to offer). */
export function readBalances(client: QueryClient): Balances | undefined {
  return client.getQueryData<Balances>(walletKeys.balances());
}

/** Asks the server again, when a refusal suggests the balances shown are behind. */
export function refreshBalances(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: walletKeys.balances() });
}

function isBalances(data: unknown): data is Balances {
  const value = data as Partial<Balances> | null;
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
      for (const listener of pushListeners) listener(data, previous);
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
    queryFn: ({ signal }) => api.call(calls.wallet.balanceGet, {}, { silent: true, signal }),
    enabled: token !== null,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
    meta: { silent: true },
  });
}
