import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../events/event-bus.ts';
import { PUSH_PLAYER, type PlayerPush } from '../realtime/realtime.ts';
import { useMigratedTestDatabase } from '../testing/migrated-database.ts';
import { BalanceEvents } from './balance-events.ts';
import { walletOf } from './balances.ts';

describe('balance events', () => {
  const database = useMigratedTestDatabase();

  const setup = (announceChanged: (playerId: number) => Promise<void>) => {
    const bus = createMemoryEventBus();
    const pushes: PlayerPush[] = [];
    const order: string[] = [];
    bus.subscribe(PUSH_PLAYER, (push: PlayerPush) => {
      order.push(`push ${push.playerId}`);
      pushes.push(push);
    });
    const warnings: unknown[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line)) });
    const players = {
      announceChanged: async (playerId: number) => {
        order.push(`snapshot ${playerId}`);
        await announceChanged(playerId);
      },
    };
    return { events: new BalanceEvents(database().db, players, bus, log), pushes, order, warnings };
  };

  it('drops the player snapshot, then pushes `balance` with both currencies, cash and bonus apart, as decimal strings', async () => {
    const { events, pushes, order } = setup(async () => undefined);
    await events.announce(7, walletOf({ USDT: 12_500_000n, TRX: 1n }, { USDT: 2_000_000n, TRX: 0n }));
    expect(order).toEqual(['snapshot 7', 'push 7']);
    expect(pushes).toEqual([
      {
        playerId: 7,
        event: 'balance',
        data: { usdt: '14.5', trx: '0.000001', cash: { usdt: '12.5', trx: '0.000001' }, bonus: { usdt: '2', trx: '0' } },
      },
    ]);
  });

  const NOTHING = { usdt: '0', trx: '0', cash: { usdt: '0', trx: '0' }, bonus: { usdt: '0', trx: '0' } };

  it('reads the balances of each changed player once, a currency never used as zero', async () => {
    const { events, pushes } = setup(async () => undefined);
    await events.changed([41, 42, 41]);
    expect(pushes).toEqual([
      { playerId: 41, event: 'balance', data: NOTHING },
      { playerId: 42, event: 'balance', data: NOTHING },
    ]);
  });

  it('logs, and does not throw, when a change cannot be announced: the money has moved already', async () => {
    const { events, pushes, warnings } = setup(async (playerId) => {
      if (playerId === 1) throw new Error('redis away');
    });
    await expect(events.changed([1, 2])).resolves.toBeUndefined();
    expect(pushes.map((push) => push.playerId)).toEqual([2]);
    expect(warnings).toEqual([expect.objectContaining({ playerId: 1, msg: 'balance change not announced' })]);
  });
});
