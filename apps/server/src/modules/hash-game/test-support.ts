import { randomUUID } from 'node:crypto';
import type { Devnet } from '../../chain/devnet/index.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

export interface HashTestApp extends TestApp {
  /**
   * Produces `count` blocks on the devnet, then lets the engine follow, settle and pay. With
   * `idMatching`, every new block id satisfies it (a test that needs a given result).
   */
  advance(count?: number, idMatching?: (blockId: string) => boolean): Promise<void>;
  /** A registered player holding the given balances (credited as a deposit would be). */
  player(balances?: { usdt?: bigint; trx?: bigint }): Promise<{ token: string; playerId: number }>;
  /** A page bet with a fresh requestId unless one is given. */
  bet(token: string | undefined, body: Record<string, unknown>): Promise<{ code: number; data: any; status: number }>;
  head(): Promise<number>;
}

export const USDT = (units: number | string) => BigInt(Math.round(Number(units) * 1e6));

/**
 * A server with a manual devnet whose round engine does not tick by itself: tests produce blocks
 * and run the engine by hand, so every step happens exactly when the test says. With `node`, the
 * server talks to that chain as to a real node (give TRON_API_URL and the keys in `env`) instead of
 * running its own devnet.
 */
export async function startHashTestApp(env: Record<string, string> = {}, node?: Devnet): Promise<HashTestApp> {
  const t = await startTestApp({
    HASH_ENGINE: 'false',
    // Blocks come only when a test makes them, so the head is as old as the test's last step.
    HASH_HEAD_MAX_AGE_SECONDS: '86400',
    HASH_PAYOUT_CONFIRMATIONS: '0',
    ...env,
  });
  const devnet = node ?? t.app.chain.devnet!;
  const hash = t.app.services.hashGame;
  await hash.engine.runOnce();

  return {
    ...t,
    async advance(count = 1, idMatching) {
      devnet.produceBlock(count, idMatching);
      await hash.engine.runOnce();
    },
    async player(balances = { usdt: USDT(1000) }) {
      const { token, playerId } = await t.registerPlayer();
      for (const [currency, amount] of [
        ['USDT', balances.usdt],
        ['TRX', balances.trx],
      ] as const) {
        if (!amount) continue;
        await t.app.services.ledger.transfer({
          idempotencyKey: `test-deposit:${randomUUID()}`,
          kind: 'deposit',
          legs: [
            { account: { kind: 'deposit_clearing' }, currency, amount: -amount },
            { account: { kind: 'player', playerId }, currency, amount },
          ],
        });
      }
      return { token, playerId };
    },
    async bet(token, body) {
      return t.call('/v1/hashGame/bet', { requestId: `r${randomUUID().replaceAll('-', '')}`, currency: 'USDT', level: 0, ...body }, { token });
    },
    async head() {
      return (await hash.repo.head())!.height;
    },
  };
}
