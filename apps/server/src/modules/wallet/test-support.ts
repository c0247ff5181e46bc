import { randomUUID } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { parseMicro } from '@lobby/contract';
import { SELECTOR, encodeTransferParams } from '../../chain/abi.ts';
import { privateKeyToAddress, toHexAddress } from '../../chain/address.ts';
import { USDT_CONTRACT } from '../../chain/devnet/index.ts';
import { signTransaction } from '../../chain/transaction.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../../money/ledger-check.ts';

export const FUND_PASSWORD = '135790';

/**
 * Settings for wallet tests: workers that only run when a test says so (a run is a call, not a
 * wait), one confirmation, no fees or minimums in the way, exchange at 4 TRX per USDT with a 1% spread.
 */
export const WALLET_TEST_ENV: Record<string, string> = {
  DEPOSIT_POLL_MS: '3600000',
  WITHDRAWAL_POLL_MS: '3600000',
  DEPOSIT_CONFIRMATIONS: '1',
  WITHDRAWAL_CONFIRMATIONS: '1',
  DEPOSIT_MIN_TRX: '0.1',
  DEPOSIT_MIN_USDT: '0.1',
  WITHDRAWAL_USDT_MIN: '1',
  WITHDRAWAL_USDT_MAX: '100000',
  WITHDRAWAL_USDT_FEE: '0',
  WITHDRAWAL_USDT_REVIEW: '1000',
  WITHDRAWAL_TRX_MIN: '1',
  WITHDRAWAL_TRX_MAX: '1000000',
  WITHDRAWAL_TRX_FEE: '0',
  WITHDRAWAL_TRX_REVIEW: '10000',
  WITHDRAWAL_DAILY_COUNT: '0',
  EXCHANGE_TRX_PER_USDT: '4',
  EXCHANGE_SPREAD_BPS: '100',
};

export interface TestPlayer {
  token: string;
  playerId: number;
  account: string;
  password: string;
}

export interface WalletTestApp extends TestApp {
  /** Registers a player with the fund password set. */
  player(): Promise<TestPlayer>;
  depositAddress(player: TestPlayer): Promise<string>;
  /** Sends TRX/USDT (decimal strings) from the devnet faucet to the player's deposit address and lets the watcher credit it. */
  deposit(player: TestPlayer, amounts: { trx?: string; usdt?: string }): Promise<void>;
  /** Gives the hot wallet something to pay withdrawals with. */
  fundHotWallet(amounts: { trx?: string; usdt?: string }): void;
  /** One watcher run after `blocks` new blocks. */
  scanDeposits(blocks?: number): Promise<void>;
  /** Runs the withdrawal processor: send, a block, reconcile. */
  processWithdrawals(blocks?: number): Promise<void>;
  balances(player: TestPlayer): Promise<{ usdt: string; trx: string; cash: { usdt: string; trx: string }; bonus: { usdt: string; trx: string } }>;
  chainBalance(address: string): { trx: bigint; usdt: bigint };
  expectLedgerOk(): Promise<void>;
}

export const requestId = () => randomUUID();

export function micro(amount: string): bigint {
  const value = parseMicro(amount);
  if (value === undefined) throw new Error(`not an amount: ${amount}`);
  return value;
}

export async function startWalletTestApp(env: Record<string, string> = {}): Promise<WalletTestApp> {
  const t = await startTestApp({ ...WALLET_TEST_ENV, ...env });
  const devnet = t.app.chain.devnet!;
  const wallet = t.app.services.wallet;

  const self: WalletTestApp = {
    ...t,
    async player() {
      const p = await t.registerPlayer();
      const set = await t.call('/v1/player/finance_password/update', { newPassword: FUND_PASSWORD, loginPassword: p.password }, { token: p.token });
      if (set.code !== 0) throw new Error(`fund password not set: ${set.code} ${set.msg}`);
      return p;
    },
    async depositAddress(player) {
      const reply = await t.call('/v1/bank/deposit/address', {}, { token: player.token });
      if (reply.code !== 0) throw new Error(`no deposit address: ${reply.code}`);
      return reply.data.address;
    },
    async deposit(player, amounts) {
      const address = await self.depositAddress(player);
      devnet.faucet(address, {
        ...(amounts.trx ? { trx: micro(amounts.trx) } : {}),
        ...(amounts.usdt ? { usdt: micro(amounts.usdt) } : {}),
      });
      await self.scanDeposits(1);
    },
    fundHotWallet(amounts) {
      devnet.faucet(t.app.chain.hotWallet.address, {
        ...(amounts.trx ? { trx: micro(amounts.trx) } : {}),
        ...(amounts.usdt ? { usdt: micro(amounts.usdt) } : {}),
      });
      devnet.produceBlock();
    },
    async scanDeposits(blocks = 0) {
      if (blocks > 0) devnet.produceBlock(blocks);
      await wallet.workers.deposits.runOnce();
    },
    async processWithdrawals(blocks = 1) {
      await wallet.workers.withdrawals.runOnce();
      if (blocks > 0) devnet.produceBlock(blocks);
      await wallet.workers.withdrawals.runOnce();
    },
    async balances(player) {
      const reply = await t.call('/v1/player/balance/get', {}, { token: player.token });
      return reply.data;
    },
    chainBalance(address) {
      return devnet.balances(address);
    },
    async expectLedgerOk() {
      const result = await checkLedger(t.app.database.db);
      if (!result.ok) throw new Error(`ledger check failed:\n${result.problems.join('\n')}`);
    },
  };
  return self;
}

/**
 * Every kind of address this site owns, named for test messages: the hot wallet, a player's own and
 * another player's deposit address, each transfer game's address per level, and a former transfer
 * address the transfer watcher has read.
 */
export async function siteAddresses(t: WalletTestApp, player: TestPlayer): Promise<{ kind: string; address: string }[]> {
  const other = await t.player();
  const former = newWallet().address;
  await t.app.database.db.insertInto('hash_transfer_cursors').values({ address: former, currency: 'USDT', cursor_ms: 0n }).execute();
  const games = await t.app.services.lobby.hashGameState();
  return [
    { kind: 'the hot wallet', address: t.app.chain.hotWallet.address },
    { kind: 'their own deposit address', address: await t.depositAddress(player) },
    { kind: "another player's deposit address", address: await t.depositAddress(other) },
    ...games.transferAddresses.map((row) => ({ kind: `transfer address of game ${row.game_id} level ${row.level}`, address: row.address })),
    { kind: 'a former transfer address', address: former },
  ];
}

export interface OutsideWallet {
  privateKey: string;
  address: string;
}

export function newWallet(): OutsideWallet {
  const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
  return { privateKey, address: privateKeyToAddress(privateKey) };
}

/** A wallet outside the lobby holding the given amounts, already in a block. */
export function outsideWallet(t: WalletTestApp, amounts: { trx?: string; usdt?: string }): OutsideWallet {
  const w = newWallet();
  t.app.chain.devnet!.faucet(w.address, {
    ...(amounts.trx ? { trx: micro(amounts.trx) } : {}),
    ...(amounts.usdt ? { usdt: micro(amounts.usdt) } : {}),
  });
  t.app.chain.devnet!.produceBlock();
  return w;
}

/** Sends TRX from an outside wallet through the node's HTTP API, as a wallet app would; lands in the next block. */
export async function sendTrx(t: WalletTestApp, from: OutsideWallet, to: string, amount: string): Promise<string> {
  return (await t.app.chain.client.sendTrx(from.privateKey, to, micro(amount))).txId;
}

/** Sends USDT from an outside wallet; a zero amount is built by hand, as address-poisoning spam is. */
export async function sendUsdt(t: WalletTestApp, from: OutsideWallet, to: string, amount: string): Promise<string> {
  const value = micro(amount);
  if (value > 0n) return (await t.app.chain.client.sendUsdt(from.privateKey, to, value)).txId;
  const chain = t.app.chain.devnet!.chain;
  const data = SELECTOR.transfer + encodeTransferParams(to, 0n);
  const built = chain.buildTrigger(toHexAddress(from.address), toHexAddress(USDT_CONTRACT), data, 0n, 0n);
  return chain.broadcast(signTransaction(built, from.privateKey));
}
