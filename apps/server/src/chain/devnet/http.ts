// The devnet's HTTP face: the subset of java-tron's full-node API and of TronGrid's v1 history API
// that the server's TronClient uses, answering in the same shapes (including their error shapes:
// java-tron reports most failures as HTTP 200 with an `Error` field or a `result.code`).
import { type IncomingMessage, type ServerResponse, createServer, type Server } from 'node:http';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { SELECTOR, TRANSFER_EVENT_TOPIC, encodeUint256, functionSelector } from '../abi.ts';
import { InvalidAddressError, hexToBase58, toHexAddress } from '../address.ts';
import { parseJson, stringifyJson } from '../json.ts';
import type { RawDataJson, TransactionJson } from '../transaction.ts';
import { toBigIntAmount } from '../units.ts';
import {
  type Block,
  BLOCK_VERSION,
  BroadcastError,
  ContractValidateError,
  DEVNET_FAUCET_ADDRESS,
  type DevnetChain,
  type HistoryQuery,
  type TxRecord,
  USDT_CONTRACT,
  USDT_CONTRACT_HEX,
  USDT_DECIMALS,
  USDT_NAME,
  USDT_SYMBOL,
} from './chain.ts';

const MAX_BODY_BYTES = 1 << 20;
const MAX_PAGE = 200;
const DEFAULT_PAGE = 20;
/** What the faucet gives when neither amount is named: 1000 TRX and 1000 USDT. */
const DEFAULT_FAUCET = { trx: 1000n * 1_000_000n, usdt: 1000n * 1_000_000n };

/** A request the devnet answers with a non-2xx status. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;
type Json = unknown;

export interface DevnetHttpHooks {
  produce(count: number): Block;
}

function hexMessage(text: string): string {
  return bytesToHex(utf8ToBytes(text));
}

function addr(hex: string, visible: boolean): string {
  return visible ? hexToBase58(hex) : hex;
}

function isVisible(body: Body): boolean {
  return body.visible === true || body.visible === 'true';
}

function rawDataFor(raw: RawDataJson, visible: boolean): RawDataJson {
  if (!visible) return raw;
  return {
    ...raw,
    contract: raw.contract.map((c) => {
      const value = { ...(c.parameter.value as unknown as Record<string, unknown>) };
      for (const k of ['owner_address', 'to_address', 'contract_address']) {
        if (typeof value[k] === 'string') value[k] = hexToBase58(value[k] as string);
      }
      return { ...c, parameter: { ...c.parameter, value: value as never } };
    }),
  };
}

function txFor(tx: TransactionJson, visible: boolean): TransactionJson {
  return { ...tx, visible, raw_data: rawDataFor(tx.raw_data, visible) };
}

function includedTxJson(r: TxRecord, visible: boolean): Json {
  return { ret: [{ contractRet: r.result }], ...txFor(r.tx, visible) };
}

function blockJson(chain: DevnetChain, b: Block, visible: boolean, detail = true): Json {
  const txs = detail ? b.txIds.map((id) => includedTxJson(chain.transaction(id)!, visible)) : [];
  return {
    blockID: b.id,
    block_header: {
      raw_data: {
        number: b.number,
        txTrieRoot: b.txTrieRoot,
        witness_address: addr(b.witnessAddress, visible),
        parentHash: b.parentHash,
        version: BLOCK_VERSION,
        timestamp: b.timestamp,
      },
      witness_signature: chain.witnessSignature(b),
    },
    // java-tron leaves the key out of an empty block.
    ...(txs.length ? { transactions: txs } : {}),
  };
}

function txInfoJson(r: TxRecord): Json {
  if (r.blockNumber === undefined) return {};
  const base: Record<string, Json> = {
    id: r.tx.txID,
    blockNumber: r.blockNumber,
    blockTimeStamp: r.blockTimestamp,
    contractResult: [r.contractResult ?? ''],
  };
  if (r.intent.kind === 'transfer') return { ...base, receipt: {} };
  base.contract_address = r.intent.contract;
  base.receipt = { result: r.result, ...(r.fee ? { energy_fee: Number(r.fee) } : {}) };
  if (r.fee) base.fee = Number(r.fee);
  if (r.result !== 'SUCCESS') {
    base.result = 'FAILED';
    base.resMessage = hexMessage(r.resMessage ?? r.result);
  }
  if (r.trc20) {
    base.log = [
      {
        address: USDT_CONTRACT_HEX.slice(2),
        topics: [TRANSFER_EVENT_TOPIC, r.trc20.from.slice(2).padStart(64, '0'), r.trc20.to.slice(2).padStart(64, '0')],
        data: encodeUint256(r.trc20.amount),
      },
    ];
  }
  return base;
}

function requireAddress(value: unknown, field: string): string {
  try {
    return toHexAddress(value as string);
  } catch (e) {
    if (e instanceof InvalidAddressError) throw new ContractValidateError(`Invalid ${field}`);
    throw e;
  }
}

function requireInt(value: unknown, field: string, fallback?: bigint): bigint {
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  try {
    return toBigIntAmount(value, field);
  } catch {
    throw new ContractValidateError(`${field} must be an integer`);
  }
}

function callData(body: Body): string {
  if (typeof body.data === 'string' && body.data !== '') return body.data.replace(/^0x/, '').toLowerCase();
  if (typeof body.function_selector !== 'string' || body.function_selector === '') {
    throw new ContractValidateError('function_selector or data is required');
  }
  const params = typeof body.parameter === 'string' ? body.parameter.replace(/^0x/, '').toLowerCase() : '';
  if (!/^[0-9a-f]*$/.test(params) || params.length % 2 !== 0) throw new ContractValidateError('parameter must be hex');
  return functionSelector(body.function_selector.replace(/\s+/g, '')) + params;
}

/** Reads TronGrid query parameters, which accept camelCase and snake_case alike. */
function queryParams(url: URL): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of url.searchParams) out.set(k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v);
  return out;
}

function boolParam(q: Map<string, string>, name: string): boolean {
  const v = q.get(name);
  if (v === undefined || v === '' || v === 'false') return false;
  if (v === 'true') return true;
  throw new HttpError(400, `${name} must be true or false`);
}

function intParam(q: Map<string, string>, name: string): number | undefined {
  const v = q.get(name);
  if (v === undefined || v === '') return undefined;
  if (!/^\d+$/.test(v) || !Number.isSafeInteger(Number(v))) throw new HttpError(400, `${name} must be a non-negative integer`);
  return Number(v);
}

function encodeFingerprint(ordinal: number): string {
  return Buffer.from(`o:${ordinal}`).toString('base64url');
}

function decodeFingerprint(fp: string): number {
  const m = /^o:(\d+)$/.exec(Buffer.from(fp, 'base64url').toString('utf8'));
  if (!m) throw new HttpError(400, 'invalid fingerprint');
  return Number(m[1]);
}

function historyQuery(q: Map<string, string>): HistoryQuery {
  const limit = intParam(q, 'limit') ?? DEFAULT_PAGE;
  if (limit < 1 || limit > MAX_PAGE) throw new HttpError(400, `limit must be between 1 and ${MAX_PAGE}`);
  const onlyConfirmed = boolParam(q, 'only_confirmed');
  const onlyUnconfirmed = boolParam(q, 'only_unconfirmed');
  if (onlyConfirmed && onlyUnconfirmed) throw new HttpError(400, 'only_confirmed and only_unconfirmed cannot both be set');
  const orderBy = q.get('order_by') ?? 'block_timestamp,desc';
  if (orderBy !== 'block_timestamp,desc' && orderBy !== 'block_timestamp,asc') {
    throw new HttpError(400, 'order_by must be block_timestamp,asc or block_timestamp,desc');
  }
  const fp = q.get('fingerprint');
  return {
    onlyTo: boolParam(q, 'only_to'),
    onlyFrom: boolParam(q, 'only_from'),
    onlyConfirmed,
    onlyUnconfirmed,
    minTimestamp: intParam(q, 'min_timestamp'),
    maxTimestamp: intParam(q, 'max_timestamp'),
    ascending: orderBy.endsWith('asc'),
    limit,
    after: fp ? decodeFingerprint(fp) : undefined,
  };
}

function historyPage(url: URL, result: { items: TxRecord[]; more: boolean }, data: Json[]): Json {
  const meta: Record<string, Json> = { at: Date.now(), page_size: data.length };
  if (result.more && result.items.length) {
    const fingerprint = encodeFingerprint(result.items[result.items.length - 1].ordinal!);
    const next = new URL(url);
    next.searchParams.set('fingerprint', fingerprint);
    meta.fingerprint = fingerprint;
    meta.links = { next: next.toString() };
  }
  return { data, success: true, meta };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createDevnetHttpServer(chain: DevnetChain, hooks: DevnetHttpHooks): Server {
  const wallet: Record<string, (body: Body) => Json> = {
    getnowblock: (b) => blockJson(chain, chain.head(), isVisible(b)),
    getblockbynum: (b) => {
      const block = chain.blockByNumber(Number(requireInt(b.num, 'num')));
      return block ? blockJson(chain, block, isVisible(b)) : {};
    },
    getblockbyid: (b) => {
      const block = chain.blockById(String(b.value ?? ''));
      return block ? blockJson(chain, block, isVisible(b)) : {};
    },
    getblock: (b) => {
      const key = b.id_or_num === undefined ? undefined : String(b.id_or_num);
      const block =
        key === undefined || key === ''
          ? chain.head()
          : /^\d+$/.test(key)
            ? chain.blockByNumber(Number(key))
            : chain.blockById(key);
      const detail = b.detail === true || b.detail === 'true';
      return block ? blockJson(chain, block, isVisible(b), detail) : {};
    },
    getaccount: (b) => {
      const address = requireAddress(b.address, 'address');
      const account = chain.account(address);
      if (!account || !chain.isActivated(address)) return {};
      return {
        address: addr(address, isVisible(b)),
        ...(account.trx > 0n ? { balance: account.trx } : {}),
        create_time: account.createTime,
      };
    },
    createtransaction: (b) => {
      const tx = chain.buildTransfer(
        requireAddress(b.owner_address, 'ownerAddress'),
        requireAddress(b.to_address, 'toAddress'),
        requireInt(b.amount, 'amount'),
      );
      return txFor(tx, isVisible(b));
    },
    triggersmartcontract: (b) => {
      const owner = requireAddress(b.owner_address, 'owner_address');
      const contract = requireAddress(b.contract_address, 'contract_address');
      const data = callData(b);
      const tx = chain.buildTrigger(owner, contract, data, requireInt(b.fee_limit, 'fee_limit', 0n), requireInt(b.call_value, 'call_value', 0n));
      // java-tron also runs view functions it is asked to trigger and reports their result.
      const isView = [SELECTOR.balanceOf, SELECTOR.decimals, SELECTOR.symbol, SELECTOR.name, SELECTOR.totalSupply].includes(
        data.slice(0, 8) as never,
      );
      const constant = isView ? chain.callUsdt(owner, data, 0n) : null;
      return { result: { result: true }, ...(constant !== null ? { constant_result: [constant] } : {}), transaction: txFor(tx, isVisible(b)) };
    },
    triggerconstantcontract: (b) => {
      const owner = b.owner_address === undefined ? `41${'00'.repeat(20)}` : requireAddress(b.owner_address, 'owner_address');
      const contract = requireAddress(b.contract_address, 'contract_address');
      if (contract !== USDT_CONTRACT_HEX) throw new ContractValidateError('No contract or not a valid smart contract');
      const data = callData(b);
      const result = chain.callUsdt(owner, data, requireInt(b.call_value, 'call_value', 0n));
      if (result === null) {
        return { result: { code: 'CONTRACT_EXE_ERROR', message: hexMessage('REVERT opcode executed') }, energy_used: 0, constant_result: [''] };
      }
      return { result: { result: true }, energy_used: 0, constant_result: [result] };
    },
    broadcasttransaction: (b) => {
      const txId = typeof b.txID === 'string' ? b.txID : '';
      try {
        return { result: true, txid: chain.broadcast(b as unknown as TransactionJson) };
      } catch (e) {
        if (e instanceof BroadcastError) return { code: e.code, txid: txId, message: hexMessage(e.message) };
        throw e;
      }
    },
    gettransactionbyid: (b) => {
      const r = chain.transaction(String(b.value ?? ''));
      return r && r.blockNumber !== undefined ? includedTxJson(r, isVisible(b)) : {};
    },
    gettransactioninfobyid: (b) => {
      const r = chain.transaction(String(b.value ?? ''));
      return r ? txInfoJson(r) : {};
    },
  };

  // /walletsolidity answers only from blocks at least solidityDepth below the head.
  const solidity: Record<string, (body: Body) => Json> = {
    getnowblock: (b) => blockJson(chain, chain.solidHead(), isVisible(b)),
    getblockbynum: (b) => {
      const n = Number(requireInt(b.num, 'num'));
      const block = chain.isConfirmed(n) ? chain.blockByNumber(n) : undefined;
      return block ? blockJson(chain, block, isVisible(b)) : {};
    },
    gettransactionbyid: (b) => {
      const r = chain.transaction(String(b.value ?? ''));
      return r && r.blockNumber !== undefined && chain.isConfirmed(r.blockNumber) ? includedTxJson(r, isVisible(b)) : {};
    },
    gettransactioninfobyid: (b) => {
      const r = chain.transaction(String(b.value ?? ''));
      return r && r.blockNumber !== undefined && chain.isConfirmed(r.blockNumber) ? txInfoJson(r) : {};
    },
  };

  const devnet: Record<string, (body: Body) => Json> = {
    produce: (b) => {
      const count = b.count === undefined ? 1 : Number(b.count);
      if (!Number.isSafeInteger(count) || count < 1 || count > 10_000) throw new HttpError(400, 'count must be an integer in 1..10000');
      return { head: summary(hooks.produce(count)) };
    },
    faucet: (b) => {
      const address = requireAddress(b.address, 'address');
      const named = b.trx !== undefined || b.usdt !== undefined;
      const amounts = named
        ? {
            ...(b.trx !== undefined ? { trx: requireInt(b.trx, 'trx') } : {}),
            ...(b.usdt !== undefined ? { usdt: requireInt(b.usdt, 'usdt') } : {}),
          }
        : DEFAULT_FAUCET;
      return { address: hexToBase58(address), ...chain.faucet(address, amounts) };
    },
    info: () => ({
      head: summary(chain.head()),
      solidHead: summary(chain.solidHead()),
      solidityDepth: chain.solidityDepth,
      pending: chain.pendingCount(),
      faucetAddress: DEVNET_FAUCET_ADDRESS,
      usdtContract: USDT_CONTRACT,
    }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The host the caller used, so that meta.links.next is a URL it can follow.
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    } catch {
      throw new HttpError(400, 'bad request URL or Host header');
    }
    const path = url.pathname.replace(/\/+$/, '');
    const history = /^\/v1\/accounts\/([^/]+)\/transactions(\/trc20)?$/.exec(path);
    if (history) {
      if (req.method !== 'GET') throw new HttpError(405, 'use GET');
      let address: string;
      try {
        address = toHexAddress(decodeURIComponent(history[1]));
      } catch {
        throw new HttpError(400, 'Invalid address');
      }
      const q = queryParams(url);
      const query = historyQuery(q);
      if (history[2]) {
        const contract = q.get('contract_address');
        if (contract !== undefined && contract !== '') {
          let contractHex: string;
          try {
            contractHex = toHexAddress(contract);
          } catch {
            throw new HttpError(400, 'Invalid contract_address');
          }
          // USDT is the only TRC20 token on the devnet.
          if (contractHex !== USDT_CONTRACT_HEX) return send(res, 200, { data: [], success: true, meta: { at: Date.now(), page_size: 0 } });
        }
        const result = chain.trc20History(address, query);
        const data = result.items.map((r) => ({
          transaction_id: r.tx.txID,
          token_info: { symbol: USDT_SYMBOL, address: USDT_CONTRACT, decimals: USDT_DECIMALS, name: USDT_NAME },
          block_timestamp: r.blockTimestamp,
          from: hexToBase58(r.trc20!.from),
          to: hexToBase58(r.trc20!.to),
          type: 'Transfer',
          value: r.trc20!.amount.toString(),
        }));
        return send(res, 200, historyPage(url, result, data));
      }
      const result = chain.transactionHistory(address, query);
      const data = result.items.map((r) => ({
        ret: [{ contractRet: r.result, fee: Number(r.fee ?? 0n) }],
        signature: r.tx.signature,
        txID: r.tx.txID,
        net_usage: 0,
        raw_data_hex: r.tx.raw_data_hex,
        net_fee: 0,
        energy_value: 0,
        blockNumber: r.blockNumber,
        block_timestamp: r.blockTimestamp,
        energy_fee: Number(r.fee ?? 0n),
        energy_usage: 0,
        raw_data: r.tx.raw_data,
        energy_usage_total: 0,
        internal_transactions: [],
      }));
      return send(res, 200, historyPage(url, result, data));
    }

    const m = /^\/(wallet|walletsolidity|devnet)\/([a-z0-9]+)$/.exec(path);
    const group = m ? { wallet, walletsolidity: solidity, devnet }[m[1] as 'wallet' | 'walletsolidity' | 'devnet'] : undefined;
    const handler = m && group ? group[m[2]] : undefined;
    if (!handler) throw new HttpError(404, `no such endpoint: ${req.method} ${path}`);
    if (req.method !== 'POST' && req.method !== 'GET') throw new HttpError(405, 'use POST');
    let body: Body = {};
    if (req.method === 'POST') {
      const text = await readBody(req);
      if (text.trim() !== '') {
        let parsed: unknown;
        try {
          parsed = parseJson(text);
        } catch {
          throw new HttpError(400, 'request body is not JSON');
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new HttpError(400, 'request body must be a JSON object');
        body = parsed as Body;
      }
    } else {
      body = Object.fromEntries(url.searchParams);
    }
    try {
      send(res, 200, handler(body));
    } catch (e) {
      // java-tron answers a transaction it cannot build with HTTP 200 and an Error field.
      if (e instanceof ContractValidateError) {
        if (m![2].startsWith('trigger')) {
          return send(res, 200, { result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexMessage(e.message) } });
        }
        return send(res, 200, { Error: `class org.tron.core.exception.ContractValidateException : ${e.message}` });
      }
      throw e;
    }
  }

  return createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (e instanceof HttpError) {
        send(res, e.status, { success: false, error: e.message, statusCode: e.status, Error: e.message });
      } else {
        send(res, 500, { success: false, error: (e as Error)?.message ?? String(e), statusCode: 500, Error: 'internal error' });
      }
    });
  });
}

export function summary(b: Block): { id: string; height: number; timestamp: number; parentHash: string; txIds: string[] } {
  return { id: b.id, height: b.number, timestamp: b.timestamp, parentHash: b.parentHash, txIds: [...b.txIds] };
}

function send(res: ServerResponse, status: number, body: Json): void {
  if (res.headersSent) return;
  const text = stringifyJson(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
