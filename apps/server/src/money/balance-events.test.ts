import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { DomainEvents, PlayerPush } from '../events/domain-events.ts';
import { createMemoryEventBus, type EventBus } from '../events/event-bus.ts';
import { useMigratedTestDatabase } from '../testing/migrated-database.ts';
import { BalanceEvents } from './balance-events.ts';
import { walletOf } from './balances.ts';

describe('balance events', () => {
  const database = useMigratedTestDatabase();

  /** `refuse` makes the bus refuse a player's `player.changed` (Redis away). */
  const setup = (refuse: (playerId: number) => boolean = () => false) => {
    const bus = createMemoryEventBus();
    const pushes: PlayerPush[] = [];
    const changes: DomainEvents['balance.changed'][] = [];
    const order: string[] = [];
    bus.subscribe('player.changed', ({ playerId }) => void order.push(`snapshot ${playerId}`));
    bus.subscribe('push.player', (push) => {
      order.push(`push ${push.playerId}`);
      pushes.push(push);
    });
    bus.subscribe('balance.changed', (change) => {
      order.push(`changed ${change.playerId}`);
      changes.push(change);
    });
    const refusing: EventBus = {
      ...bus,
      publish: (event, payload) =>
        event === 'player.changed' && refuse((payload as DomainEvents['player.changed']).playerId)
          ? Promise.reject(new Error('redis away'))
          : bus.publish(event, payload),
    };
    const warnings: unknown[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line)) });
    return { events: new BalanceEvents(database().db, refusing, log), pushes, changes, order, warnings };
  };

  it('drops the player snapshot, pushes `balance` with both currencies, cash and bonus apart, as decimal strings, then tells this instance', async () => {
    const { events, pushes, changes, order } = setup();
    const wallet = walletOf({ USDT: 12_500_000n, TRX: 1n }, { USDT: 2_000_000n, TRX: 0n });
    await events.announce(7, wallet, { play: true });
    expect(order).toEqual(['snapshot 7', 'push 7', 'changed 7']);
    expect(changes).toEqual([{ playerId: 7, wallet, cause: { play: true } }]);
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
    const { events, pushes } = setup();
    await events.changed([41, 42, 41]);
    expect(pushes).toEqual([
      { playerId: 41, event: 'balance', data: NOTHING },
      { playerId: 42, event: 'balance', data: NOTHING },
    ]);
  });

  it('logs, and does not throw, when a change cannot be announced: the money has moved already', async () => {
    const { events, pushes, warnings } = setup((playerId) => playerId === 1);
    await expect(events.changed([1, 2])).resolves.toBeUndefined();
    expect(pushes.map((push) => push.playerId)).toEqual([2]);
    expect(warnings).toEqual([expect.objectContaining({ playerId: 1, msg: 'balance change not announced' })]);
  });
});
