import { describe, expect, it } from 'vitest';
import { BetBatcher } from './bet-batcher.ts';
import type { HashGameRepository, PlaceBetInput, PlaceBetRow } from './hash-game.repo.ts';

/** A repository that records each statement it is sent and answers it when the test says. */
function recordingRepo(failWhen: (bets: PlaceBetInput[]) => boolean = () => false) {
  const statements: { bets: PlaceBetInput[]; shard: number; answer: () => void }[] = [];
  const repo = {
    placeBets(bets: PlaceBetInput[], _minHeadTime: number, _headLock: bigint, shard: number) {
      return new Promise<PlaceBetRow[]>((resolve, reject) => {
        statements.push({
          bets,
          shard,
          answer: () =>
            failWhen(bets)
              ? reject(new Error('deadlock detected'))
              : resolve(bets.map((bet) => ({ o_outcome: 'placed', o_id: String(bet.requestId) }) as unknown as PlaceBetRow)),
        });
      });
    },
  } as unknown as HashGameRepository;
  return { repo, statements };
}

const bet = (playerId: number, requestId: string) => ({ playerId, requestId }) as PlaceBetInput;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('BetBatcher', () => {
  it('sends the bets that arrive while a statement runs together in the next one', async () => {
    const { repo, statements } = recordingRepo();
    const batcher = new BetBatcher(repo, { minHeadTime: () => 0, headLock: 1n });
    const first = batcher.submit(bet(1, 'a'));
    const waiting = [batcher.submit(bet(2, 'b')), batcher.submit(bet(3, 'c')), batcher.submit(bet(4, 'd'))];
    expect(statements.map((s) => s.bets.map((b) => b.requestId))).toEqual([['a']]);
    statements[0].answer();
    await first;
    await tick();
    expect(statements.map((s) => s.bets.map((b) => b.requestId))).toEqual([['a'], ['b', 'c', 'd']]);
    statements[1].answer();
    expect((await Promise.all(waiting)).map((row) => row.o_id)).toEqual(['b', 'c', 'd']);
  });

  it('puts at most one bet of a player in a statement, keeping the rest in order for the next', async () => {
    const { repo, statements } = recordingRepo();
    const batcher = new BetBatcher(repo, { minHeadTime: () => 0, headLock: 1n });
    const all = [batcher.submit(bet(1, 'a')), batcher.submit(bet(1, 'b')), batcher.submit(bet(2, 'c')), batcher.submit(bet(1, 'd'))];
    statements[0].answer();
    await tick();
    statements[1]?.answer();
    await tick();
    statements[2]?.answer();
    await Promise.all(all);
    expect(statements.map((s) => s.bets.map((b) => b.requestId))).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('sends a failed statement again bet by bet, so each bet gets its own answer', async () => {
    const { repo, statements } = recordingRepo((bets) => bets.length > 1 || bets[0].requestId === 'c');
    const batcher = new BetBatcher(repo, { minHeadTime: () => 0, headLock: 1n, maxConcurrent: 1 });
    const first = batcher.submit(bet(1, 'a'));
    const rest = [batcher.submit(bet(2, 'b')), batcher.submit(bet(3, 'c'))].map((p) =>
      p.then(
        (row) => row.o_id,
        (error: Error) => error.message,
      ),
    );
    statements[0].answer();
    await first;
    await tick();
    statements[1].answer(); // b and c together: fails as a whole
    await tick();
    for (const statement of statements.slice(2)) statement.answer();
    expect(await Promise.all(rest)).toEqual(['b', 'deadlock detected']);
    expect(statements.slice(2).map((s) => s.bets.map((b) => b.requestId))).toEqual([['b'], ['c']]);
  });
});
