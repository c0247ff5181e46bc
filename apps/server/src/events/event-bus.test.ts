import { afterEach, describe, expect, it } from 'vitest';
import type { DomainEvents } from './domain-events.ts';
import { channelPrefixFor, createInstanceBus, createMemoryEventBus, createRedisEventBus, type EventBus } from './event-bus.ts';

// The machine's Redis, as in development and CI; a database number is picked per test so parallel runs stay apart.
const REDIS = (process.env.REDIS_URL || 'redis://127.0.0.1:6379').replace(/\/\d*$/, '');

const open: EventBus[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
});

async function bus(database: number): Promise<EventBus> {
  const created = await createRedisEventBus(`${REDIS}/${database}`);
  open.push(created);
  return created;
}

type Alert = DomainEvents['alert'];
const alert = (message: string): Alert => ({ kind: 'test', severity: 'warning', message, permission: 'risk.read' });

/** Alerts a bus heard, in order. */
function listen(on: EventBus): Alert[] {
  const heard: Alert[] = [];
  on.subscribe('alert', (payload) => void heard.push(payload));
  return heard;
}

/** Publishes an alert from `from` until `heard` holds it: the subscription is live once the first one arrives. */
async function deliver(from: EventBus, message: string, heard: Alert[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!heard.some((entry) => entry.message === message)) {
    if (Date.now() > deadline) throw new Error(`${message} never arrived`);
    await from.publish('alert', alert(message));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function twoDatabases(): [number, number] {
  const first = 1 + Math.floor(Math.random() * 15);
  return [first, 1 + (first % 15)];
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createMemoryEventBus', () => {
  it('hands each subscriber the payload of its event, and nothing of other events', async () => {
    const bus = createMemoryEventBus();
    const ended: number[] = [];
    bus.subscribe('session.ended', ({ playerId }) => void ended.push(playerId));
    await bus.publish('session.ended', { playerId: 7 });
    await bus.publish('player.changed', { playerId: 8 });
    expect(ended).toEqual([7]);
  });

  it('tells every subscriber although one throws and another rejects, and reports both failures', async () => {
    const failures: [unknown, string][] = [];
    const bus = createMemoryEventBus((error, event) => failures.push([error, event]));
    const told: string[] = [];
    bus.subscribe('session.ended', () => {
      throw new Error('first broke');
    });
    bus.subscribe('session.ended', async () => {
      throw new Error('second broke');
    });
    bus.subscribe('session.ended', () => void told.push('third'));
    await expect(bus.publish('session.ended', { playerId: 1 })).resolves.toBeUndefined();
    await nextTurn();
    expect(told).toEqual(['third']);
    expect(failures.map(([error, event]) => [(error as Error).message, event])).toEqual([
      ['first broke', 'session.ended'],
      ['second broke', 'session.ended'],
    ]);
  });

  it('makes the publisher of an instance event wait for each subscriber in turn, a failing one reported', async () => {
    const failures: unknown[] = [];
    const bus = createMemoryEventBus((error) => failures.push(error));
    const steps: string[] = [];
    bus.subscribe('round.settled', async ({ playerIds }) => {
      await nextTurn();
      steps.push(`first ${playerIds.join(',')}`);
    });
    bus.subscribe('round.settled', async () => {
      throw new Error('broke');
    });
    bus.subscribe('round.settled', async () => {
      await nextTurn();
      steps.push('third');
    });
    await bus.publish('round.settled', { playerIds: [3, 4] });
    expect(steps).toEqual(['first 3,4', 'third']);
    expect(failures).toHaveLength(1);
  });

  it('ends a subscription when its unsubscribe is called, the same handler twice being two subscriptions', async () => {
    const bus = createMemoryEventBus();
    const heard: number[] = [];
    const handler = ({ playerId }: { playerId: number }) => void heard.push(playerId);
    const off = bus.subscribe('player.changed', handler);
    bus.subscribe('player.changed', handler);
    await bus.publish('player.changed', { playerId: 1 });
    off();
    await bus.publish('player.changed', { playerId: 2 });
    expect(heard).toEqual([1, 1, 2]);
  });
});

describe('createInstanceBus', () => {
  it('lets every instance on a shared bus hear cluster events, and only the publishing instance its instance events', async () => {
    const shared = createMemoryEventBus();
    const [first, second] = [createInstanceBus(shared), createInstanceBus(shared)];
    const heard: string[] = [];
    for (const [name, instance] of [
      ['first', first],
      ['second', second],
    ] as const) {
      instance.subscribe('session.ended', ({ playerId }) => void heard.push(`${name} ended ${playerId}`));
      instance.subscribe('balance.changed', ({ playerId }) => void heard.push(`${name} balance ${playerId}`));
    }
    await first.publish('session.ended', { playerId: 5 });
    await first.publish('balance.changed', {
      playerId: 6,
      wallet: { cash: { USDT: 1n, TRX: 0n }, bonus: { USDT: 0n, TRX: 0n }, total: { USDT: 1n, TRX: 0n } },
      cause: {},
    });
    expect(heard).toEqual(['first ended 5', 'second ended 5', 'first balance 6']);
  });

  it('reports a failing cluster subscriber through its own reporter and still tells the others', async () => {
    const failures: string[] = [];
    const shared = createMemoryEventBus(() => failures.push('shared'));
    const instance = createInstanceBus(shared, (_error, event) => failures.push(`instance ${event}`));
    const told: number[] = [];
    instance.subscribe('player.changed', async () => {
      throw new Error('broke');
    });
    instance.subscribe('player.changed', ({ playerId }) => void told.push(playerId));
    await shared.publish('player.changed', { playerId: 9 });
    await nextTurn();
    expect(told).toEqual([9]);
    expect(failures).toEqual(['instance player.changed']);
  });

  it('ends every subscription made through it when closed, leaving the shared bus and other instances listening', async () => {
    const shared = createMemoryEventBus();
    const [closing, staying] = [createInstanceBus(shared), createInstanceBus(shared)];
    const heard: string[] = [];
    closing.subscribe('session.ended', () => void heard.push('closing'));
    staying.subscribe('session.ended', () => void heard.push('staying'));
    await closing.close();
    await shared.publish('session.ended', { playerId: 1 });
    expect(heard).toEqual(['staying']);
  });

  it("shares the first bus when made from another instance's view, as a second test instance is", async () => {
    const shared = createMemoryEventBus();
    const first = createInstanceBus(shared);
    const second = createInstanceBus(first);
    const heard: string[] = [];
    second.subscribe('session.ended', () => void heard.push('second'));
    second.subscribe('account.changed', () => void heard.push('second account'));
    first.subscribe('account.changed', () => void heard.push('first account'));
    await first.close();
    await shared.publish('session.ended', { playerId: 1 });
    await first.publish('account.changed', { playerId: 1 });
    expect(heard).toEqual(['second']);
  });
});

describe('channelPrefixFor', () => {
  it('keeps the plain prefix for database 0, written or not', () => {
    expect(channelPrefixFor('redis://127.0.0.1:6379')).toBe('lobby:');
    expect(channelPrefixFor('redis://127.0.0.1:6379/')).toBe('lobby:');
    expect(channelPrefixFor('redis://127.0.0.1:6379/0')).toBe('lobby:');
  });

  it('puts any other database number into the channel names', () => {
    expect(channelPrefixFor('redis://127.0.0.1:6379/4')).toBe('lobby:4:');
    expect(channelPrefixFor('rediss://user:secret@cache.example:6380/12')).toBe('lobby:12:');
  });
});

describe('createRedisEventBus', () => {
  it('carries an event from one instance to another on the same Redis database', async () => {
    const [database] = twoDatabases();
    const [first, second] = [await bus(database), await bus(database)];
    const heard = listen(second);
    await deliver(first, 'hello', heard);
    expect(heard).toContainEqual(alert('hello'));
  });

  it('keeps instance events in the publishing process', async () => {
    const [database] = twoDatabases();
    const [first, second] = [await bus(database), await bus(database)];
    const settled: string[] = [];
    first.subscribe('round.settled', () => void settled.push('first'));
    second.subscribe('round.settled', () => void settled.push('second'));
    const fence = listen(second);
    await first.publish('round.settled', { playerIds: [1] });
    // Redis delivers a connection's messages in publish order: anything published before the fence arrived first.
    await deliver(first, 'fence', fence);
    expect(settled).toEqual(['first']);
  });

  it('reports a message that is not JSON and goes on delivering', async () => {
    const [database] = twoDatabases();
    const url = `${REDIS}/${database}`;
    const failures: string[] = [];
    const listening = await createRedisEventBus(url, channelPrefixFor(url), (_error, event) => failures.push(event));
    open.push(listening);
    const heard = listen(listening);
    const sender = await bus(database);
    await deliver(sender, 'before', heard);
    const { Redis } = await import('ioredis');
    const raw = new Redis(url);
    await raw.publish(`${channelPrefixFor(url)}alert`, '{not json');
    raw.disconnect();
    await deliver(sender, 'after', heard);
    expect(failures).toEqual(['alert']);
  });

  it('keeps deployments on different database numbers of one Redis apart, although pub/sub ignores the number', async () => {
    const [stagingDb, productionDb] = twoDatabases();
    const staging = [await bus(stagingDb), await bus(stagingDb)];
    const production = [await bus(productionDb), await bus(productionDb)];
    const heardInStaging = listen(staging[1]);
    const heardInProduction = listen(production[1]);
    await deliver(production[0], 'production is listening', heardInProduction);

    await deliver(staging[0], 'staging alert', heardInStaging);
    // Redis delivers a connection's messages in publish order: once this fence arrives, anything staging
    // published before it would have arrived too.
    await deliver(production[0], 'fence', heardInProduction);

    expect(heardInProduction.filter((entry) => entry.message === 'staging alert')).toEqual([]);
  });
});
