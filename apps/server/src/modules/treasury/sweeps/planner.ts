import type { FastifyBaseLogger } from 'fastify';
import type { HotWallet } from '../../../chain/chain-setup.ts';
import { stringifyJson } from '../../../chain/json.ts';
import type { BlockSummary } from '../../../chain/tron-client.ts';
import type { SweepCurrency } from '../tables.ts';
import { type ChainRecorder, rethrowHalt } from './chain-recorder.ts';
import { bandwidthOf, type ChainParameters, type SweepChain } from './sweep-chain.ts';
import type { SweepSettings } from './sweep-settings.ts';
import type { NewSweep, SweepCandidate, SweepRepository } from './sweep.repo.ts';

const SUN_PER_TRX = 1_000_000n;
/** Balances read at once. */
const READ_CONCURRENCY = 8;
/** Bytes added to a transaction's measured size when judging its bandwidth: the amount's encoding may grow by a byte or two. */
const BANDWIDTH_SLACK = 8n;

export interface PlanContext {
  cycleId: bigint;
  head: BlockSummary;
  settings: SweepSettings;
  params: ChainParameters;
  /** How long a built transaction may wait to be signed and land. */
  lifetimeMs: number;
  /** Sweeps to be signed offline (an exported file) rather than by the signer now. */
  offline: boolean;
  /** Only what sweeps need first (activation, TRX for fees, energy): without a signer, a scheduled cycle readies addresses for the next export. */
  prepareOnly?: boolean;
}

/** What planning did: sweeps recorded to be signed, and prerequisites sent (activation, TRX for fees, energy). */
export interface PlanResult {
  sweepIds: bigint[];
  activated: number;
  funded: number;
  delegated: number;
  /** Addresses that wait for something already on its way. */
  waiting: number;
  /** USDT sweeps waiting because the resource account has too little staked energy left to lend. */
  energyShort: number;
  /** USDT sweeps waiting because their fee_limit would pass the ceiling (energy priced too high now). */
  feeCapped: number;
  /** Addresses whose USDT is on the way out or being prepared: their delegations stay. */
  usdtBusy: Set<string>;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** Reads balances a few at a time; an address whose balance cannot be read is left for the next cycle. */
async function readBalances(addresses: SweepCandidate[], read: (address: string) => Promise<bigint>): Promise<Map<string, bigint>> {
  const result = new Map<string, bigint>();
  let next = 0;
  const worker = async () => {
    while (next < addresses.length) {
      const candidate = addresses[next++]!;
      try {
        result.set(candidate.address, await read(candidate.address));
      } catch {
        // Not read: not swept this cycle.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, addresses.length) }, worker));
  return result;
}

/**
 * Plans one cycle's sweeps (TREASURY.md "Sweeps"): deposit addresses whose deposits are final and
 * whose balance reaches the threshold, at most one open sweep per address and currency. Each goes to
 * the hot wallet while it stays within its target (sweeps on their way to it counted), the rest to
 * the cold address. A USDT sweep is planned once its address can pay for it: an address that only
 * received USDT is activated first (the hot wallet sends it TRX), then it either gets enough energy
 * delegated from the resource account or enough TRX to burn. Those steps are sent here, recorded
 * first; the sweep itself is planned in a later cycle, once they are confirmed.
 */
export class SweepPlanner {
  constructor(
    private readonly repo: SweepRepository,
    private readonly chain: SweepChain,
    private readonly recorder: ChainRecorder,
    private readonly hotWallet: HotWallet,
    private readonly resource: HotWallet | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  async plan(ctx: PlanContext): Promise<PlanResult> {
    const { settings, params } = ctx;
    const result: PlanResult = {
      sweepIds: [],
      activated: 0,
      funded: 0,
      delegated: 0,
      waiting: 0,
      energyShort: 0,
      feeCapped: 0,
      usdtBusy: await this.repo.openUsdtAddresses(),
    };
    const [inFlight, hotUsdt, hotTrx, openActions, live] = await Promise.all([
      this.repo.inFlightToHot(),
      this.chain.client.getUsdtBalance(this.hotWallet.address),
      this.chain.client.getTrxBalance(this.hotWallet.address),
      this.repo.openActions(),
      this.repo.liveDelegations(),
    ]);
    const hot = { USDT: hotUsdt, TRX: hotTrx };
    // Without a cold address everything stays hot.
    const room: Record<SweepCurrency, bigint | null> = {
      USDT: settings.coldAddress ? settings.target.USDT - hot.USDT - inFlight.USDT : null,
      TRX: settings.coldAddress ? settings.target.TRX - hot.TRX - inFlight.TRX : null,
    };
    const destination = (currency: SweepCurrency, amount: bigint): { to: string; kind: 'hot' | 'cold' } => {
      const left = room[currency];
      if (left === null || amount <= left) return { to: this.hotWallet.address, kind: 'hot' };
      return { to: settings.coldAddress!, kind: 'cold' };
    };
    const take = (currency: SweepCurrency, kind: 'hot' | 'cold', amount: bigint) => {
      if (kind === 'hot' && room[currency] !== null) room[currency]! -= amount;
    };
    const preparing = new Set(openActions.filter((a) => a.kind !== 'rebalance' && a.kind !== 'undelegate').map((a) => a.to_address));
    const delegatedTo = new Set(live.map((d) => d.to_address));
    const planned: NewSweep[] = [];

    const [usdtCandidates, trxCandidates] = await Promise.all([this.repo.candidates('USDT', settings.batch), this.repo.candidates('TRX', settings.batch)]);
    const [usdtBalances, trxBalances] = await Promise.all([
      readBalances(usdtCandidates, (a) => this.chain.client.getUsdtBalance(a)),
      readBalances(trxCandidates, (a) => this.chain.client.getTrxBalance(a)),
    ]);
    const margin = BigInt(100 + settings.energyMarginPercent);
    let delegable: bigint | undefined;

    for (const candidate of usdtCandidates) {
      const amount = usdtBalances.get(candidate.address);
      if (amount === undefined || amount <= 0n || amount < settings.threshold.USDT) continue;
      result.usdtBusy.add(candidate.address);
      if (preparing.has(candidate.address)) {
        result.waiting++;
        continue;
      }
      try {
        const dest = destination('USDT', amount);
        const [state, estimate] = await Promise.all([
          this.chain.account(candidate.address),
          params.energyFee > 0n ? this.chain.estimateUsdtEnergy(candidate.address, dest.to, amount) : Promise.resolve(0n),
        ]);
        const energy = ceilDiv(estimate * margin, 100n);
        const feeLimit = energy * params.energyFee;
        // Above the ceiling the signer would refuse the whole batch: this sweep waits for energy to cost less.
        if (feeLimit > settings.maxFeeLimit) {
          this.log.warn(
            { address: candidate.address, feeLimit: String(feeLimit), ceiling: String(settings.maxFeeLimit) },
            'USDT sweep waits: its fee_limit would pass TREASURY_MAX_FEE_LIMIT_TRX',
          );
          result.feeCapped++;
          continue;
        }
        const built = this.chain.usdtTransfer(ctx.head, ctx.lifetimeMs, candidate.address, dest.to, amount, feeLimit);
        const bytes = bandwidthOf(built) + BANDWIDTH_SLACK;
        // A fresh account gets the free daily bandwidth once it exists.
        const bandwidth = state.exists ? state.bandwidth : params.freeNetLimit;
        const trxNeeded = (bandwidth >= bytes ? 0n : bytes * params.transactionFee) + (settings.energyStrategy === 'burn' ? feeLimit : 0n);
        if (!state.exists || state.trx < trxNeeded) {
          const send = trxNeeded > state.trx ? trxNeeded - state.trx : 1n;
          const kind = state.exists ? 'fund' : 'activate';
          const tx = this.chain.trxTransfer(ctx.head, ctx.lifetimeMs, this.hotWallet.address, candidate.address, send);
          if (
            (await this.recorder.sendAction(ctx.cycleId, kind, 'TRX', candidate.address, send, tx, this.hotWallet.privateKey, {
              depositOf: candidate.playerId,
            })) !== null
          )
            result[kind === 'fund' ? 'funded' : 'activated']++;
          result.waiting++;
          continue;
        }
        if (settings.energyStrategy === 'delegate' && state.energy < energy) {
          if (!this.resource) throw new Error('no resource account to delegate energy from');
          const lend = energy - state.energy;
          const { limit, weight } = await this.chain.energyPerTrx(this.resource.address);
          const balance = (ceilDiv(lend * weight, limit) || 1n) * SUN_PER_TRX;
          // What the resource account can still lend, read once per cycle and counted down.
          delegable ??= await this.chain.client.getCanDelegatedMaxSize(this.resource.address);
          if (balance > delegable) {
            result.energyShort++;
            continue;
          }
          delegable -= balance;
          const tx = this.chain.delegation(ctx.head, ctx.lifetimeMs, this.resource.address, candidate.address, balance, false);
          if (
            (await this.recorder.sendAction(ctx.cycleId, 'delegate', 'TRX', candidate.address, balance, tx, this.resource.privateKey, { energy: lend })) !==
            null
          )
            result.delegated++;
          result.waiting++;
          continue;
        }
        if (ctx.prepareOnly) continue;
        take('USDT', dest.kind, amount);
        planned.push({
          cycleId: ctx.cycleId,
          playerId: candidate.playerId,
          index: candidate.index,
          address: candidate.address,
          currency: 'USDT',
          amount,
          destination: dest.to,
          destinationKind: dest.kind,
          offline: ctx.offline,
          txId: built.txId,
          rawDataHex: built.rawDataHex,
          unsignedJson: stringifyJson(built.raw),
          expiration: built.expiration,
          feeLimit,
          energy,
        });
      } catch (error) {
        rethrowHalt(error);
        this.log.warn({ err: error, address: candidate.address }, 'USDT sweep not planned; trying again next cycle');
      }
    }

    // TRX leaves an address only once its USDT is gone: a USDT sweep may need that TRX, and its bandwidth.
    const destinationExists = new Map<string, boolean>();
    const creating = new Set<string>();
    for (const candidate of ctx.prepareOnly ? [] : trxCandidates) {
      const balance = trxBalances.get(candidate.address);
      if (balance === undefined || balance <= 0n || balance < settings.threshold.TRX) continue;
      if (result.usdtBusy.has(candidate.address) || preparing.has(candidate.address) || delegatedTo.has(candidate.address)) continue;
      try {
        const state = await this.chain.account(candidate.address);
        let dest = destination('TRX', balance);
        if (!destinationExists.has(dest.to)) destinationExists.set(dest.to, (await this.chain.account(dest.to)).exists);
        // A TRX sweep to an address not yet on chain creates it and pays for that: one such sweep per
        // destination and cycle, the others wait for the next cycle, when it exists.
        if (creating.has(dest.to)) continue;
        const creation = destinationExists.get(dest.to) ? 0n : params.createNewAccountFee + params.createAccountFee;
        // What the transfer burns depends on its size, which depends on the amount: settle it in a few rounds.
        let amount = state.trx;
        let built = this.chain.trxTransfer(ctx.head, ctx.lifetimeMs, candidate.address, dest.to, amount);
        for (let round = 0; round < 3; round++) {
          const bytes = bandwidthOf(built);
          const burn = creation > 0n ? creation : state.bandwidth >= bytes ? 0n : bytes * params.transactionFee;
          if (state.trx - burn === amount) break;
          amount = state.trx - burn;
          if (amount <= 0n) break;
          built = this.chain.trxTransfer(ctx.head, ctx.lifetimeMs, candidate.address, dest.to, amount);
        }
        if (amount <= 0n) continue;
        if (destination('TRX', amount).kind !== dest.kind) {
          dest = destination('TRX', amount);
          if (!destinationExists.has(dest.to)) destinationExists.set(dest.to, (await this.chain.account(dest.to)).exists);
          // The other destination would cost otherwise: planned next cycle.
          if (!destinationExists.get(dest.to) || creation > 0n) continue;
          built = this.chain.trxTransfer(ctx.head, ctx.lifetimeMs, candidate.address, dest.to, amount);
        }
        if (!destinationExists.get(dest.to)) creating.add(dest.to);
        take('TRX', dest.kind, amount);
        planned.push({
          cycleId: ctx.cycleId,
          playerId: candidate.playerId,
          index: candidate.index,
          address: candidate.address,
          currency: 'TRX',
          amount,
          destination: dest.to,
          destinationKind: dest.kind,
          offline: ctx.offline,
          txId: built.txId,
          rawDataHex: built.rawDataHex,
          unsignedJson: stringifyJson(built.raw),
          expiration: built.expiration,
          feeLimit: 0n,
          energy: 0n,
        });
      } catch (error) {
        rethrowHalt(error);
        this.log.warn({ err: error, address: candidate.address }, 'TRX sweep not planned; trying again next cycle');
      }
    }

    const inserted = await this.repo.insertPlanned(planned);
    result.sweepIds = inserted.map((row) => row.id);
    for (const sweep of planned) if (sweep.currency === 'USDT') result.usdtBusy.add(sweep.address);
    return result;
  }
}
