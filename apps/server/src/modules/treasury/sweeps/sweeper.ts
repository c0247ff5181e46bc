import type { FastifyBaseLogger } from 'fastify';
import type { HotWallet } from '../../../chain/chain-setup.ts';
import type { HotWalletSender } from '../../../chain/hot-wallet-sender.ts';
import { parseJson, stringifyJson } from '../../../chain/json.ts';
import { type RawDataJson, recoverSignerAddress } from '../../../chain/transaction.ts';
import { toHexAddress } from '../../../chain/address.ts';
import type { SignedTransaction } from '../../../chain/tron-client.ts';
import type { Db } from '../../../db/database.ts';
import type { EventBus } from '../../../events/event-bus.ts';
import type { SweepCycleTrigger } from '../tables.ts';
import { ChainRecorder, rethrowHalt, type SweepStage } from './chain-recorder.ts';
import { HotColdBalancer } from './hot-cold.ts';
import { SweepPlanner } from './planner.ts';
import type { BuiltTransaction, SweepChain } from './sweep-chain.ts';
import { effectiveSweepSettings, type SweepSettings } from './sweep-settings.ts';
import { SweepRepository, type SweepRow } from './sweep.repo.ts';

/** A batch of unsigned sweeps, as the signer takes it (over HTTP or as a file). */
export interface SweepBatch {
  batchId: string;
  sweeps: Array<{ id: string; index: number; rawDataHex: string }>;
}

/** The signer's answer: one signature per sweep. */
export interface SignedBatch {
  batchId: string;
  signatures: Array<{ id: string; txId: string; signature: string }>;
}

/** What signs sweeps from deposit addresses: the signer process (SignerClient). */
export interface SweepSigning {
  sign(batch: SweepBatch): Promise<SignedBatch>;
}

/** Sweeps per request to the signer. */
const SIGN_CHUNK = 500;
/** How long an online sweep or a treasury transaction may take to land. */
export const ONLINE_LIFETIME_MS = 10 * 60_000;
/** How long an exported sweep may wait for its signed file: within the signer's default of 6 hours. */
export const OFFLINE_LIFETIME_MS = 5 * 60 * 60_000;

export interface SweeperOptions {
  db: Db;
  chain: SweepChain;
  /** Judges recorded transactions against the head and offers them (the payment sender's chain half). */
  judge: HotWalletSender;
  hotWallet: HotWallet;
  /** The resource account whose staked energy is delegated (strategy `delegate`). */
  resource: HotWallet | null;
  signer: SweepSigning | null;
  settings: SweepSettings;
  log: FastifyBaseLogger;
  bus?: EventBus;
  /** Tests: stop dead at a stage, as a crashed process would. */
  stop?: (stage: SweepStage) => void;
}

export interface CycleSummary {
  cycleId: bigint;
  confirmed: number;
  failed: number;
  dropped: number;
  reoffered: number;
  planned: number;
  signed: number;
  activated: number;
  funded: number;
  delegated: number;
  undelegated: number;
  waiting: number;
  /** USDT sweeps waiting for the resource account to have energy to lend. */
  energyShort: number;
  /** USDT sweeps waiting because their fee_limit would pass TREASURY_MAX_FEE_LIMIT_TRX. */
  feeCapped: number;
  topups: number;
  rebalanced: number;
}

export class SignedFileError extends Error {}

/**
 * One sweep cycle (TREASURY.md "Sweeps", "Hot and cold"): follows every recorded transaction to its
 * outcome, plans the sweeps due and what they need first, has the signer sign the batch, records every
 * signature before broadcasting it, takes back delegated energy no longer needed, then looks at the
 * hot wallet against its floor and target.
 */
export class Sweeper {
  readonly repo: SweepRepository;
  readonly recorder: ChainRecorder;
  private readonly planner: SweepPlanner;
  private readonly balancer: HotColdBalancer;
  /** The signer's failure was told to staff: once until it signs again. */
  private signerAlerted = false;

  constructor(private readonly options: SweeperOptions) {
    this.repo = new SweepRepository(options.db);
    this.recorder = new ChainRecorder(options.db, this.repo, options.chain, options.judge, options.log, options.stop);
    this.planner = new SweepPlanner(this.repo, options.chain, this.recorder, options.hotWallet, options.resource, options.log);
    this.balancer = new HotColdBalancer(this.repo, options.chain, this.recorder, options.hotWallet, options.log, options.bus);
  }

  /** The same sweeper with some options replaced (tests: a crash at a stage, another strategy). */
  with(options: Partial<SweeperOptions>): Sweeper {
    return new Sweeper({ ...this.options, ...options });
  }

  get chain(): SweepChain {
    return this.options.chain;
  }

  get hotWalletAddress(): string {
    return this.options.hotWallet.address;
  }

  async hotBalances() {
    const client = this.options.chain.client;
    const [USDT, TRX] = await Promise.all([client.getUsdtBalance(this.options.hotWallet.address), client.getTrxBalance(this.options.hotWallet.address)]);
    return { USDT, TRX };
  }

  get signerConfigured(): boolean {
    return this.options.signer !== null;
  }

  settings() {
    return effectiveSweepSettings(this.options.settings, this.repo);
  }

  /** One cycle; an export's sweeps are kept for a file instead of going to the signer. */
  async runCycle(trigger: SweepCycleTrigger, requestedBy: string | null = null): Promise<CycleSummary & { sweepIds: bigint[] }> {
    const cycleId = await this.repo.createCycle(trigger, requestedBy);
    const summary: CycleSummary = {
      cycleId,
      confirmed: 0,
      failed: 0,
      dropped: 0,
      reoffered: 0,
      planned: 0,
      signed: 0,
      activated: 0,
      funded: 0,
      delegated: 0,
      undelegated: 0,
      waiting: 0,
      energyShort: 0,
      feeCapped: 0,
      topups: 0,
      rebalanced: 0,
    };
    try {
      const sweepIds = await this.cycle(cycleId, trigger === 'export', summary);
      const { cycleId: _, ...done } = summary;
      await this.repo.finishCycle(cycleId, done);
      return { ...summary, sweepIds };
    } catch (error) {
      rethrowHalt(error);
      // A cycle that broke off (the node unreachable, the database gone) is shown as such; the next one carries on.
      const { cycleId: _, ...partial } = summary;
      await this.repo.finishCycle(cycleId, { ...partial, error: 1 }).catch(() => undefined);
      throw error;
    }
  }

  private async cycle(cycleId: bigint, offline: boolean, summary: CycleSummary): Promise<bigint[]> {
    const settings = await this.settings();
    const chain = this.options.chain;
    const head = await chain.head();
    Object.assign(summary, await this.recorder.followAll(head, cycleId));
    const params = await chain.parameters();
    let sweepIds: bigint[] = [];
    let usdtBusy = await this.repo.openUsdtAddresses();
    {
      // Without a signer a scheduled cycle only readies addresses; an export plans their sweeps.
      const prepareOnly = !offline && !this.options.signer;
      const plan = await this.planner.plan({
        cycleId,
        head,
        settings,
        params,
        lifetimeMs: offline ? OFFLINE_LIFETIME_MS : ONLINE_LIFETIME_MS,
        offline,
        prepareOnly,
      });
      sweepIds = plan.sweepIds;
      usdtBusy = plan.usdtBusy;
      Object.assign(summary, {
        planned: plan.sweepIds.length,
        activated: plan.activated,
        funded: plan.funded,
        delegated: plan.delegated,
        waiting: plan.waiting,
        energyShort: plan.energyShort,
        feeCapped: plan.feeCapped,
      });
      if (plan.energyShort > 0) {
        await this.options.bus?.publish('alert', {
          kind: 'treasury-energy-short',
          severity: 'warning',
          message: `The resource account has too little staked energy left to lend for ${plan.energyShort} USDT sweep(s); stake more TRX for energy or wait for delegations to come back`,
          permission: 'treasury.read',
          reference: `sweep-cycle:${cycleId}`,
        });
      }
      if (plan.feeCapped > 0) {
        await this.options.bus?.publish('alert', {
          kind: 'treasury-fee-capped',
          severity: 'warning',
          message: `${plan.feeCapped} USDT sweep(s) wait: the energy they need would cost more than TREASURY_MAX_FEE_LIMIT_TRX; they go once energy costs less, or lend energy (TREASURY_ENERGY_STRATEGY=delegate)`,
          permission: 'treasury.read',
          reference: `sweep-cycle:${cycleId}`,
        });
      }
      if (!offline && !prepareOnly && sweepIds.length > 0) summary.signed = await this.signAndSend(cycleId, await this.repo.sweepsByIds(sweepIds));
    }
    summary.undelegated = await this.undelegate(cycleId, head, usdtBusy);
    const hotCold = await this.balancer.balance(cycleId, head, settings, params, ONLINE_LIFETIME_MS);
    summary.topups = hotCold.topups;
    summary.rebalanced = hotCold.rebalanced;
    return sweepIds;
  }

  /** Has the signer sign the sweeps, records every signature, then broadcasts them; the number recorded. */
  private async signAndSend(cycleId: bigint, rows: SweepRow[]): Promise<number> {
    let recorded = 0;
    for (let start = 0; start < rows.length; start += SIGN_CHUNK) {
      const chunk = rows.slice(start, start + SIGN_CHUNK);
      const batch: SweepBatch = {
        batchId: `sweeps-${cycleId}-${start / SIGN_CHUNK}`,
        sweeps: chunk.map((row) => ({ id: String(row.id), index: row.derivation_index, rawDataHex: row.raw_data_hex })),
      };
      let signed: SignedBatch;
      try {
        signed = await this.options.signer!.sign(batch);
      } catch (error) {
        rethrowHalt(error);
        // Left planned: the next cycle drops them and plans afresh.
        this.options.log.error({ err: error, batchId: batch.batchId }, 'the signer did not sign the sweeps');
        for (const row of chunk) await this.repo.noteSweep(row.id, (error as Error).message);
        if (!this.signerAlerted) {
          this.signerAlerted = true;
          await this.options.bus?.publish('alert', {
            kind: 'treasury-signer-failed',
            severity: 'warning',
            message: `The signer did not sign ${chunk.length} sweep(s): ${(error as Error).message.slice(0, 300)}. They are planned again next cycle.`,
            permission: 'treasury.read',
            reference: `sweep-cycle:${cycleId}`,
          });
        }
        continue;
      }
      this.signerAlerted = false;
      const ready = await this.record(chunk, signed);
      recorded += ready.length;
      await this.recorder.offerSweeps(ready);
    }
    return recorded;
  }

  /** Records the signatures of sweeps still planned, in one database transaction, before any is offered. */
  private async record(rows: SweepRow[], signed: SignedBatch): Promise<Array<{ id: bigint; signed: SignedTransaction }>> {
    const byId = new Map(signed.signatures.map((s) => [s.id, s]));
    const ready: Array<{ id: bigint; signed: SignedTransaction }> = [];
    for (const row of rows) {
      const signature = byId.get(String(row.id));
      if (!signature || signature.txId !== row.tx_id || recoverSignerAddress(row.tx_id, signature.signature) !== toHexAddress(row.address)) {
        throw new SignedFileError(`sweep ${row.id}: the signature is not the deposit address's over this sweep`);
      }
      ready.push({ id: row.id, signed: this.options.chain.withSignature(builtOf(row), signature.signature) });
    }
    return this.options.db.transaction().execute(async (trx) => {
      const kept: typeof ready = [];
      for (const entry of ready) if (await this.repo.markSigned(trx, entry.id, entry.signed.txId, stringifyJson(entry.signed.transaction))) kept.push(entry);
      return kept;
    });
  }

  /** Takes back every confirmed delegation whose address has no USDT sweep open or on its way. */
  private async undelegate(cycleId: bigint, head: Awaited<ReturnType<SweepChain['head']>>, usdtBusy: Set<string>): Promise<number> {
    const resource = this.options.resource;
    if (!resource) return 0;
    let count = 0;
    for (const delegation of await this.repo.liveDelegations()) {
      if (usdtBusy.has(delegation.to_address)) continue;
      try {
        const tx = this.options.chain.delegation(head, ONLINE_LIFETIME_MS, resource.address, delegation.to_address, delegation.amount, true);
        if (
          (await this.recorder.sendAction(cycleId, 'undelegate', 'TRX', delegation.to_address, delegation.amount, tx, resource.privateKey, {
            parentId: delegation.id,
          })) !== null
        )
          count++;
      } catch (error) {
        rethrowHalt(error);
        this.options.log.warn({ err: error, delegationId: String(delegation.id) }, 'delegated energy not taken back; trying again next cycle');
      }
    }
    return count;
  }

  /** Offline mode, first half: a cycle whose sweeps are written to a batch for the signer to sign elsewhere. */
  async exportBatch(requestedBy: string | null): Promise<SweepBatch & { cycleId: bigint }> {
    const cycle = await this.runCycle('export', requestedBy);
    const rows = await this.repo.sweepsByIds(cycle.sweepIds);
    return {
      cycleId: cycle.cycleId,
      batchId: `sweeps-${cycle.cycleId}-offline`,
      sweeps: rows.map((row) => ({ id: String(row.id), index: row.derivation_index, rawDataHex: row.raw_data_hex })),
    };
  }

  /**
   * Offline mode, second half: the signed file. Every signature must be the deposit address's over a
   * sweep still planned for it (otherwise nothing is recorded); they are recorded, then broadcast.
   */
  async importSigned(signed: SignedBatch): Promise<{ recorded: number }> {
    if (!signed || !Array.isArray(signed.signatures)) throw new SignedFileError('not a signed batch: { batchId, signatures: [...] }');
    const ids = signed.signatures.map((s) => {
      if (!/^\d{1,18}$/.test(String(s?.id))) throw new SignedFileError(`not a sweep id: ${JSON.stringify(s?.id)}`);
      return BigInt(s.id);
    });
    const rows = (await this.repo.sweepsByIds(ids)).filter((row) => row.status === 'planned');
    if (rows.length !== ids.length)
      throw new SignedFileError('the file signs sweeps that are no longer waiting for a signature (already imported, expired or unknown)');
    const ready = await this.record(rows, signed);
    await this.recorder.offerSweeps(ready);
    return { recorded: ready.length };
  }
}

/** A recorded sweep's unsigned transaction, as it was built. */
function builtOf(row: SweepRow): BuiltTransaction {
  return { txId: row.tx_id, rawDataHex: row.raw_data_hex, raw: parseJson(row.unsigned_tx) as RawDataJson, expiration: row.tx_expiration, from: row.address };
}
