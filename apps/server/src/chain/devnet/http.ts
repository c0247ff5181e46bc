// The devnet's HTTP face: the subset of java-tron's full-node API and of TronGrid's v1 history API
// that the server's TronClient uses, answering in the same shapes (including their error shapes:
// java-tron reports most failures as HTTP 200 with an `Error` field or a `result.code`).
import { type IncomingMessage, type ServerResponse, createServer, type Server } from 'node:http';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { SELECTOR, TRANSFER_EVENT_TOPIC, encodeUint256, functionSelector } from '../abi.ts';
import { InvalidAddressError, hexToBase58, toHexAddress } from '../address.ts';
import { parseJson, stringifyJson } from '../json.ts';
import { type RawDataJson, type ResourceName, type TransactionJson, resourceField } from '../transaction.ts';
import { toBigIntAmount } from '../units.ts';
import {
  type Account,
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
import { TOTAL_ENERGY_LIMIT, TOTAL_NET_LIMIT, chainParameterList } from './resources.ts';

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
      for (const k of ['owner_address', 'to_address', 'contract_address', 'receiver_address', 'account_address']) {
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
  const rc = r.receipt;
  // java-tron leaves zero fields out of the receipt (proto3 JSON).
  const nonZero = (fields: Record<string, bigint>): Record<string, bigint> => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== 0n));
  const netFields = rc ? nonZero({ net_usage: rc.netUsage, net_fee: rc.netFee }) : {};
  if (r.intent.kind !== 'trigger') {
    if (r.fee) base.fee = r.fee;
    if (rc?.withdrawExpireAmount) base.withdraw_expire_amount = rc.withdrawExpireAmount;
    return { ...base, receipt: netFields };
  }
  base.contract_address = r.intent.contract;
  base.receipt = rc
    ? {
        ...nonZero({
          energy_usage: rc.energyUsage,
          energy_fee: rc.energyFee,
          origin_energy_usage: rc.originEnergyUsage,
          energy_usage_total: rc.energyUsageTotal,
        }),
        ...netFields,
        result: r.result,
      }
    : { result: r.result, ...(r.fee ? { energy_fee: Number(r.fee) } : {}) };
  if (r.fee) base.fee = rc ? r.fee : Number(r.fee);
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

function requireResource(value: unknown): ResourceName {
  try {
    return resourceField(value ?? 'BANDWIDTH');
  } catch {
    throw new ContractValidateError('resource must be BANDWIDTH or ENERGY');
  }
}

function nonZeroFields(fields: Record<string, bigint>): Record<string, bigint> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== 0n));
}

/** Stake 2.0 fields of getaccount, left out while zero as java-tron leaves them out. */
function stakeJson(a: Account): Record<string, Json> {
  const out: Record<string, Json> = {};
  if (a.frozenBandwidth || a.frozenEnergy || a.delegatedBandwidth || a.delegatedEnergy) {
    out.frozenV2 = [
      a.frozenBandwidth ? { amount: a.frozenBandwidth } : {},
      { type: 'ENERGY', ...(a.frozenEnergy ? { amount: a.frozenEnergy } : {}) },
      { type: 'TRON_POWER' },
    ];
  }
  if (a.unfrozen.length) {
    out.unfrozenV2 = a.unfrozen.map((u) => ({
      ...(u.resource === 'BANDWIDTH' ? {} : { type: u.resource }),
      unfreeze_amount: u.amount,
      unfreeze_expire_time: u.expireTime,
    }));
  }
  Object.assign(
    out,
    nonZeroFields({
      delegated_frozenV2_balance_for_bandwidth: a.delegatedBandwidth,
      acquired_delegated_frozenV2_balance_for_bandwidth: a.acquiredBandwidth,
      net_usage: a.netUsage,
      free_net_usage: a.freeNetUsage,
    }),
  );
  if (a.netTime) out.latest_consume_time = a.netTime;
  if (a.freeNetTime) out.latest_consume_free_time = a.freeNetTime;
  const resource: Record<string, Json> = nonZeroFields({
    energy_usage: a.energyUsage,
    delegated_frozenV2_balance_for_energy: a.delegatedEnergy,
    acquired_delegated_frozenV2_balance_for_energy: a.acquiredEnergy,
  });
  if (a.energyTime) resource.latest_consume_time_for_energy = a.energyTime;
  if (Object.keys(resource).length) out.account_resource = resource;
  return out;
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
  for (const [k, v] of url.searchParams)
    out.set(
      k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      v,
    );
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
      const block = key === undefined || key === '' ? chain.head() : /^\d+$/.test(key) ? chain.blockByNumber(Number(key)) : chain.blockById(key);
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
        ...stakeJson(account),
      };
    },
    getaccountresource: (b) => {
      const r = chain.accountResource(requireAddress(b.address, 'address'));
      if (!r) return {};
      const params = chain.resourceParameters();
      const total = (limit: bigint, perTrx: bigint | undefined): bigint => (perTrx ? limit / perTrx : 0n);
      const fields: Record<string, bigint> = {
        freeNetUsed: r.freeNetUsed,
        freeNetLimit: r.freeNetLimit,
        NetUsed: r.netUsed,
        NetLimit: r.netLimit,
        TotalNetLimit: TOTAL_NET_LIMIT,
        // Weights chosen so that limit / weight is the devnet's bandwidth and energy per staked TRX.
        TotalNetWeight: total(TOTAL_NET_LIMIT, params?.netPerTrx),
        tronPowerLimit: r.tronPowerLimit,
        EnergyUsed: r.energyUsed,
        EnergyLimit: r.energyLimit,
        TotalEnergyLimit: TOTAL_ENERGY_LIMIT,
        TotalEnergyWeight: total(TOTAL_ENERGY_LIMIT, params?.energyPerTrx),
      };
      return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== 0n));
    },
    getchainparameters: () => ({ chainParameter: chainParameterList(chain.resourceParameters()) }),
    getcontractinfo: (b) => {
      const contract = requireAddress(b.value, 'value');
      if (contract !== USDT_CONTRACT_HEX) return {};
      const factor = chain.resourceParameters()?.energyFactor ?? 0n;
      return {
        smart_contract: { contract_address: addr(contract, isVisible(b)), name: 'TetherToken' },
        contract_state: factor ? { energy_factor: factor } : {},
      };
    },
    createaccount: (b) =>
      txFor(
        chain.buildSystemContract('AccountCreateContract', {
          owner_address: requireAddress(b.owner_address, 'owner_address'),
          account_address: requireAddress(b.account_address, 'account_address'),
        }),
        isVisible(b),
      ),
    freezebalancev2: (b) =>
      txFor(
        chain.buildSystemContract('FreezeBalanceV2Contract', {
          owner_address: requireAddress(b.owner_address, 'owner_address'),
          frozen_balance: requireInt(b.frozen_balance, 'frozen_balance'),
          resource: requireResource(b.resource),
        }),
        isVisible(b),
      ),
    unfreezebalancev2: (b) =>
      txFor(
        chain.buildSystemContract('UnfreezeBalanceV2Contract', {
          owner_address: requireAddress(b.owner_address, 'owner_address'),
          unfreeze_balance: requireInt(b.unfreeze_balance, 'unfreeze_balance'),
          resource: requireResource(b.resource),
        }),
        isVisible(b),
      ),
    withdrawexpireunfreeze: (b) =>
      txFor(chain.buildSystemContract('WithdrawExpireUnfreezeContract', { owner_address: requireAddress(b.owner_address, 'owner_address') }), isVisible(b)),
    delegateresource: (b) =>
      txFor(
        chain.buildSystemContract('DelegateResourceContract', {
          owner_address: requireAddress(b.owner_address, 'owner_address'),
          receiver_address: requireAddress(b.receiver_address, 'receiver_address'),
          balance: requireInt(b.balance, 'balance'),
          resource: requireResource(b.resource),
          lock: b.lock === true || b.lock === 'true',
          lock_period: requireInt(b.lock_period, 'lock_period', 0n),
        }),
        isVisible(b),
      ),
    undelegateresource: (b) =>
      txFor(
        chain.buildSystemContract('UnDelegateResourceContract', {
          owner_address: requireAddress(b.owner_address, 'owner_address'),
          receiver_address: requireAddress(b.receiver_address, 'receiver_address'),
          balance: requireInt(b.balance, 'balance'),
          resource: requireResource(b.resource),
        }),
        isVisible(b),
      ),
    getdelegatedresourcev2: (b) => {
      const from = requireAddress(b.fromAddress ?? b.from_address, 'fromAddress');
      const to = requireAddress(b.toAddress ?? b.to_address, 'toAddress');
      const visible = isVisible(b);
      const list: Json[] = [];
      for (const d of chain.delegationsOf(from, to)) {
        const base = { from: addr(d.from, visible), to: addr(d.to, visible) };
        const unlocked = nonZeroFields({ frozen_balance_for_bandwidth: d.bandwidth, frozen_balance_for_energy: d.energy });
        const locked = nonZeroFields({ frozen_balance_for_bandwidth: d.lockedBandwidth, frozen_balance_for_energy: d.lockedEnergy });
        if (Object.keys(unlocked).length) list.push({ ...base, ...unlocked });
        if (Object.keys(locked).length) {
          list.push({
            ...base,
            ...locked,
            ...(d.lockedBandwidth ? { expire_time_for_bandwidth: d.bandwidthExpireTime } : {}),
            ...(d.lockedEnergy ? { expire_time_for_energy: d.energyExpireTime } : {}),
          });
        }
      }
      return list.length ? { delegatedResource: list } : {};
    },
    getdelegatedresourceaccountindexv2: (b) => {
      const address = requireAddress(b.value, 'value');
      const visible = isVisible(b);
      const to = chain.delegationsOf(address).map((d) => addr(d.to, visible));
      const from = chain.delegationsOf(undefined, address).map((d) => addr(d.from, visible));
      if (!to.length && !from.length) return {};
      return { account: addr(address, visible), ...(from.length ? { fromAccounts: from } : {}), ...(to.length ? { toAccounts: to } : {}) };
    },
    getcandelegatedmaxsize: (b) => {
      const owner = requireAddress(b.owner_address, 'owner_address');
      const type = Number(b.type ?? 0);
      if (type !== 0 && type !== 1) throw new ContractValidateError('type must be 0 (BANDWIDTH) or 1 (ENERGY)');
      const max = chain.canDelegateMaxSize(owner, type === 1 ? 'ENERGY' : 'BANDWIDTH');
      return max ? { max_size: max } : {};
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
      const isView = [SELECTOR.balanceOf, SELECTOR.decimals, SELECTOR.symbol, SELECTOR.name, SELECTOR.totalSupply].includes(data.slice(0, 8) as never);
      const constant = isView ? chain.callUsdt(owner, data, 0n) : null;
      return { result: { result: true }, ...(constant !== null ? { constant_result: [constant] } : {}), transaction: txFor(tx, isVisible(b)) };
    },
    triggerconstantcontract: (b) => {
      const owner = b.owner_address === undefined ? `41${'00'.repeat(20)}` : requireAddress(b.owner_address, 'owner_address');
      const contract = requireAddress(b.contract_address, 'contract_address');
      if (contract !== USDT_CONTRACT_HEX) throw new ContractValidateError('No contract or not a valid smart contract');
      const data = callData(b);
      const callValue = requireInt(b.call_value, 'call_value', 0n);
      const result = chain.callUsdt(owner, data, callValue);
      // What executing it would cost now (0 on the fee-free devnet), dynamic energy factor included.
      const energy = chain.usdtCallEnergy(owner, data, callValue);
      if (result === null) {
        return { result: { code: 'CONTRACT_EXE_ERROR', message: hexMessage('REVERT opcode executed') }, energy_used: energy, constant_result: [''] };
      }
      return { result: { result: true }, energy_used: energy, constant_result: [result] };
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
    advancetime: (b) => {
      const ms = Number(b.ms);
      if (!Number.isSafeInteger(ms) || ms < 0) throw new HttpError(400, 'ms must be a non-negative integer');
      chain.advanceTime(ms);
      return { head: summary(hooks.produce(1)) };
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
        net_usage: Number(r.receipt?.netUsage ?? 0n),
        raw_data_hex: r.tx.raw_data_hex,
        net_fee: Number(r.receipt?.netFee ?? 0n),
        energy_value: 0,
        blockNumber: r.blockNumber,
        block_timestamp: r.blockTimestamp,
        energy_fee: Number(r.receipt ? r.receipt.energyFee : (r.fee ?? 0n)),
        energy_usage: Number(r.receipt?.energyUsage ?? 0n),
        raw_data: r.tx.raw_data,
        energy_usage_total: Number(r.receipt?.energyUsageTotal ?? 0n),
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
