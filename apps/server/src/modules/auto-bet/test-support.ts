import { randomBytes } from 'node:crypto';
import { createApplication, type Application } from '../../app.ts';
import { createDevnet, type Devnet } from '../../chain/devnet/index.ts';
import { accountKeysFromSeed } from '../../chain/hd.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { startHashTestApp, type HashTestApp } from '../hash-game/test-support.ts';

export const MARTINGALE = { name: 'Martingale', progression: 'martingale', side: 'fixed', details: [{ area: 'big', amount: '1' }] };

export interface AutoBetTestApp extends HashTestApp {
  /** Produces a block (one whose id meets `idMatching`, if given), lets the engine store and settle it, then lets the runner play it. */
  round(idMatching?: (blockId: string) => boolean): Promise<void>;
  start(token: string, body: Record<string, unknown>): Promise<{ code: number; data: any; msg: string }>;
  log(token: string, gameId: number, simulate: boolean): Promise<any>;
  /** Plays rounds until the player's run closes (or `max` rounds), returning the log; `blocks` steers every block id. */
  untilClosed(token: string, gameId: number, simulate: boolean, options?: { max?: number; blocks?: (blockId: string) => boolean }): Promise<any>;
}

export async function startAutoBetTestApp(): Promise<AutoBetTestApp> {
  const t = await startHashTestApp();
  const runner = t.app.services.autoBet.runner;
  const extra = {
    async round(idMatching?: (blockId: string) => boolean) {
      await t.advance(1, idMatching);
      if (!(await runner.runOnce())) throw new Error('the auto-bet runner of the test app does not lead');
    },
    async start(token: string, body: Record<string, unknown>) {
      return t.call('/v1/auto_bet/start', { simulate: false, gameId: 1, gameLevel: 0, wakeUp: { type: 3 }, strategy: MARTINGALE, ...body }, { token });
    },
    async log(token: string, gameId: number, simulate: boolean) {
      const reply = await t.call('/v1/auto_bet/open_log', { gameId, simulate }, { token });
      if (reply.code !== 0) throw new Error(`open_log: ${reply.code} ${reply.msg}`);
      return reply.data;
    },
    async untilClosed(token: string, gameId: number, simulate: boolean, { max = 80, blocks }: { max?: number; blocks?: (blockId: string) => boolean } = {}) {
      let log: any;
      for (let i = 0; i < max; i++) {
        await extra.round(blocks);
        log = await extra.log(token, gameId, simulate);
        if (!log.isOpen) return log;
      }
      const seen = { head: await t.head(), bets: log?.totalNum, reward: log?.reward, lastRecords: log?.record?.slice(0, 3) };
      throw new Error(`the run was still open after ${max} rounds: ${JSON.stringify(seen)}`);
    },
  };
  return { ...t, ...extra };
}

/**
 * Two server instances one after the other on one database and one chain, as a restart is: the
 * devnet runs outside both, and closing an instance leaves the database to the next.
 */
export async function startRestartableServer() {
  const handle = await createTestDatabase();
  const shared: DatabaseHandle = { ...handle, close: async () => undefined };
  const devnet: Devnet = createDevnet({ manual: true, solidityDepth: 0 });
  const apiUrl = await devnet.start(0);
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000',
    REGISTRATIONS_PER_IP_PER_DAY: '1000',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: 'memory',
    TRON_API_URL: apiUrl,
    HOT_WALLET_PRIVATE_KEY: randomBytes(32).toString('hex'),
    DEPOSIT_XPUB: accountKeysFromSeed(randomBytes(32)).xpub,
    DEPOSIT_CONFIRMATIONS: '1',
    HASH_ENGINE: 'false',
    HASH_HEAD_MAX_AGE_SECONDS: '86400',
    HASH_PAYOUT_CONFIRMATIONS: '0',
  };
  let app: Application | undefined;
  let url = '';
  const boot = async () => {
    app = await createApplication(loadConfig(env), { database: shared });
    url = await app.http.listen({ host: '127.0.0.1', port: 0 });
    await app.services.hashGame.engine.runOnce();
    return app;
  };
  await boot();
  return {
    get app() {
      return app!;
    },
    devnet,
    async call(path: string, body: unknown, token?: string) {
      const response = await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { code: number; data: any; msg: string };
    },
    async round() {
      devnet.produceBlock(1);
      await app!.services.hashGame.engine.runOnce();
      await app!.services.autoBet.runner.runOnce();
    },
    async restart() {
      await app!.close();
      await boot();
    },
    async close() {
      await app?.close();
      await devnet.stop();
      await handle.close();
    },
  };
}
