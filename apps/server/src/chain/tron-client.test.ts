import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bytesToHex } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBase58, isValidTronAddress } from './address.ts';
import { type TestDevnet, startTestDevnet } from './devnet/testing.ts';
import { parseJson, stringifyJson } from './json.ts';
import { type TransactionJson, encodeRawData, txIdOf } from './transaction.ts';
import { TronApiError, TronBroadcastError, TronClient } from './tron-client.ts';

const TRX = 1_000_000n;

describe('TronClient against a devnet', () => {
  let t: TestDevnet;
  beforeAll(async () => {
    t = await startTestDevnet({ solidityDepth: 3 });
  });
  afterAll(() => t.stop());

  it('reads the head and blocks by number in one normalised shape, null beyond the head', async () => {
    t.devnet.produceBlock(5);
    const head = await t.client.getNowBlock();
    expect(head).toEqual(t.devnet.head());
    expect(head.id.slice(0, 16)).toBe(head.height.toString(16).padStart(16, '0'));
    const parent = await t.client.getBlockByNum(head.height - 1);
    expect(parent!.id).toBe(head.parentHash);
    expect(await t.client.getBlockByNum(head.height + 1)).toBeNull();
    expect((await t.client.getSolidBlock()).height).toBe(head.height - 3);
    await expect(t.client.getBlockByNum(-1)).rejects.toThrow(RangeError);
  });

  it('sends TRX end to end: exact balances, and transaction info once the block is made', async () => {
    const a = t.fundedWallet({ trx: 10n * TRX });
    const b = t.newWallet();
    expect(await t.client.getTrxBalance(b.address)).toBe(0n);
    const { txId } = await t.client.sendTrx(a.privateKey, b.address, 1_500_001n);
    expect(txId).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.client.getTransactionInfo(txId)).toBeNull();
    const block = t.devnet.produceBlock();
    expect(block.txIds).toContain(txId);
    expect(await t.client.getTransactionInfo(txId)).toEqual({
      txId,
      blockNumber: block.height,
      blockTimestamp: block.timestamp,
      success: true,
      result: 'SUCCESS',
      fee: 0n,
      receipt: { energyUsage: 0n, energyFee: 0n, originEnergyUsage: 0n, energyUsageTotal: 0n, netUsage: 0n, netFee: 0n },
    });
    expect(await t.client.getTrxBalance(b.address)).toBe(1_500_001n);
    expect(await t.client.getTrxBalance(a.address)).toBe(10n * TRX - 1_500_001n);
  });

  it('sends USDT end to end through transfer(address,uint256)', async () => {
    const a = t.fundedWallet({ trx: 10n * TRX, usdt: 50n * TRX });
    const b = t.newWallet();
    const { txId } = await t.client.sendUsdt(a.privateKey, b.address, 27_030_000n);
    const block = t.devnet.produceBlock();
    const info = await t.client.getTransactionInfo(txId);
    expect(info).toMatchObject({ blockNumber: block.height, success: true, result: 'SUCCESS' });
    expect(await t.client.getUsdtBalance(b.address)).toBe(27_030_000n);
    expect(await t.client.getUsdtBalance(a.address)).toBe(50n * TRX - 27_030_000n);
    // USDT alone does not activate an account: its TRX balance reads as zero, not as an error.
    expect(await t.client.getTrxBalance(b.address)).toBe(0n);
  });

  it("reports a USDT transfer that reverted as unsuccessful, with the node's message", async () => {
    const a = t.fundedWallet({ trx: 10n * TRX, usdt: TRX });
    const { txId } = await t.client.sendUsdt(a.privateKey, t.newWallet().address, 2n * TRX);
    t.devnet.produceBlock();
    expect(await t.client.getTransactionInfo(txId)).toMatchObject({ success: false, result: 'REVERT', message: 'REVERT opcode executed' });
    expect(await t.client.getUsdtBalance(a.address)).toBe(TRX);
  });

  it('prepares a signed transfer whose txID is known before it is broadcast, and refuses a second broadcast', async () => {
    const a = t.fundedWallet({ trx: 10n * TRX });
    const b = t.newWallet();
    const prepared = await t.client.prepareTrxTransfer(a.privateKey, b.address, TRX);
    expect(prepared.from).toBe(a.address);
    expect(prepared.expiration).toBeGreaterThan(t.devnet.head().timestamp);
    expect(await t.client.getTransactionInfo(prepared.txId)).toBeNull();
    expect(await t.client.broadcast(prepared)).toBe(prepared.txId);
    const second = t.client.broadcast(prepared);
    await expect(second).rejects.toBeInstanceOf(TronBroadcastError);
    await expect(t.client.broadcast(prepared)).rejects.toMatchObject({ code: 'DUP_TRANSACTION_ERROR', txId: prepared.txId });
  });

  it("surfaces the node's refusal to build a transfer the sender cannot cover", async () => {
    const a = t.fundedWallet({ trx: TRX });
    await expect(t.client.sendTrx(a.privateKey, t.newWallet().address, 2n * TRX)).rejects.toThrow(/balance is not sufficient/);
  });

  it('refuses bad input before any request', async () => {
    const a = t.newWallet();
    await expect(t.client.sendTrx(a.privateKey, a.address, 0n)).rejects.toThrow(RangeError);
    await expect(t.client.sendTrx(a.privateKey, a.address, -1n)).rejects.toThrow(RangeError);
    await expect(t.client.sendUsdt(a.privateKey, 'Tnope', 1n)).rejects.toThrow(/not a TRON address/);
    await expect(t.client.sendTrx('zz', a.address, 1n)).rejects.toThrow(/private key/);
    await expect(t.client.getTrxBalance('nope')).rejects.toThrow(/not a TRON address/);
    await expect(t.client.listTrc20Transfers(a.address, { limit: 201 })).rejects.toThrow(RangeError);
    await expect(t.client.getTransactionInfo('abc')).rejects.toThrow(/64 hex/);
  });

  describe('transfer history', () => {
    it('pages TRC20 transfers with fingerprints, newest first, without gaps or repeats', async () => {
      const target = t.newWallet();
      const senders = [t.fundedWallet({ trx: 10n * TRX, usdt: 100n * TRX }), t.fundedWallet({ trx: 10n * TRX, usdt: 100n * TRX })];
      const sent: string[] = [];
      for (let i = 0; i < 7; i++) {
        const { txId } = await t.client.sendUsdt(senders[i % 2].privateKey, target.address, BigInt(i + 1) * TRX);
        sent.push(txId);
        if (i % 3 === 2) t.devnet.produceBlock();
      }
      t.devnet.produceBlock();

      const pages: string[][] = [];
      let fingerprint: string | undefined;
      do {
        const page = await t.client.listTrc20Transfers(target.address, { onlyTo: true, limit: 3, fingerprint });
        pages.push(page.items.map((x) => x.txId));
        for (const item of page.items) {
          expect(item.to).toBe(target.address);
          expect(senders.map((s) => s.address)).toContain(item.from);
          expect(item.contract).toBe(t.client.usdtContract);
        }
        fingerprint = page.fingerprint ?? undefined;
      } while (fingerprint);
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(pages.flat()).toEqual([...sent].reverse());

      const ascending = await t.client.listTrc20Transfers(target.address, { onlyTo: true, order: 'asc', limit: 200 });
      expect(ascending.items.map((x) => x.txId)).toEqual(sent);
      expect(ascending.items.map((x) => x.amount)).toEqual(sent.map((_, i) => BigInt(i + 1) * TRX));
      expect(ascending.fingerprint).toBeNull();
    });

    it('keeps a page sequence stable while new transfers arrive', async () => {
      const target = t.newWallet();
      const sender = t.fundedWallet({ trx: 10n * TRX, usdt: 100n * TRX });
      const older: string[] = [];
      for (let i = 0; i < 4; i++) older.push((await t.client.sendUsdt(sender.privateKey, target.address, TRX)).txId);
      t.devnet.produceBlock();
      const first = await t.client.listTrc20Transfers(target.address, { limit: 2 });
      await t.client.sendUsdt(sender.privateKey, target.address, TRX);
      t.devnet.produceBlock();
      const second = await t.client.listTrc20Transfers(target.address, { limit: 2, fingerprint: first.fingerprint! });
      expect([...first.items, ...second.items].map((x) => x.txId)).toEqual([...older].reverse());
      expect(second.fingerprint).toBeNull();
    });

    it('separates incoming from outgoing transfers', async () => {
      const a = t.fundedWallet({ trx: 10n * TRX, usdt: 10n * TRX });
      const b = t.fundedWallet({ trx: 10n * TRX, usdt: 10n * TRX });
      const out = await t.client.sendUsdt(a.privateKey, b.address, TRX);
      const back = await t.client.sendUsdt(b.privateKey, a.address, 2n * TRX);
      t.devnet.produceBlock();
      const incoming = await t.client.listTrc20Transfers(a.address, { onlyTo: true });
      const outgoing = await t.client.listTrc20Transfers(a.address, { onlyFrom: true });
      const all = await t.client.listTrc20Transfers(a.address);
      expect(incoming.items.map((x) => x.txId)).toContain(back.txId);
      expect(incoming.items.map((x) => x.txId)).not.toContain(out.txId);
      expect(outgoing.items.map((x) => x.txId)).toEqual([out.txId]);
      expect(all.items.map((x) => x.txId).slice(0, 2)).toEqual([back.txId, out.txId]);
    });

    it('lists a transfer as confirmed only once it is solidityDepth blocks deep, and honours minTimestamp', async () => {
      const target = t.newWallet();
      const sender = t.fundedWallet({ trx: 10n * TRX, usdt: 10n * TRX });
      const { txId } = await t.client.sendUsdt(sender.privateKey, target.address, TRX);
      const block = t.devnet.produceBlock();
      expect((await t.client.listTrc20Transfers(target.address, { onlyConfirmed: true })).items).toEqual([]);
      expect((await t.client.listTrc20Transfers(target.address, { onlyUnconfirmed: true })).items.map((x) => x.txId)).toEqual([txId]);
      t.devnet.produceBlock(3);
      const confirmed = await t.client.listTrc20Transfers(target.address, { onlyConfirmed: true });
      expect(confirmed.items).toEqual([
        { txId, from: sender.address, to: target.address, amount: TRX, contract: t.client.usdtContract, blockTimestamp: block.timestamp },
      ]);
      expect((await t.client.listTrc20Transfers(target.address, { minTimestamp: block.timestamp + 1 })).items).toEqual([]);
      expect((await t.client.listTrc20Transfers(target.address, { maxTimestamp: block.timestamp - 1 })).items).toEqual([]);
      expect((await t.client.listTrc20Transfers(target.address, { minTimestamp: block.timestamp })).items).toHaveLength(1);
    });

    it('lists TRX transfers (deposits in TRX) with their block numbers, paging like TRC20', async () => {
      const target = t.newWallet();
      const sender = t.fundedWallet({ trx: 100n * TRX, usdt: 10n * TRX });
      const sent: Array<{ txId: string; height: number }> = [];
      for (let i = 1; i <= 5; i++) {
        const { txId } = await t.client.sendTrx(sender.privateKey, target.address, BigInt(i) * 100_000n);
        sent.push({ txId, height: t.devnet.produceBlock().height });
      }
      // A USDT transfer to the target is not a TRX transfer and must not show up here.
      await t.client.sendUsdt(sender.privateKey, target.address, TRX);
      t.devnet.produceBlock();
      const seen: Array<{ txId: string; height: number; amount: bigint }> = [];
      let fingerprint: string | undefined;
      do {
        const page = await t.client.listTrxTransfers(target.address, { onlyTo: true, limit: 2, order: 'asc', fingerprint });
        for (const x of page.items) {
          expect(x.from).toBe(sender.address);
          expect(x.to).toBe(target.address);
          seen.push({ txId: x.txId, height: x.blockNumber, amount: x.amount });
        }
        fingerprint = page.fingerprint ?? undefined;
      } while (fingerprint);
      expect(seen).toEqual(sent.map((s, i) => ({ ...s, amount: BigInt(i + 1) * 100_000n })));
      const fromSender = await t.client.listTrxTransfers(sender.address, { onlyFrom: true, limit: 200 });
      expect(fromSender.items.map((x) => x.txId).sort()).toEqual(sent.map((s) => s.txId).sort());
    });
  });
});

describe('TronClient talking to a node that misbehaves', () => {
  let t: TestDevnet;
  beforeAll(async () => {
    t = await startTestDevnet();
  });
  afterAll(() => t.stop());

  /** A fetch that lets the devnet build the transaction and then rewrites it, as a hostile node could. */
  function tamperingFetch(rewrite: (tx: TransactionJson) => TransactionJson): typeof fetch {
    return async (input, init) => {
      const res = await fetch(input, init);
      if (!String(input).endsWith('/wallet/createtransaction')) return res;
      const tx = rewrite(parseJson(await res.text()) as TransactionJson);
      return new Response(stringifyJson(tx), { status: 200, headers: { 'content-type': 'application/json' } });
    };
  }

  it('refuses to sign a coherent transaction that pays someone else', async () => {
    const a = t.fundedWallet({ trx: 10n * TRX });
    const mallory = t.newWallet();
    const client = new TronClient({
      apiUrl: t.url,
      fetch: tamperingFetch((tx) => {
        (tx.raw_data.contract[0].parameter.value as { to_address: string }).to_address = mallory.address;
        const bytes = encodeRawData(tx.raw_data);
        return { ...tx, raw_data_hex: bytesToHex(bytes), txID: txIdOf(bytes) };
      }),
    });
    await expect(client.sendTrx(a.privateKey, t.newWallet().address, TRX)).rejects.toThrow(/not the requested TRX transfer/);
    expect(t.devnet.chain.pendingCount()).toBe(0);
  });

  it('refuses to sign bytes that differ from the transaction shown', async () => {
    const a = t.fundedWallet({ trx: 10n * TRX });
    const client = new TronClient({
      apiUrl: t.url,
      fetch: tamperingFetch((tx) => {
        const other = structuredClone(tx);
        (other.raw_data.contract[0].parameter.value as { amount: number }).amount = 1;
        return { ...tx, raw_data_hex: bytesToHex(encodeRawData(other.raw_data)) };
      }),
    });
    await expect(client.sendTrx(a.privateKey, t.newWallet().address, TRX)).rejects.toThrow(/raw_data_hex does not match/);
  });

  it('sends TRON-PRO-API-KEY on every call when configured, and no key header otherwise', async () => {
    const seen: Array<string | null> = [];
    const spy = (key?: string) =>
      new TronClient({
        apiUrl: `${t.url}/`,
        apiKey: key,
        fetch: async (input, init) => {
          seen.push(new Headers(init?.headers).get('TRON-PRO-API-KEY'));
          return fetch(input, init);
        },
      });
    const a = t.fundedWallet({ trx: TRX });
    await spy('secret-key').getNowBlock();
    await spy('secret-key').listTrc20Transfers(a.address);
    await spy().getTrxBalance(a.address);
    expect(seen).toEqual(['secret-key', 'secret-key', null]);
  });
});

describe('TronClient transport errors', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith('/wallet/getnowblock')) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('upstream overloaded');
      } else if (req.url?.startsWith('/wallet/getblockbynum')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>not json</html>');
      } else if (req.url?.startsWith('/wallet/getaccount')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"Error":"class java.lang.IllegalArgumentException : INVALID address"}');
      }
      // Anything else never answers.
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('reports a non-2xx answer with its status, path and body', async () => {
    const client = new TronClient({ apiUrl: url });
    const err = await client.getNowBlock().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TronApiError);
    expect(err).toMatchObject({ status: 503, path: '/wallet/getnowblock' });
    expect((err as Error).message).toMatch(/HTTP 503: upstream overloaded/);
  });

  it('reports an answer that is not JSON, and an Error the node put in a 200', async () => {
    const client = new TronClient({ apiUrl: url });
    await expect(client.getBlockByNum(1)).rejects.toThrow(/not JSON/);
    await expect(client.getTrxBalance(hexToBase58(`41${'11'.repeat(20)}`))).rejects.toThrow(/INVALID address/);
  });

  it('gives up after the configured timeout', async () => {
    const client = new TronClient({ apiUrl: url, timeoutMs: 150 });
    const started = Date.now();
    await expect(client.getTransactionInfo('ab'.repeat(32))).rejects.toThrow(/timed out after 150 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a node that cannot be reached', async () => {
    const client = new TronClient({ apiUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(client.getNowBlock()).rejects.toBeInstanceOf(TronApiError);
  });

  it('needs an apiUrl and a valid USDT contract address', () => {
    expect(() => new TronClient({ apiUrl: '' })).toThrow(/apiUrl/);
    expect(() => new TronClient({ apiUrl: url, usdtContract: 'nope' })).toThrow(/usdtContract/);
    expect(isValidTronAddress(new TronClient({ apiUrl: url }).usdtContract)).toBe(true);
  });
});
