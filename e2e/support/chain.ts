import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { privateKeyToAddress } from '../../apps/server/src/chain/address.ts';
import { TronClient, type BlockSummary } from '../../apps/server/src/chain/tron-client.ts';

/**
 * The chain side of the browser tests: the devnet's clock, and an outside wallet (any player's own
 * TRON wallet) that gets test coins from the devnet faucet and sends them like a real wallet would.
 */

async function devnetPost<T>(devnetUrl: string, action: string, body: object): Promise<T> {
  const response = await fetch(`${devnetUrl}/devnet/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const reply = (await response.json()) as T & { Error?: string };
  if (!response.ok || typeof reply.Error === 'string') throw new Error(`devnet ${action}: HTTP ${response.status} ${reply.Error ?? ''}`);
  return reply;
}

/**
 * Produces the devnet's blocks from the test (the server runs its devnet with DEVNET_MANUAL=1), one
 * every `intervalMs`, so a test can have real 3 s blocks where timing matters to the player and fast
 * ones where it only costs waiting. Blocks are produced one at a time, never two calls at once.
 */
export class BlockPacer {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private inFlight: Promise<void> = Promise.resolve();
  private lastError: unknown;
  /** Blocks produced so far by this pacer. */
  produced = 0;

  constructor(
    private readonly devnetUrl: string,
    private intervalMs: number,
  ) {}

  get interval(): number {
    return this.intervalMs;
  }

  start(): this {
    if (this.running) return this;
    this.running = true;
    this.schedule(0);
    return this;
  }

  /** Changes the pace; the next block comes `intervalMs` after the previous one. */
  setInterval(intervalMs: number): void {
    this.intervalMs = intervalMs;
    if (this.running) this.schedule(intervalMs);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight;
  }

  /** Throws the last production error, if any (a devnet that stopped answering). */
  check(): void {
    if (this.lastError) throw this.lastError;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.inFlight = devnetPost(this.devnetUrl, 'produce', { count: 1 })
        .then(() => {
          this.produced++;
          this.lastError = undefined;
        })
        .catch((error) => {
          this.lastError = error;
        })
        .finally(() => {
          if (this.running && !this.timer) this.schedule(this.intervalMs);
        });
    }, delay);
  }
}

export interface OutsideWallet {
  privateKey: string;
  address: string;
}

export function devnetClient(devnetUrl: string): TronClient {
  // The devnet's USDT contract is the mainnet address, the client's default.
  return new TronClient({ apiUrl: devnetUrl, timeoutMs: 15_000 });
}

/** Waits until a transaction is in a block (someone must be producing blocks) and returns its info. */
export async function waitForTransaction(client: TronClient, txId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await client.getTransactionInfo(txId);
    if (info) return info;
    if (Date.now() > deadline) throw new Error(`transaction ${txId} not in a block after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A fresh wallet outside the lobby holding test coins from the faucet (amounts in sun and
 * micro-units), once they are in a block.
 */
export async function fundedOutsideWallet(devnetUrl: string, amounts: { trx: bigint; usdt: bigint }): Promise<OutsideWallet> {
  const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
  const address = privateKeyToAddress(privateKey);
  const reply = await devnetPost<{ trxTxId?: string; usdtTxId?: string }>(devnetUrl, 'faucet', {
    address,
    trx: amounts.trx.toString(),
    usdt: amounts.usdt.toString(),
  });
  const client = devnetClient(devnetUrl);
  for (const txId of [reply.trxTxId, reply.usdtTxId]) {
    if (!txId) throw new Error('the faucet sent nothing');
    const info = await waitForTransaction(client, txId);
    if (!info.success) throw new Error(`faucet transaction ${txId} failed: ${info.result}`);
  }
  return { privateKey, address };
}

/** Sends USDT (micro-units) from an outside wallet, as the player's own wallet app would. */
export async function sendUsdt(devnetUrl: string, from: OutsideWallet, to: string, micro: bigint): Promise<string> {
  const { txId } = await devnetClient(devnetUrl).sendUsdt(from.privateKey, to, micro);
  return txId;
}

/** The block at a height, straight from the node (what a public explorer shows). */
export async function blockAt(devnetUrl: string, height: number): Promise<BlockSummary> {
  const block = await devnetClient(devnetUrl).getBlockByNum(height);
  if (!block) throw new Error(`no block ${height} yet`);
  return block;
}

/** A fresh wallet outside the lobby with nothing on chain yet (say, where a player withdraws to). */
export function newOutsideWallet(): OutsideWallet {
  const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
  return { privateKey, address: privateKeyToAddress(privateKey) };
}

/**
 * Test coins from the faucet (sun and micro-units) to any address, such as a hot wallet whose key the
 * test gave the server, once they are in a block.
 */
export async function fundAddress(devnetUrl: string, address: string, amounts: { trx?: bigint; usdt?: bigint }): Promise<void> {
  const reply = await devnetPost<{ trxTxId?: string; usdtTxId?: string }>(devnetUrl, 'faucet', {
    address,
    ...(amounts.trx !== undefined ? { trx: amounts.trx.toString() } : {}),
    ...(amounts.usdt !== undefined ? { usdt: amounts.usdt.toString() } : {}),
  });
  const client = devnetClient(devnetUrl);
  for (const txId of [reply.trxTxId, reply.usdtTxId]) {
    if (!txId) continue;
    const info = await waitForTransaction(client, txId);
    if (!info.success) throw new Error(`faucet transaction ${txId} failed: ${info.result}`);
  }
}

/** Sends TRX (sun) from an outside wallet, as the player's own wallet app would. */
export async function sendTrx(devnetUrl: string, from: OutsideWallet, to: string, sun: bigint): Promise<string> {
  const { txId } = await devnetClient(devnetUrl).sendTrx(from.privateKey, to, sun);
  return txId;
}

/** An address's USDT (micro-units), straight from the node. */
export function usdtBalanceOf(devnetUrl: string, address: string): Promise<bigint> {
  return devnetClient(devnetUrl).getUsdtBalance(address);
}

/** An address's TRX (sun), straight from the node. */
export function trxBalanceOf(devnetUrl: string, address: string): Promise<bigint> {
  return devnetClient(devnetUrl).getTrxBalance(address);
}
