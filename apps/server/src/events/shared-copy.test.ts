import { describe, expect, it } from 'vitest';
import { createMemoryEventBus } from './event-bus.ts';
import { SharedCopy } from './shared-copy.ts';

/** Two instances' copies of one stored value, on one bus. */
function twoInstances() {
  const bus = createMemoryEventBus();
  const store = { value: 1 };
  const instance = () => {
    const held = { value: 0, loads: 0 };
    const copy = new SharedCopy(
      'bulletin.changed',
      async () => {
        held.loads++;
        held.value = store.value;
      },
      bus,
    );
    return { held, copy };
  };
  return { store, a: instance(), b: instance() };
}

describe('SharedCopy', () => {
  it('loads at start and follows a change announced by another instance', async () => {
    const { store, a, b } = twoInstances();
    await a.copy.follow();
    await b.copy.follow();
    expect([a.held.value, b.held.value]).toEqual([1, 1]);
    store.value = 2;
    await a.copy.changed();
    expect([a.held.value, b.held.value]).toEqual([2, 2]);
  });

  it('stops following when stopped, and follows once however often started', async () => {
    const { store, a, b } = twoInstances();
    await a.copy.follow();
    await b.copy.follow();
    await b.copy.follow();
    store.value = 3;
    await a.copy.changed();
    expect(b.held.loads).toBe(3);
    b.copy.stop();
    store.value = 4;
    await a.copy.changed();
    expect(b.held.value).toBe(3);
  });

  it('keeps the copy held when a reload fails, and reports it', async () => {
    const bus = createMemoryEventBus();
    const errors: unknown[] = [];
    let fail = false;
    let held = 0;
    const copy = new SharedCopy(
      'bulletin.changed',
      async () => {
        if (fail) throw new Error('database away');
        held++;
      },
      bus,
      (error) => errors.push(error),
    );
    await copy.follow();
    fail = true;
    await bus.publish('bulletin.changed', {});
    await new Promise((resolve) => setImmediate(resolve));
    expect(held).toBe(1);
    expect(errors).toHaveLength(1);
  });
});
