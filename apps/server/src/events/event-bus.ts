import { Redis } from 'ioredis';
import { EVENT_REACH, type DomainEvents, type EventName } from './domain-events.ts';

/** What a handler returns is ignored, save that a promise is awaited (instance events) or watched for failure. */
export type EventHandler<K extends EventName> = (payload: DomainEvents[K]) => unknown;
/** Told of a subscriber that threw or rejected; the other subscribers were told regardless. */
export type SubscriberErrorReporter = (error: unknown, event: EventName) => void;

/**
 * The typed events of `DomainEvents`. `cluster` events reach every instance (in memory in one
 * process, over Redis pub/sub with REDIS_URL); `instance` events stay in the publishing process and
 * the publisher awaits their subscribers. A subscriber's failure is reported, never passed to the
 * publisher or to the other subscribers.
 */
export interface EventBus {
  publish<K extends EventName>(event: K, payload: DomainEvents[K]): Promise<void>;
  subscribe<K extends EventName>(event: K, handler: EventHandler<K>): () => void;
  close(): Promise<void>;
}

const reportToConsole: SubscriberErrorReporter = (error, event) => console.error(`subscriber of ${event} failed`, error);

/** Subscribers by event, each told in isolation. */
class Subscribers {
  private readonly handlers = new Map<EventName, Set<EventHandler<any>>>();

  constructor(private readonly report: SubscriberErrorReporter) {}

  add<K extends EventName>(event: K, handler: EventHandler<K>): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    // The same function subscribed twice is two subscriptions, each removed by its own call.
    const entry: EventHandler<K> = (payload) => handler(payload);
    set.add(entry);
    return () => void set.delete(entry);
  }

  /** Calls every subscriber as the event arrives; what they return is not waited for. */
  notify<K extends EventName>(event: K, payload: DomainEvents[K]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      try {
        const result = handler(payload);
        if (result instanceof Promise) result.catch((error) => this.report(error, event));
      } catch (error) {
        this.report(error, event);
      }
    }
  }

  /** Calls every subscriber in turn and waits for each. */
  async notifyAndWait<K extends EventName>(event: K, payload: DomainEvents[K]): Promise<void> {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      try {
        await handler(payload);
      } catch (error) {
        this.report(error, event);
      }
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}

/** Publishes `instance` events to `local` subscribers and waits for them; `cluster` ones go to `cluster`. */
function publishByReach<K extends EventName>(
  event: K,
  payload: DomainEvents[K],
  local: Subscribers,
  cluster: (event: K, payload: DomainEvents[K]) => Promise<void>,
): Promise<void> {
  return EVENT_REACH[event] === 'instance' ? local.notifyAndWait(event, payload) : cluster(event, payload);
}

/** Every event in this process: one instance, or several in one test process sharing it. */
export function createMemoryEventBus(report: SubscriberErrorReporter = reportToConsole): EventBus {
  const subscribers = new Subscribers(report);
  return {
    publish: (event, payload) => publishByReach(event, payload, subscribers, async (name, sent) => subscribers.notify(name, sent)),
    subscribe: (event, handler) => subscribers.add(event, handler),
    async close() {
      subscribers.clear();
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

/** `cluster` events over Redis pub/sub, one channel per event; `instance` events in memory. */
export async function createRedisEventBus(url: string, prefix = channelPrefixFor(url), report: SubscriberErrorReporter = reportToConsole): Promise<EventBus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const subscribers = new Subscribers(report);
  const subscribed = new Set<string>();
  subscriber.on('message', (channel: string, message: string) => {
    const event = channel.slice(prefix.length) as EventName;
    let payload: DomainEvents[EventName];
    try {
      payload = JSON.parse(message);
    } catch (error) {
      return report(error, event);
    }
    subscribers.notify(event, payload);
  });
  return {
    publish: (event, payload) =>
      publishByReach(event, payload, subscribers, async (name, sent) => {
        await publisher.publish(prefix + name, JSON.stringify(sent));
      }),
    subscribe(event, handler) {
      if (EVENT_REACH[event] === 'cluster' && !subscribed.has(event)) {
        subscribed.add(event);
        void subscriber.subscribe(prefix + event);
      }
      return subscribers.add(event, handler);
    },
    async close() {
      subscribers.clear();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

const TRANSPORT = Symbol('transport');
type InstanceBus = EventBus & { [TRANSPORT]: EventBus };

/**
 * One application's view of a bus shared by several (`cluster` events go through `shared`, so tests
 * can run two instances on one bus): its `instance` events stay in it, and closing it ends every
 * subscription made through it without closing `shared`. A view of a view shares the first one's bus.
 */
export function createInstanceBus(shared: EventBus, report: SubscriberErrorReporter = reportToConsole): EventBus {
  const transport = (shared as Partial<InstanceBus>)[TRANSPORT] ?? shared;
  const local = new Subscribers(report);
  const onTransport = new Set<() => void>();
  const view: InstanceBus = {
    [TRANSPORT]: transport,
    publish: (event, payload) => publishByReach(event, payload, local, (name, sent) => transport.publish(name, sent)),
    subscribe(event, handler) {
      if (EVENT_REACH[event] === 'instance') return local.add(event, handler);
      const unsubscribe = transport.subscribe(event, async (payload) => {
        try {
          await handler(payload);
        } catch (error) {
          report(error, event);
        }
      });
      const off = () => {
        onTransport.delete(off);
        unsubscribe();
      };
      onTransport.add(off);
      return off;
    },
    async close() {
      local.clear();
      for (const off of [...onTransport]) off();
    },
  };
  return view;
}
