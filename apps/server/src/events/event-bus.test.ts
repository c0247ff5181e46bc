import { afterEach, describe, expect, it } from 'vitest';
import { channelPrefixFor, createRedisEventBus, type EventBus } from './event-bus.ts';

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

/** Messages a bus heard on a channel, in order. */
function listen(on: EventBus, channel: string): unknown[] {
  const heard: unknown[] = [];
  on.subscribe(channel, (payload) => heard.push(payload));
  return heard;
}

/** Publishes `payload` from `from` until `heard` holds it: the subscription is live once the first one arrives. */
async function deliver(from: EventBus, channel: string, payload: { mark: string }, heard: unknown[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!heard.some((entry) => (entry as { mark?: string }).mark === payload.mark)) {
    if (Date.now() > deadline) throw new Error(`${payload.mark} never arrived`);
    await from.publish(channel, payload);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function twoDatabases(): [number, number] {
  const first = 1 + Math.floor(Math.random() * 15);
  return [first, 1 + (first % 15)];
}

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
    const heard = listen(second, 'session.ended');
    await deliver(first, 'session.ended', { mark: 'hello' }, heard);
    expect(heard).toContainEqual({ mark: 'hello' });
  });

  it('keeps deployments on different database numbers of one Redis apart, although pub/sub ignores the number', async () => {
    const [stagingDb, productionDb] = twoDatabases();
    const staging = [await bus(stagingDb), await bus(stagingDb)];
    const production = [await bus(productionDb), await bus(productionDb)];
    const heardInStaging = listen(staging[1], 'player.push');
    const heardInProduction = listen(production[1], 'player.push');
    await deliver(production[0], 'player.push', { mark: 'production is listening' }, heardInProduction);

    await deliver(staging[0], 'player.push', { mark: 'staging balance' }, heardInStaging);
    // Redis delivers a connection's messages in publish order: once this fence arrives, anything staging
    // published before it would have arrived too.
    await deliver(production[0], 'player.push', { mark: 'fence' }, heardInProduction);

    expect(heardInProduction.filter((entry) => (entry as { mark: string }).mark === 'staging balance')).toEqual([]);
  });
});
