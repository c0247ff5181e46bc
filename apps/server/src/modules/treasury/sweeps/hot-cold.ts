import { formatMicro } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { HotWallet } from '../../../chain/chain-setup.ts';
import type { BlockSummary } from '../../../chain/tron-client.ts';
import type { EventBus } from '../../../events/event-bus.ts';
import type { SweepCurrency } from '../tables.ts';
import { type ChainRecorder, rethrowHalt } from './chain-recorder.ts';
import type { BuiltTransaction, ChainParameters, SweepChain } from './sweep-chain.ts';
import { SWEEP_CURRENCIES, type SweepSettings } from './sweep-settings.ts';
import type { SweepRepository } from './sweep.repo.ts';

export interface HotColdResult {
  balances: Record<SweepCurrency, bigint>;
  /** Top-up requests opened this cycle. */
  topups: number;
  /** Excess moves to cold sent this cycle. */
  rebalanced: number;
}

/**
 * TREASURY.md "Hot and cold", after each cycle and per currency: a hot wallet below its floor raises
 * an alert for treasury.read and opens one top-up request for the cold wallet's holders (target −
 * balance), closed once the wallet is back at or above its floor; above its target, the excess goes
 * to the cold address, signed by the hot wallet's key and recorded before it is broadcast.
 */
export class HotColdBalancer {
  constructor(
    private readonly repo: SweepRepository,
    private readonly chain: SweepChain,
    private readonly recorder: ChainRecorder,
    private readonly hotWallet: HotWallet,
    private readonly log: FastifyBaseLogger,
    private readonly bus?: EventBus,
  ) {}

  async balance(cycleId: bigint, head: BlockSummary, settings: SweepSettings, params: ChainParameters, lifetimeMs: number): Promise<HotColdResult> {
    const hot = this.hotWallet.address;
    const balances: Record<SweepCurrency, bigint> = {
      USDT: await this.chain.client.getUsdtBalance(hot),
      TRX: await this.chain.client.getTrxBalance(hot),
    };
    const result: HotColdResult = { balances, topups: 0, rebalanced: 0 };
    for (const currency of SWEEP_CURRENCIES) {
      const held = balances[currency];
      const floor = settings.floor[currency];
      const target = settings.target[currency];
      if (held < floor) {
        const id = await this.repo.openTopup({ currency, amount: target - held, hotBalance: held, floor, target });
        if (id !== null) {
          result.topups++;
          await this.bus?.publish('alert', {
            kind: 'treasury-hot-low',
            severity: 'critical',
            message: `The hot wallet holds ${formatMicro(held)} ${currency}, below its floor of ${formatMicro(floor)}: top-up request #${id} asks the cold wallet's holders for ${formatMicro(target - held)} ${currency}`,
            permission: 'treasury.read',
            reference: `treasury-topup:${id}`,
          });
        }
      } else {
        await this.repo.closeTopups(currency);
      }
      // What stays hot: the target, and never less TRX than the reserve that pays withdrawals' fees.
      const keep = currency === 'TRX' && settings.hotTrxReserve > target ? settings.hotTrxReserve : target;
      if (settings.coldAddress && held > keep) {
        try {
          if (await this.moveExcess(cycleId, head, settings, params, lifetimeMs, currency, held - keep)) result.rebalanced++;
        } catch (error) {
          rethrowHalt(error);
          this.log.warn({ err: error, currency }, "hot wallet's excess not moved to cold; trying again next cycle");
        }
      }
    }
    return result;
  }

  private async moveExcess(
    cycleId: bigint,
    head: BlockSummary,
    settings: SweepSettings,
    params: ChainParameters,
    lifetimeMs: number,
    currency: SweepCurrency,
    excess: bigint,
  ): Promise<boolean> {
    const cold = settings.coldAddress!;
    const hot = this.hotWallet.address;
    let built: BuiltTransaction;
    if (currency === 'TRX') {
      built = this.chain.trxTransfer(head, lifetimeMs, hot, cold, excess);
    } else {
      const estimate = params.energyFee > 0n ? await this.chain.estimateUsdtEnergy(hot, cold, excess) : 0n;
      const feeLimit = ((estimate * BigInt(100 + settings.energyMarginPercent) + 99n) / 100n) * params.energyFee;
      built = this.chain.usdtTransfer(head, lifetimeMs, hot, cold, excess, feeLimit);
    }
    return (await this.recorder.sendAction(cycleId, 'rebalance', currency, cold, excess, built, this.hotWallet.privateKey)) !== null;
  }
}
