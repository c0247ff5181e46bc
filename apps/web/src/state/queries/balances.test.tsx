import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeHandler } from '../realtime';
import { clearSession, signIn, useSession } from '../session';
import { applyBalances, useBalances, type Balances } from './balances';

const balanceHandlers = new Set<RealtimeHandler>();
vi.mock('../realtime', () => ({
  onPlayerEvent: (event: string, handler: RealtimeHandler) => {
    if (event !== 'balance') return () => undefined;
    balanceHandlers.add(handler);
    return () => balanceHandlers.delete(handler);
  },
  onRealtimeStatus: () => () => undefined,
}));
const call = vi.fn();
vi.mock('../../api', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));

const push = (data: unknown) =>
  act(async () => {
    for (const handler of balanceHandlers) handler(data, 'balance');
    // React Query tells its observers on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

let container: HTMLDivElement;
let root: ReturnType<typeof createRoot>;
let client: QueryClient;
const shown = () => [...container.querySelectorAll('output')].map((o) => o.textContent);

function Shown({ onPush }: { onPush?: (next: Balances, previous: Balances | undefined) => void }) {
  const { data } = useBalances(onPush);
  return <output>{data?.usdt ?? '-'}</output>;
}

beforeEach(() => {
  signIn('tok', { id: 1 } as Parameters<typeof signIn>[1]);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  applyBalances(client, { usdt: '10', trx: '1' });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  clearSession();
  call.mockReset();
});

describe('the player balances', () => {
  it('are held once: a socket push reaches every screen showing them, through one subscription', async () => {
    const heard = vi.fn();
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <Shown onPush={heard} />
          <Shown />
        </QueryClientProvider>,
      ),
    );
    expect(shown()).toEqual(['10', '10']);
    expect(balanceHandlers.size).toBe(1);

    await push({ usdt: '12.5', trx: '1' });

    expect(shown()).toEqual(['12.5', '12.5']);
    expect(heard).toHaveBeenCalledTimes(1);
    // A push without cash and bonus (an older server) is held as all cash.
    expect(heard).toHaveBeenCalledWith(
      { usdt: '12.5', trx: '1', cash: { usdt: '12.5', trx: '1' }, bonus: { usdt: '0', trx: '0' } },
      { usdt: '10', trx: '1', cash: { usdt: '10', trx: '1' }, bonus: { usdt: '0', trx: '0' } },
    );
  });

  it('are never kept on the session player, so no second copy can fall behind', () => {
    signIn('tok', { id: 1, balances: { usdt: '3', trx: '4' } } as Parameters<typeof signIn>[1]);
    expect(useSession.getState().player).not.toHaveProperty('balances');
  });

  it('stop following the socket once no screen shows them', async () => {
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <Shown />
        </QueryClientProvider>,
      ),
    );
    act(() => root.render(<QueryClientProvider client={client}>{null}</QueryClientProvider>));
    expect(balanceHandlers.size).toBe(0);
  });
});
