// A local TRON chain on its own HTTP server, so the server's TronClient talks to it exactly as it
// would to a full node or TronGrid. Blocks come on a timer (every 3 s, like mainnet) or, in manual
// mode, only when produceBlock() or POST /devnet/produce asks, which keeps tests fast and exact.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toHexAddress } from '../address.ts';
import { type Block, DevnetChain, DEVNET_FAUCET_ADDRESS, USDT_CONTRACT } from './chain.ts';
import { createDevnetHttpServer, summary } from './http.ts';
import { type ResourceParameters, resolveResourceParameters } from './resources.ts';

export { BroadcastError, ContractValidateError, DEVNET_FAUCET_ADDRESS, DEVNET_FAUCET_KEY, USDT_CONTRACT, makeBlock } from './chain.ts';
export { MAINNET_RESOURCE_PARAMETERS, type ResourceParameters } from './resources.ts';

export interface DevnetOptions {
  /** Time between blocks when not manual. Default 3000 ms, as on mainnet. */
  blockIntervalMs?: number;
  /** No timer: blocks are produced only by produceBlock() or POST /devnet/produce. */
  manual?: boolean;
  /** JSON-lines file the chain is appended to and replayed from, so it survives restarts. */
  persistPath?: string;
  /** Blocks below the head before TronGrid-style queries call a block confirmed. Default 19. */
  solidityDepth?: number;
  /** TRX (sun) a USDT transfer burns from its sender. Default 0. Not with `resources`. */
  trc20FeeSun?: bigint;
  /**
   * The resource model (bandwidth, energy, staking, delegation, account-creation fees) as on mainnet:
   * true for mainnet's parameters, or the parameters to change. Default off: nothing is charged.
   */
  resources?: boolean | Partial<ResourceParameters>;
  /** Clock for block and transaction timestamps. Default Date.now; tests may give a deterministic one. */
  now?: () => number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Where errors of timer-driven block production go. Default console.error. */
  onError?: (error: unknown) => void;
}

export interface BlockSummary {
  id: string;
  height: number;
  timestamp: number;
  parentHash: string;
  txIds: string[];
}

export interface Devnet {
  /** Starts listening (port 0 picks a free port) and the block timer; resolves to the base URL. */
  start(port?: number): Promise<string>;
  /** Stops the timer and the server. */
  stop(): Promise<void>;
  /**
   * Seals pending transactions into `count` (default 1) new blocks; returns the new head. Tests that
   * need a given result pass `idMatching`, which every one of the new block ids then satisfies.
   */
  produceBlock(count?: number, idMatching?: (blockId: string) => boolean): BlockSummary;
  /** Sends TRX (sun) and/or USDT (micro-units) from the faucet account; included in the next block. */
  faucet(address: string, amounts?: { trx?: bigint; usdt?: bigint }): { trxTxId?: string; usdtTxId?: string };
  head(): BlockSummary;
  /** Balances as the node sees them now (pending transactions included). */
  balances(address: string): { trx: bigint; usdt: bigint };
  /** Moves block time on by `ms` and seals a block at the new time (resource usage recovers over 24 h of it). */
  advanceTime(ms: number): BlockSummary;
  readonly url: string | undefined;
  readonly faucetAddress: string;
  readonly usdtContract: string;
  readonly chain: DevnetChain;
}

export function createDevnet(options: DevnetOptions = {}): Devnet {
  const interval = options.blockIntervalMs ?? 3000;
  if (!Number.isFinite(interval) || interval < 1) throw new RangeError('blockIntervalMs must be a positive number');
  const chain = new DevnetChain({
    persistPath: options.persistPath,
    solidityDepth: options.solidityDepth,
    trc20FeeSun: options.trc20FeeSun,
    resources: resolveResourceParameters(options.resources),
    now: options.now,
  });
  let server: Server | undefined;
  let timer: NodeJS.Timeout | undefined;
  let url: string | undefined;

  const produce = (count: number, idMatching?: (blockId: string) => boolean): Block => {
    let block = chain.head();
    for (let i = 0; i < count; i++) block = chain.produceBlock(idMatching);
    return block;
  };

  return {
    get url() {
      return url;
    },
    faucetAddress: DEVNET_FAUCET_ADDRESS,
    usdtContract: USDT_CONTRACT,
    chain,

    async start(port = 0) {
      if (server) throw new Error('devnet already started');
      const s = createDevnetHttpServer(chain, { produce });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, options.host ?? '127.0.0.1', () => {
          s.off('error', reject);
          resolve();
        });
      });
      server = s;
      const { address, port: bound } = s.address() as AddressInfo;
      url = `http://${address.includes(':') ? `[${address}]` : address}:${bound}`;
      if (!options.manual) {
        timer = setInterval(() => {
          // A failed block (say, the state file's disk is full) must not take the whole server down with it.
          try {
            chain.produceBlock();
          } catch (e) {
            (options.onError ?? ((err) => console.error('devnet: block production failed:', err)))(e);
          }
        }, interval);
      }
      return url;
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      const s = server;
      server = undefined;
      url = undefined;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve, reject) => s.close((e) => (e ? reject(e) : resolve())));
    },

    produceBlock(count = 1, idMatching) {
      if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
      return summary(produce(count, idMatching));
    },

    faucet(address, amounts = { trx: 1000n * 1_000_000n, usdt: 1000n * 1_000_000n }) {
      return chain.faucet(address, amounts);
    },

    head() {
      return summary(chain.head());
    },

    advanceTime(ms) {
      chain.advanceTime(ms);
      return summary(produce(1));
    },

    balances(address) {
      const account = chain.account(toHexAddress(address));
      return { trx: account?.trx ?? 0n, usdt: account?.usdt ?? 0n };
    },
  };
}
