import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Events that every server instance must hear (a session ended, a round settled, a balance changed).
 * In one process they stay in memory; with REDIS_URL they travel over Redis pub/sub so several
 * instances behave as one.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, handler: (payload: any) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Pub/sub channels belong to the whole Redis server, not to the database number in REDIS_URL, so the
 * number goes into the channel names: deployments sharing one Redis on different database numbers
 * (staging beside production) would otherwise end each other's sessions and push one's balances to
 * the other's players of the same id. Database 0 keeps the plain prefix.
 */
export function channelPrefixFor(url: string): string {
  const database = new URL(url).pathname.replace(/^\/+/, '');
  return /^[1-9]\d*$/.test(database) ? `lobby:${database}:` : 'lobby:';
}

export async function createRedisEventBus(url: string, prefix = channelPrefixFor(url)): Promise<EventBus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const local = createMemoryEventBus();
  const subscribed = new Set<string>();
  subscriber.on('message', (channel: string, message: string) => {
    void local.publish(channel.slice(prefix.length), JSON.parse(message));
  });
  return {
    async publish(channel, payload) {
      await publisher.publish(prefix + channel, JSON.stringify(payload));
    },
    subscribe(channel, handler) {
      if (!subscribed.has(channel)) {
        subscribed.add(channel);
        void subscriber.subscribe(prefix + channel);
      }
      return local.subscribe(channel, handler);
    },
    async close() {
      await local.close();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
