import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { privateKeyToAddress } from '../../chain/address.ts';
import { DevnetChain, type Block } from '../../chain/devnet/chain.ts';
import { createDevnetHttpServer } from '../../chain/devnet/http.ts';
import { accountKeysFromSeed } from '../../chain/hd.ts';
import { TronClient } from '../../chain/tron-client.ts';

export type BroadcastMode = 'pass' | 'drop' | 'lose-reply' | 'hold';

/**
 * A devnet whose clock the test moves, reached through a proxy that can misbehave on broadcasts the
 * way networks do: refuse them (node unreachable), deliver them but lose the answer, or hold them
 * until the test lets them through. Everything else passes unchanged.
 */
export interface FaultyChain {
  chain: DevnetChain;
  /** URL the server is given. */
  url: string;
  /** Direct to the node, for the test acting as an outside wallet. */
  client: TronClient;
  hotWallet: { privateKey: string; address: string };
  depositXpub: string;
  mode: BroadcastMode;
  /** Moves the chain's clock forward. */
  advance(ms: number): void;
  produce(count?: number): Block;
  /** With mode 'hold': resolves when a broadcast is waiting; `release()` lets it through. */
  nextHeld(): Promise<void>;
  release(): void;
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startFaultyChain(): Promise<FaultyChain> {
  let offset = 0;
  const chain = new DevnetChain({ now: () => Date.now() + offset, solidityDepth: 0 });
  const produce = (count: number) => {
    let block = chain.head();
    for (let i = 0; i < count; i++) block = chain.produceBlock();
    return block;
  };
  const node = createDevnetHttpServer(chain, { produce });
  const nodeUrl = await listen(node);

  let heldArrived: (() => void) | undefined;
  let heldWaiting: Promise<void> | undefined;
  let releaseHeld: (() => void) | undefined;
  const state = { mode: 'pass' as BroadcastMode };

  const proxy = createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const isBroadcast = (req.url ?? '').startsWith('/wallet/broadcasttransaction');
      if (isBroadcast && state.mode === 'drop') {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('node unavailable');
        return;
      }
      if (isBroadcast && state.mode === 'hold') {
        const released = new Promise<void>((resolve) => (releaseHeld = resolve));
        heldArrived?.();
        await released;
      }
      const forwarded = await fetch(nodeUrl + (req.url ?? '/'), {
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body.toString('utf8'),
      });
      const text = await forwarded.text();
      if (isBroadcast && state.mode === 'lose-reply') {
        res.destroy();
        return;
      }
      res.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    } catch {
      res.destroy();
    }
  });
  const url = await listen(proxy);

  const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
  return {
    chain,
    url,
    client: new TronClient({ apiUrl: nodeUrl, timeoutMs: 5000 }),
    hotWallet: { privateKey, address: privateKeyToAddress(privateKey) },
    depositXpub: accountKeysFromSeed(randomBytes(32)).xpub,
    get mode() {
      return state.mode;
    },
    set mode(value: BroadcastMode) {
      state.mode = value;
    },
    advance(ms) {
      offset += ms;
    },
    produce(count = 1) {
      return produce(count);
    },
    nextHeld() {
      heldWaiting = new Promise<void>((resolve) => (heldArrived = resolve));
      return heldWaiting;
    },
    release() {
      releaseHeld?.();
      releaseHeld = undefined;
    },
    async stop() {
      releaseHeld?.();
      for (const server of [proxy, node]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
