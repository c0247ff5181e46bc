import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { TronWeb } from 'tronweb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SELECTOR, encodeTransferParams } from '../abi.ts';
import { privateKeyToAddress, toHexAddress } from '../address.ts';
import { parseJson, stringifyJson } from '../json.ts';
import { type TransactionJson, encodeRawData, recoverSignerAddress, signTransaction, txIdOf, typeUrl } from '../transaction.ts';
import { blockIdOf, encodeBlockHeader } from './chain.ts';
import { createDevnet, DEVNET_FAUCET_ADDRESS, USDT_CONTRACT } from './index.ts';
import { type TestDevnet, startTestDevnet } from './testing.ts';

const TRX = 1_000_000n;

type Obj = Record<string, any>;

async function post(url: string, path: string, body: object = {}): Promise<Obj> {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stringifyJson(body) });
  return parseJson(await res.text()) as Obj;
}

function hexMessage(hex: string): string {
  return Buffer.from(hex, 'hex').toString('utf8');
}

describe('devnet block format', () => {
  it('names blocks exactly like mainnet: Nile block 66987627 gets its published id, and its witness signature recovers the witness', () => {
    // From the java-tron HTTP API documentation's getnowblock example (a real Nile testnet block).
    const header = {
      number: 66987627,
      txTrieRoot: 'f8156964cc3e5793a368f938a18ea45c02bd48fe3a412f7091ce8d9ef56df174',
      witnessAddress: '41e7860196ad5b5718c1d6326babab039b70b8c1cd',
      parentHash: '0000000003fe266a65d5194c947f6f7a059d4646c8e9a5293226bc7fdcfc775e',
      version: 34,
      timestamp: 1777445307000,
    };
    expect(blockIdOf(header)).toBe('0000000003fe266bf6b6d392f654dc2e5011601546ed04623d9fcc4e9d439a25');
    const signature = '55a29981b2ba121613788de5d1b6bd87579ef63479f4fbb7bc99b1c721769487023cb74ea3b604778ed448bf1c90db3db0fd8fedc85102cfda4231fd1c75d6e100';
    expect(recoverSignerAddress(bytesToHex(sha256(encodeBlockHeader(header))), signature)).toBe(header.witnessAddress);
  });

  describe('served over the full-node API', () => {
    let t: TestDevnet;
    beforeAll(async () => {
      t = await startTestDevnet();
    });
    afterAll(() => t.stop());

    it('starts from genesis block 0 and, in manual mode, grows only when asked', async () => {
      const start = t.devnet.head().height;
      await new Promise((r) => setTimeout(r, 60));
      expect(t.devnet.head().height).toBe(start);
      expect(t.devnet.produceBlock().height).toBe(start + 1);
      const res = await post(t.url, '/devnet/produce', { count: 3 });
      expect(res.head.height).toBe(start + 4);
      expect((await post(t.url, '/wallet/getnowblock')).block_header.raw_data.number).toBe(start + 4);
      const genesis = await post(t.url, '/wallet/getblockbynum', { num: 0 });
      expect(genesis.block_header.raw_data.parentHash).toBe('00'.repeat(32));
    });

    it('gives every block an id of 8-byte big-endian height then 24 bytes of the header hash, chained by parentHash', async () => {
      t.devnet.produceBlock(5);
      const head = t.devnet.head().height;
      let previous: Obj | undefined;
      for (let n = 0; n <= head; n++) {
        const b = await post(t.url, '/wallet/getblockbynum', { num: n });
        const raw = b.block_header.raw_data;
        expect(raw.number).toBe(n);
        expect(b.blockID).toMatch(/^[0-9a-f]{64}$/);
        expect(BigInt(`0x${b.blockID.slice(0, 16)}`)).toBe(BigInt(n));
        const fields = {
          number: raw.number,
          timestamp: raw.timestamp,
          txTrieRoot: raw.txTrieRoot,
          parentHash: raw.parentHash,
          witnessAddress: raw.witness_address,
          version: raw.version,
        };
        const headerHash = sha256(encodeBlockHeader(fields));
        expect(b.blockID.slice(16)).toBe(bytesToHex(headerHash.subarray(8)));
        expect(recoverSignerAddress(bytesToHex(headerHash), b.block_header.witness_signature)).toBe(raw.witness_address);
        if (previous) {
          expect(raw.parentHash).toBe(previous.blockID);
          expect(raw.timestamp).toBeGreaterThan(previous.block_header.raw_data.timestamp);
        }
        previous = b;
      }
      expect(await post(t.url, '/wallet/getblockbynum', { num: head + 1 })).toEqual({});
      expect((await post(t.url, '/wallet/getblockbyid', { value: previous!.blockID })).blockID).toBe(previous!.blockID);
    });

    it('puts pending transactions into the next block, under a Merkle root of their ids', async () => {
      const a = t.newWallet();
      const { trxTxId, usdtTxId } = t.devnet.faucet(a.address, { trx: 5n * TRX, usdt: 7n * TRX });
      const empty = await post(t.url, '/wallet/getnowblock');
      expect(empty.transactions).toBeUndefined();
      t.devnet.produceBlock();
      const block = await post(t.url, '/wallet/getnowblock');
      expect(block.transactions.map((tx: Obj) => tx.txID)).toEqual([trxTxId, usdtTxId]);
      expect(block.transactions.every((tx: Obj) => tx.ret[0].contractRet === 'SUCCESS')).toBe(true);
      const root = sha256(concatBytes(hexToBytes(trxTxId!), hexToBytes(usdtTxId!)));
      expect(block.block_header.raw_data.txTrieRoot).toBe(bytesToHex(root));
      t.devnet.produceBlock();
      expect((await post(t.url, '/wallet/getnowblock')).block_header.raw_data.txTrieRoot).toBe('00'.repeat(32));
    });

    it('answers getblock with or without transaction detail, the call TronWeb builds transactions from', async () => {
      const a = t.newWallet();
      t.devnet.faucet(a.address, { trx: TRX });
      const block = t.devnet.produceBlock();
      const light = await post(t.url, '/wallet/getblock', { id_or_num: String(block.height), detail: false });
      expect(light.blockID).toBe(block.id);
      expect(light.transactions).toBeUndefined();
      const full = await post(t.url, '/wallet/getblock', { id_or_num: block.id, detail: true });
      expect(full.transactions).toHaveLength(1);
      expect((await post(t.url, '/wallet/getblock', { detail: false })).blockID).toBe(t.devnet.head().id);
    });

    it('produces, for a test that asks, blocks whose ids meet a predicate, still valid and chained', async () => {
      const endsInZero = (id: string) => id.endsWith('0');
      const before = t.devnet.head();
      const head = t.devnet.produceBlock(4, endsInZero);
      expect(head.height).toBe(before.height + 4);
      let parent = before;
      for (let n = before.height + 1; n <= head.height; n++) {
        const b = await post(t.url, '/wallet/getblockbynum', { num: n });
        expect(b.blockID.endsWith('0')).toBe(true);
        expect(b.block_header.raw_data.parentHash).toBe(parent.id);
        expect(b.block_header.raw_data.timestamp).toBeGreaterThan(parent.timestamp);
        parent = { ...parent, id: b.blockID, timestamp: b.block_header.raw_data.timestamp };
      }
      expect(() => t.devnet.produceBlock(1, () => false)).toThrow(/no block id met the predicate/);
      expect(t.devnet.head().height).toBe(head.height);
    });

    it('serves /walletsolidity only from blocks solidityDepth below the head', async () => {
      t.devnet.produceBlock(25);
      const head = t.devnet.head().height;
      const solid = await post(t.url, '/walletsolidity/getnowblock');
      expect(solid.block_header.raw_data.number).toBe(head - 19);
      expect(await post(t.url, '/walletsolidity/getblockbynum', { num: head })).toEqual({});
    });
  });

  it('produces a block on every interval when not in manual mode', async () => {
    const devnet = createDevnet({ blockIntervalMs: 15 });
    await devnet.start(0);
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(devnet.head().height).toBeGreaterThanOrEqual(3);
    } finally {
      await devnet.stop();
    }
    const stoppedAt = devnet.head().height;
    await new Promise((r) => setTimeout(r, 60));
    expect(devnet.head().height).toBe(stoppedAt);
  });
});

describe('devnet broadcast validation', () => {
  let t: TestDevnet;
  beforeAll(async () => {
    t = await startTestDevnet();
  });
  afterAll(() => t.stop());

  async function createTrx(from: string, to: string, amount: bigint): Promise<TransactionJson> {
    return (await post(t.url, '/wallet/createtransaction', { owner_address: from, to_address: to, amount, visible: true })) as TransactionJson;
  }

  it('accepts a transfer signed by the owner and moves the balance at once', async () => {
    const a = t.fundedWallet({ trx: 10n * TRX });
    const b = t.newWallet();
    const tx = await createTrx(a.address, b.address, 3n * TRX);
    const res = await post(t.url, '/wallet/broadcasttransaction', signTransaction(tx, a.privateKey));
    expect(res).toEqual({ result: true, txid: tx.txID });
    expect(t.devnet.balances(b.address).trx).toBe(3n * TRX);
    expect(t.devnet.balances(a.address).trx).toBe(7n * TRX);
  });

  it("rejects a transaction signed by a key other than the owner's (SIGERROR) and moves nothing", async () => {
    const a = t.fundedWallet({ trx: 10n * TRX });
    const thief = t.newWallet();
    const tx = await createTrx(a.address, thief.address, 10n * TRX);
    const res = await post(t.url, '/wallet/broadcasttransaction', signTransaction(tx, thief.privateKey));
    expect(res.code).toBe('SIGERROR');
    expect(hexMessage(res.message)).toMatch(/is not the owner/);
    t.devnet.produceBlock();
    expect(t.devnet.balances(a.address).trx).toBe(10n * TRX);
    expect(t.devnet.balances(thief.address).trx).toBe(0n);
  });

  it('rejects a signed transaction whose contents were changed afterwards', async () => {
    const a = t.fundedWallet({ trx: 10n * TRX });
    const b = t.newWallet();
    const signed = signTransaction(await createTrx(a.address, b.address, TRX), a.privateKey);
    // Changed but left inconsistent: the node notices raw_data no longer matches raw_data_hex.
    const edited = structuredClone(signed);
    (edited.raw_data.contract[0].parameter.value as Obj).amount = 9n * TRX;
    expect((await post(t.url, '/wallet/broadcasttransaction', edited)).code).toBe('OTHER_ERROR');
    // Changed consistently (new hex, new txID): the old signature no longer recovers the owner.
    const bytes = encodeRawData(edited.raw_data);
    const forged = { ...edited, raw_data_hex: bytesToHex(bytes), txID: txIdOf(bytes) };
    expect((await post(t.url, '/wallet/broadcasttransaction', forged)).code).toBe('SIGERROR');
    expect((await post(t.url, '/wallet/broadcasttransaction', { ...signed, signature: [] })).code).toBe('SIGERROR');
  });

  it('rejects a duplicate broadcast, before and after inclusion', async () => {
    const a = t.fundedWallet({ trx: 10n * TRX });
    const b = t.newWallet();
    const signed = signTransaction(await createTrx(a.address, b.address, TRX), a.privateKey);
    expect((await post(t.url, '/wallet/broadcasttransaction', signed)).result).toBe(true);
    const dup = await post(t.url, '/wallet/broadcasttransaction', signed);
    expect(dup.code).toBe('DUP_TRANSACTION_ERROR');
    t.devnet.produceBlock();
    expect((await post(t.url, '/wallet/broadcasttransaction', signed)).code).toBe('DUP_TRANSACTION_ERROR');
    expect(t.devnet.balances(b.address).trx).toBe(TRX);
  });

  it('rejects a TRX transfer the owner can no longer cover when it is broadcast', async () => {
    const a = t.fundedWallet({ trx: 10n * TRX });
    const b = t.newWallet();
    const first = signTransaction(await createTrx(a.address, b.address, 6n * TRX), a.privateKey);
    const second = signTransaction(await createTrx(a.address, t.newWallet().address, 6n * TRX), a.privateKey);
    expect((await post(t.url, '/wallet/broadcasttransaction', first)).result).toBe(true);
    const res = await post(t.url, '/wallet/broadcasttransaction', second);
    expect(res.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(hexMessage(res.message)).toMatch(/balance is not sufficient/);
    expect(t.devnet.balances(a.address).trx).toBe(4n * TRX);
  });

  it('refuses to build a TRX transfer beyond the balance, to oneself, of zero, or from an unknown account', async () => {
    const a = t.fundedWallet({ trx: TRX });
    const b = t.newWallet();
    expect(((await createTrx(a.address, b.address, 2n * TRX)) as Obj).Error).toMatch(/balance is not sufficient/);
    expect(((await createTrx(a.address, a.address, 1n)) as Obj).Error).toMatch(/yourself/);
    expect(((await createTrx(a.address, b.address, 0n)) as Obj).Error).toMatch(/greater than 0/);
    expect(((await createTrx(b.address, a.address, 1n)) as Obj).Error).toMatch(/no OwnerAccount/);
    expect(((await createTrx(a.address, 'Tnot-an-address', 1n)) as Obj).Error).toMatch(/Invalid toAddress/);
  });

  it('rejects expired transactions and transactions referring to a block not on this chain', async () => {
    const a = t.fundedWallet({ trx: 10n * TRX });
    const b = t.newWallet();
    const base = await createTrx(a.address, b.address, TRX);
    const rebuild = (raw: TransactionJson['raw_data']) => {
      const bytes = encodeRawData(raw);
      return signTransaction({ visible: true, raw_data: raw, raw_data_hex: bytesToHex(bytes), txID: txIdOf(bytes) }, a.privateKey);
    };
    const expired = rebuild({ ...base.raw_data, expiration: t.devnet.head().timestamp });
    expect((await post(t.url, '/wallet/broadcasttransaction', expired)).code).toBe('TRANSACTION_EXPIRATION_ERROR');
    const foreign = rebuild({ ...base.raw_data, ref_block_hash: '0123456789abcdef' });
    expect((await post(t.url, '/wallet/broadcasttransaction', foreign)).code).toBe('TAPOS_ERROR');
  });

  it('includes a USDT transfer the owner cannot cover as REVERT, as mainnet does, and moves nothing', async () => {
    const a = t.fundedWallet({ trx: 10n * TRX, usdt: 5n * TRX });
    const b = t.newWallet();
    const built = await post(t.url, '/wallet/triggersmartcontract', {
      owner_address: a.address,
      contract_address: USDT_CONTRACT,
      function_selector: 'transfer(address,uint256)',
      parameter: encodeTransferParams(b.address, 6n * TRX),
      fee_limit: 10n * TRX,
      visible: true,
    });
    expect(built.result.result).toBe(true);
    const res = await post(t.url, '/wallet/broadcasttransaction', signTransaction(built.transaction, a.privateKey));
    expect(res.result).toBe(true);
    t.devnet.produceBlock();
    const info = await post(t.url, '/wallet/gettransactioninfobyid', { value: res.txid });
    expect(info.receipt.result).toBe('REVERT');
    expect(info.result).toBe('FAILED');
    expect(t.devnet.balances(a.address).usdt).toBe(5n * TRX);
    expect(t.devnet.balances(b.address).usdt).toBe(0n);
  });

  it('refuses USDT transfers from an address that never received TRX, as mainnet cannot charge it', async () => {
    const a = t.newWallet();
    t.devnet.faucet(a.address, { usdt: 5n * TRX });
    t.devnet.produceBlock();
    const built = await post(t.url, '/wallet/triggersmartcontract', {
      owner_address: a.address,
      contract_address: USDT_CONTRACT,
      data: SELECTOR.transfer + encodeTransferParams(t.newWallet().address, TRX),
      visible: true,
    });
    const res = await post(t.url, '/wallet/broadcasttransaction', signTransaction(built.transaction, a.privateKey));
    expect(res.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(await post(t.url, '/wallet/getaccount', { address: a.address, visible: true })).toEqual({});
  });

  it('knows only the USDT contract', async () => {
    const a = t.fundedWallet({ trx: TRX });
    const res = await post(t.url, '/wallet/triggersmartcontract', {
      owner_address: a.address,
      contract_address: a.address,
      function_selector: 'transfer(address,uint256)',
      parameter: encodeTransferParams(a.address, 1n),
      visible: true,
    });
    expect(res.result.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(hexMessage(res.result.message)).toMatch(/not a valid smart contract/);
  });

  it('answers TRC20 view calls of the USDT contract', async () => {
    const a = t.fundedWallet({ trx: TRX, usdt: 1234n });
    const call = (function_selector: string, parameter = '') =>
      post(t.url, '/wallet/triggerconstantcontract', {
        owner_address: a.address,
        contract_address: USDT_CONTRACT,
        function_selector,
        parameter,
        visible: true,
      });
    expect(BigInt(`0x${(await call('balanceOf(address)', encodeTransferParams(a.address, 0n).slice(0, 64))).constant_result[0]}`)).toBe(1234n);
    expect(BigInt(`0x${(await call('decimals()')).constant_result[0]}`)).toBe(6n);
    const symbol = (await call('symbol()')).constant_result[0] as string;
    expect(Buffer.from(symbol.slice(128, 136), 'hex').toString()).toBe('USDT');
  });
});

describe('devnet faucet', () => {
  let t: TestDevnet;
  beforeAll(async () => {
    t = await startTestDevnet();
  });
  afterAll(() => t.stop());

  it('sends TRX and USDT as ordinary signed transactions from its own account, amounts as strings or integers', async () => {
    const a = t.newWallet();
    const res = await post(t.url, '/devnet/faucet', { address: a.address, trx: '2500000', usdt: 1_000_000 });
    expect(res.trxTxId).toMatch(/^[0-9a-f]{64}$/);
    t.devnet.produceBlock();
    expect(t.devnet.balances(a.address)).toEqual({ trx: 2_500_000n, usdt: 1_000_000n });
    const tx = await post(t.url, '/wallet/gettransactionbyid', { value: res.trxTxId, visible: true });
    expect(tx.raw_data.contract[0].parameter.value.owner_address).toBe(DEVNET_FAUCET_ADDRESS);
  });

  it('gives 1000 TRX and 1000 USDT when no amount is named', async () => {
    const a = t.newWallet();
    await post(t.url, '/devnet/faucet', { address: a.address });
    t.devnet.produceBlock();
    expect(t.devnet.balances(a.address)).toEqual({ trx: 1000n * TRX, usdt: 1000n * TRX });
  });

  it('refuses bad addresses and non-positive or fractional amounts', async () => {
    expect((await post(t.url, '/devnet/faucet', { address: 'nope' })).Error).toBeDefined();
    expect((await post(t.url, '/devnet/faucet', { address: t.newWallet().address, trx: 0 })).Error).toBeDefined();
    expect((await post(t.url, '/devnet/faucet', { address: t.newWallet().address, usdt: '1.5' })).Error).toBeDefined();
  });
});

describe('devnet persistence', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('replays its chain file after a restart: same blocks, balances and transaction results', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnet-'));
    dirs.push(dir);
    const persistPath = join(dir, 'chain.jsonl');
    const t = await startTestDevnet({ persistPath });
    const a = t.fundedWallet({ trx: 10n * TRX, usdt: 10n * TRX });
    const b = t.newWallet();
    const { txId } = await t.client.sendUsdt(a.privateKey, b.address, 2_500_000n);
    await t.client.sendTrx(a.privateKey, b.address, 1_000_001n);
    t.devnet.produceBlock(3);
    const head = t.devnet.head();
    const info = await t.client.getTransactionInfo(txId);
    await t.stop();

    const again = createDevnet({ manual: true, persistPath });
    const url = await again.start(0);
    try {
      expect(again.head()).toEqual(head);
      expect(again.balances(b.address)).toEqual({ trx: 1_000_001n, usdt: 2_500_000n });
      expect(again.balances(a.address)).toEqual({ trx: 10n * TRX - 1_000_001n, usdt: 7_500_000n });
      expect(await post(url, '/wallet/gettransactioninfobyid', { value: txId })).toMatchObject({
        blockNumber: info!.blockNumber,
        receipt: { result: 'SUCCESS' },
      });
      expect(again.produceBlock().parentHash).toBe(head.id);
    } finally {
      await again.stop();
    }
  });

  it('drops a torn last line left by a crash mid-write and keeps the blocks before it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnet-'));
    dirs.push(dir);
    const persistPath = join(dir, 'chain.jsonl');
    const first = createDevnet({ manual: true, persistPath });
    first.produceBlock(4);
    const head = first.head();
    writeFileSync(persistPath, `${readFileSync(persistPath, 'utf8')}{"n":5,"t":12`);
    const second = createDevnet({ manual: true, persistPath });
    expect(second.head()).toEqual(head);
    expect(second.produceBlock().height).toBe(5);
    const third = createDevnet({ manual: true, persistPath });
    expect(third.head().height).toBe(5);
  });
});

describe('TronWeb against the devnet', () => {
  let t: TestDevnet;
  beforeAll(async () => {
    t = await startTestDevnet();
  });
  afterAll(() => t.stop());

  it('can send TRX and call the USDT contract, building and signing transactions its own way', async () => {
    const a = t.fundedWallet({ trx: 50n * TRX, usdt: 20n * TRX });
    const b = t.newWallet();
    const tronWeb = new TronWeb({ fullHost: t.url, privateKey: a.privateKey });
    const sent = await tronWeb.trx.sendTransaction(b.address, 1234);
    expect(sent.result).toBe(true);
    const call = await tronWeb.transactionBuilder.triggerSmartContract(
      USDT_CONTRACT,
      'transfer(address,uint256)',
      { feeLimit: 50_000_000 },
      [
        { type: 'address', value: b.address },
        { type: 'uint256', value: 777 },
      ],
      a.address,
    );
    const signed = await tronWeb.trx.sign(call.transaction, a.privateKey);
    expect((await tronWeb.trx.sendRawTransaction(signed)).result).toBe(true);
    t.devnet.produceBlock();
    expect(t.devnet.balances(b.address)).toEqual({ trx: 1234n, usdt: 777n });
    expect(toHexAddress(privateKeyToAddress(a.privateKey))).toBe(TronWeb.address.toHex(a.address));
  });

  it('describes the devnet at /devnet/info', async () => {
    const info = await post(t.url, '/devnet/info');
    expect(info).toMatchObject({ faucetAddress: DEVNET_FAUCET_ADDRESS, usdtContract: USDT_CONTRACT, solidityDepth: 19 });
    expect(info.head.height).toBe(t.devnet.head().height);
  });
});

describe('devnet history API (TronGrid v1)', () => {
  let t: TestDevnet;
  beforeAll(async () => {
    t = await startTestDevnet();
  });
  afterAll(() => t.stop());

  it('refuses a limit above 200, a bad address and a bad fingerprint with HTTP 400', async () => {
    const a = t.newWallet().address;
    for (const q of [`${a}/transactions/trc20?limit=201`, 'nope/transactions/trc20', `${a}/transactions?fingerprint=zzz`]) {
      const res = await fetch(`${t.url}/v1/accounts/${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).success).toBe(false);
    }
  });

  it('lists nothing for another TRC20 contract than USDT', async () => {
    const a = t.fundedWallet({ trx: TRX, usdt: TRX });
    const res = await fetch(`${t.url}/v1/accounts/${a.address}/transactions/trc20?contract_address=${a.address}`);
    expect((await res.json()).data).toEqual([]);
    const usdt = await fetch(`${t.url}/v1/accounts/${a.address}/transactions/trc20?contract_address=${USDT_CONTRACT}`);
    const body = await usdt.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ to: a.address, value: '1000000', type: 'Transfer', token_info: { decimals: 6, symbol: 'USDT' } });
  });

  it('accepts camelCase query parameters as TronGrid does', async () => {
    const a = t.fundedWallet({ trx: TRX, usdt: TRX });
    const res = await fetch(`${t.url}/v1/accounts/${a.address}/transactions/trc20?onlyFrom=true`);
    expect((await res.json()).data).toEqual([]);
  });
});

describe('devnet transaction lookups', () => {
  let t: TestDevnet;
  beforeAll(async () => {
    t = await startTestDevnet();
  });
  afterAll(() => t.stop());

  it('knows a transaction only once it is in a block', async () => {
    const a = t.newWallet();
    const { trxTxId } = t.devnet.faucet(a.address, { trx: TRX });
    expect(await post(t.url, '/wallet/gettransactionbyid', { value: trxTxId })).toEqual({});
    expect(await post(t.url, '/wallet/gettransactioninfobyid', { value: trxTxId })).toEqual({});
    const block = t.devnet.produceBlock();
    const tx = await post(t.url, '/wallet/gettransactionbyid', { value: trxTxId });
    expect(tx.txID).toBe(trxTxId);
    expect(tx.ret[0].contractRet).toBe('SUCCESS');
    expect(tx.raw_data.contract[0].type).toBe('TransferContract');
    expect(await post(t.url, '/wallet/gettransactioninfobyid', { value: trxTxId })).toMatchObject({
      id: trxTxId,
      blockNumber: block.height,
      blockTimeStamp: block.timestamp,
    });
    expect(typeUrl('TransferContract')).toBe(tx.raw_data.contract[0].parameter.type_url);
  });
});

describe('devnet network fees', () => {
  let t: TestDevnet;
  beforeAll(async () => {
    t = await startTestDevnet({ trc20FeeSun: 13n * TRX });
  });
  afterAll(() => t.stop());

  it('burns the configured TRX from the sender of a USDT transfer and reports it as the transaction fee', async () => {
    const a = t.fundedWallet({ trx: 20n * TRX, usdt: 5n * TRX });
    const b = t.newWallet();
    const { txId } = await t.client.sendUsdt(a.privateKey, b.address, 2n * TRX);
    t.devnet.produceBlock();
    expect(t.devnet.balances(a.address)).toEqual({ trx: 7n * TRX, usdt: 3n * TRX });
    expect(t.devnet.balances(b.address).usdt).toBe(2n * TRX);
    expect(await t.client.getTransactionInfo(txId)).toMatchObject({ success: true, fee: 13n * TRX });
  });

  it('reverts a USDT transfer whose sender cannot pay the fee, burning what TRX it had and moving no USDT', async () => {
    const a = t.fundedWallet({ trx: 5n * TRX, usdt: 5n * TRX });
    const { txId } = await t.client.sendUsdt(a.privateKey, t.newWallet().address, 1n * TRX);
    t.devnet.produceBlock();
    expect(t.devnet.balances(a.address)).toEqual({ trx: 0n, usdt: 5n * TRX });
    expect(await t.client.getTransactionInfo(txId)).toMatchObject({ success: false, fee: 5n * TRX });
  });

  it('leaves TRX transfers free', async () => {
    const a = t.fundedWallet({ trx: 20n * TRX });
    await t.client.sendTrx(a.privateKey, t.newWallet().address, 3n * TRX);
    t.devnet.produceBlock();
    expect(t.devnet.balances(a.address).trx).toBe(17n * TRX);
  });
});
