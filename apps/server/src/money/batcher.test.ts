import { describe, expect, it } from 'vitest';
import { Batcher, pickHouseShard, type BatcherOptions } from './batcher.ts';

interface Item {
  id: string;
  keys: string[];
}

/** A batcher whose statements wait until the test answers them, recording what each held. */
function recording(options: Partial<BatcherOptions<Item, string>> = {}, failBatch: (items: Item[]) => boolean = () => false) {
  const statements: { ids: string[]; shard: number; answer: () => void }[] = [];
  const errors: number[] = [];
  const send = (items: Item[], shard: number) =>
    new Promise<string[]>((resolve, reject) => {
      statements.push({
        ids: items.map((item) => item.id),
        shard,
        answer: () => (items.length > 1 && failBatch(items) ? reject(new Error('deadlock detected')) : resolve(items.map((item) => `done ${item.id}`))),
      });
    });
  const batcher = new Batcher<Item, string>({
    maxSize: 3,
    maxConcurrent: 1,
    houseShards: 16,
    conflicts: (item) => item.keys,
    runBatch: async (items, shard) =>
      (await send(items, shard)).map((value, i) =>
        items[i].id.startsWith('refused') ? { ok: false, error: new Error(`refused ${items[i].id}`) } : { ok: true, value },
      ),
    runOne: async (item, shard) => (await send([item], shard))[0],
    onBatchError: (_error, items) => errors.push(items),
    ...options,
  });
  return { batcher, statements, errors };
}

const item = (id: string, ...keys: string[]): Item => ({ id, keys });
const tick = () => new Promise((resolve) => setImmediate(resolve));
const answerAll = async (statements: { answer: () => void }[], from = 0) => {
  for (let i = from; i < statements.length; i++) {
    statements[i].answer();
    await tick();
  }
};

describe('Batcher (money/batcher.ts)', () => {
  it('sends the first item at once, alone, and the items arriving meanwhile together in the next statement', async () => {
    const { batcher, statements } = recording();
    const all = ['a', 'b', 'c', 'd', 'e'].map((id) => batcher.submit(item(id, id)));
    expect(statements.map((s) => s.ids)).toEqual([['a']]);
    await answerAll(statements);
    expect(await Promise.all(all)).toEqual(['done a', 'done b', 'done c', 'done d', 'done e']);
    // At most maxSize (3) a statement, oldest first.
    expect(statements.map((s) => s.ids)).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
  });

  it('never puts two items sharing a conflict key in one statement, keeping the rest in order', async () => {
    const { batcher, statements } = recording({ maxSize: 10 });
    const all = [item('a', 'x'), item('b', 'w1', 'x'), item('c', 'w2'), item('d', 'w2', 'w3'), item('e', 'w4')].map((i) => batcher.submit(i));
    await answerAll(statements);
    await Promise.all(all);
    expect(statements.map((s) => s.ids)).toEqual([['a'], ['b', 'c', 'e'], ['d']]);
  });

  it('with holdConflictsWhileRunning, keeps an item’s keys taken until its statement is answered', async () => {
    const { batcher, statements } = recording({ maxConcurrent: 2, holdConflictsWhileRunning: true });
    const all = [item('a', 'p1'), item('b', 'p1'), item('c', 'p2')].map((i) => batcher.submit(i));
    // a runs; b waits for a's player although a second statement could start; c goes beside a.
    expect(statements.map((s) => s.ids)).toEqual([['a'], ['c']]);
    await answerAll(statements);
    await Promise.all(all);
    expect(statements.map((s) => s.ids)).toEqual([['a'], ['c'], ['b']]);
  });

  it('without it, lets a running statement’s keys into the next one, as ledger transfers do', async () => {
    const { batcher, statements } = recording({ maxConcurrent: 2 });
    const all = [item('a', 'p1'), item('b', 'p1')].map((i) => batcher.submit(i));
    expect(statements.map((s) => s.ids)).toEqual([['a'], ['b']]);
    await answerAll(statements);
    await Promise.all(all);
  });

  it('gives each running statement its own house shard', async () => {
    const { batcher, statements } = recording({ maxConcurrent: 16, houseShards: 16 });
    const all = Array.from({ length: 16 }, (_, i) => batcher.submit(item(String(i), `k${i}`)));
    expect(statements).toHaveLength(16);
    expect(new Set(statements.map((s) => s.shard)).size).toBe(16);
    await answerAll(statements);
    await Promise.all(all);
  });

  it('answers each item of a statement on its own, a refusal going to its item only', async () => {
    const { batcher, statements } = recording();
    const first = batcher.submit(item('a', 'a'));
    const rest = [item('b', 'b'), item('refused-c', 'c'), item('d', 'd')].map((i) => batcher.submit(i).catch((error: Error) => error.message));
    await answerAll(statements);
    await first;
    expect(await Promise.all(rest)).toEqual(['done b', 'refused refused-c', 'done d']);
  });

  it('sends a statement that failed as a whole again item by item, and says so once', async () => {
    const { batcher, statements, errors } = recording({}, () => true);
    const first = batcher.submit(item('a', 'a'));
    const rest = [item('b', 'b'), item('c', 'c')].map((i) => batcher.submit(i));
    await answerAll(statements);
    await first;
    expect(await Promise.all(rest)).toEqual(['done b', 'done c']);
    expect(statements.map((s) => s.ids)).toEqual([['a'], ['b', 'c'], ['b'], ['c']]);
    expect(errors).toEqual([2]);
  });

  it('rejects an item sent alone with its own error, without retrying it', async () => {
    const batcher = new Batcher<Item, string>({
      maxSize: 3,
      maxConcurrent: 1,
      houseShards: 1,
      conflicts: (i) => i.keys,
      runBatch: () => Promise.reject(new Error('never')),
      runOne: () => Promise.reject(new Error('lost connection')),
    });
    await expect(batcher.submit(item('a', 'a'))).rejects.toThrow('lost connection');
    // The slot is free again afterwards.
    await expect(batcher.submit(item('b', 'b'))).rejects.toThrow('lost connection');
  });
});

describe('pickHouseShard', () => {
  it('picks a shard no running statement holds while one is free, any shard otherwise', () => {
    for (let i = 0; i < 50; i++) {
      expect(pickHouseShard(4, new Set([0, 1, 3]))).toBe(2);
      const any = pickHouseShard(4, new Set([0, 1, 2, 3]));
      expect(any).toBeGreaterThanOrEqual(0);
      expect(any).toBeLessThan(4);
    }
    expect(pickHouseShard(1)).toBe(0);
  });
});
