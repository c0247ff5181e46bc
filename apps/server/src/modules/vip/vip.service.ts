import { BonusRecordType, formatMicro, GiftStatus } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { fail } from '../../http/app-error.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import { playerBalancesView } from '../../money/balances.ts';
import { pushToPlayer } from '../../realtime/realtime.ts';
import type { BonusService } from '../bonus/bonus.service.ts';
import { REBATE_GAME_TYPES, type EconomySettings } from '../bonus/economy-settings.ts';
import type { PlayerService } from '../player/player.service.ts';
import { previousMonth, shanghaiMonth, type LevelUp, type TurnoverTerms } from '../turnover/turnover.repo.ts';
import { VipRepository, type PlayerVipRow } from './vip.repo.ts';
import { levelFor, ppmToPercent, turnoverTermsOf } from './vip-terms.ts';

/** Gifts are paid in USDT. */
const GIFT_CURRENCY = 'USDT' as const;
/** The monthly gift asks for last month's valid turnover of this share of the level's threshold. */
const MONTH_GIFT_SHARE_PERCENT = 10n;
/** Asia/Shanghai is UTC+8 all year. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The instant a 'YYYY-MM' month after `month` starts in Asia/Shanghai. */
export function nextMonthStart(month: string): Date {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 1) - SHANGHAI_OFFSET_MS);
}

/** XP of one month from the row that keeps the current and previous months. */
export function xpOfMonth(row: PlayerVipRow, month: string): bigint {
  if (row.month === month) return row.month_xp;
  if (row.prev_month === month) return row.prev_month_xp;
  return 0n;
}

/**
 * VIP (ECONOMY.md "VIP"): the ladder and rebate rates from the operator's economy settings, the
 * player's level from their lifetime XP (recorded with each round's turnover), and the gifts, each a
 * bonus credit from `vip_gifts` paid once: a level's gift once per level reached, skipped levels
 * included; the monthly gift once per Asia/Shanghai month, for the level held, when last month's
 * valid turnover reached 10 % of that level's threshold.
 */
export class VipService {
  constructor(
    private readonly db: Db,
    private readonly economy: EconomySettings,
    private readonly bonus: BonusService,
    private readonly balanceEvents: Pick<BalanceEvents, 'changed'>,
    private readonly players: Pick<PlayerService, 'announceChanged'>,
    private readonly bus: EventBus,
    private readonly options: { exchangeTrxPerUsdt?: string; dailyWithdrawCount: number; log?: FastifyBaseLogger },
    private readonly repo = new VipRepository(db),
  ) {}

  /** The terms turnover recording runs with now (settings change live). */
  terms(): TurnoverTerms {
    return turnoverTermsOf(this.economy.current(), this.options.exchangeTrxPerUsdt);
  }

  /** Tells players who rose a level: their cached profile is dropped (the badge) and a `vipLevel` event is pushed. */
  async levelsReached(levelUps: readonly LevelUp[]): Promise<void> {
    for (const up of levelUps) {
      try {
        await this.players.announceChanged(up.playerId);
        await pushToPlayer(this.bus, { playerId: up.playerId, event: 'vipLevel', data: { vipLevel: up.to, previousLevel: up.from, xp: formatMicro(up.xp) } });
      } catch (error) {
        this.options.log?.warn({ err: error, playerId: up.playerId }, 'level-up not announced');
      }
    }
  }

  upLevelConf() {
    return this.economy.current().vipLevels.map((level, vipLevel) => ({
      vipLevel,
      name: `VIP ${vipLevel}`,
      requiredBet: formatMicro(level.threshold),
      requiredDeposit: '0',
      upLevelGift: formatMicro(level.upLevelGift),
      monthGift: formatMicro(level.monthGift),
      giftCurrency: GIFT_CURRENCY,
      dailyWithdrawCount: this.options.dailyWithdrawCount,
    }));
  }

  returnProfitConf() {
    const { vipLevels, rebateRates } = this.economy.current();
    return vipLevels.map((_, vipLevel) => {
      const row = rebateRates[Math.min(vipLevel, rebateRates.length - 1)] ?? {};
      return {
        vipLevel,
        rates: REBATE_GAME_TYPES.filter((gameType) => (row[gameType] ?? 0) > 0).map((gameType) => ({ gameType, rate: ppmToPercent(row[gameType]!) })),
      };
    });
  }

  async detail(playerId: number, now = new Date()) {
    const levels = this.economy.current().vipLevels;
    const [progress, claims] = await Promise.all([this.repo.progress(playerId), this.repo.claims(playerId)]);
    const level = this.levelOf(progress);
    const next = level + 1 < levels.length ? level + 1 : null;
    const claimed = new Set(claims.map((c) => `${c.kind}:${c.period}`));
    const month = shanghaiMonth(now);
    const monthGift = levels[level]!.monthGift;
    const monthStatus = claimed.has(`month:${month}`)
      ? GiftStatus.CLAIMED
      : monthGift > 0n && this.monthTurnoverMet(progress, level, month)
        ? GiftStatus.CLAIMABLE
        : GiftStatus.LOCKED;
    return {
      vipLevel: level,
      nextLevel: next,
      totalBet: formatMicro(progress.xp),
      totalDeposit: '0',
      nextRequiredBet: next === null ? null : formatMicro(levels[next]!.threshold),
      nextRequiredDeposit: next === null ? null : '0',
      upLevelGifts: levels.flatMap((rung, vipLevel) =>
        vipLevel === 0 || rung.upLevelGift === 0n
          ? []
          : [
              {
                vipLevel,
                amount: formatMicro(rung.upLevelGift),
                currency: GIFT_CURRENCY,
                status: claimed.has(`level:${vipLevel}`) ? GiftStatus.CLAIMED : vipLevel <= level ? GiftStatus.CLAIMABLE : GiftStatus.LOCKED,
              },
            ],
      ),
      monthGift: {
        amount: formatMicro(monthGift),
        currency: GIFT_CURRENCY,
        status: monthStatus,
        nextClaimableAt: monthStatus === GiftStatus.CLAIMED ? nextMonthStart(month).toISOString() : null,
      },
    };
  }

  /** The gift of a reached level, once (code 14 when the level is not reached, has no gift, or was paid). */
  async claimUpLevelGift(playerId: number, input: { requestId: string; vipLevel: number }) {
    const rung = this.economy.current().vipLevels[input.vipLevel];
    if (!rung || rung.upLevelGift === 0n) throw fail('NO_REWARD', `level ${input.vipLevel} has no gift`);
    return this.pay(playerId, input.requestId, async (trx) => {
      const progress = await this.repo.progress(playerId, trx);
      if (this.levelOf(progress) < input.vipLevel) throw fail('NO_REWARD', `level ${input.vipLevel} is not reached`);
      return {
        kind: 'level',
        period: String(input.vipLevel),
        vipLevel: input.vipLevel,
        amount: rung.upLevelGift,
        source: 'vip_level_gift',
        bonusType: BonusRecordType.VIP_LEVEL_GIFT,
      };
    });
  }

  /** This month's gift of the level held, once a month, given last month's turnover (code 14 otherwise). */
  async claimMonthGift(playerId: number, input: { requestId: string }, now = new Date()) {
    const levels = this.economy.current().vipLevels;
    const month = shanghaiMonth(now);
    return this.pay(
      playerId,
      input.requestId,
      async (trx) => {
        const progress = await this.repo.progress(playerId, trx);
        const level = this.levelOf(progress);
        const amount = levels[level]!.monthGift;
        if (amount === 0n) throw fail('NO_REWARD', `level ${level} has no monthly gift`);
        if (!this.monthTurnoverMet(progress, level, month)) throw fail('NO_REWARD', `last month's valid turnover is below 10 % of level ${level}'s threshold`);
        return { kind: 'month', period: month, vipLevel: level, amount, source: 'vip_month_gift', bonusType: BonusRecordType.VIP_MONTH_GIFT };
      },
      month,
    );
  }

  /**
   * The level held: the one recorded with the last turnover, or higher where the operator has since
   * lowered the thresholds (levels never drop; the ladder may have lost rungs).
   */
  private levelOf(progress: PlayerVipRow): number {
    const levels = this.economy.current().vipLevels;
    return Math.min(Math.max(progress.vip_level, levelFor(levels, progress.xp)), levels.length - 1);
  }

  private monthTurnoverMet(progress: PlayerVipRow, level: number, month: string): boolean {
    const threshold = this.economy.current().vipLevels[level]!.threshold;
    return xpOfMonth(progress, previousMonth(month)) * 100n >= threshold * MONTH_GIFT_SHARE_PERCENT;
  }

  /**
   * Pays a gift in one transaction: the claim row (its key makes a second claim, parallel or later,
   * find it taken) and the bonus credit. The same request id again answers the first payment.
   */
  private async pay(
    playerId: number,
    requestId: string,
    decide: (trx: Db) => Promise<{
      kind: 'level' | 'month';
      period: string;
      vipLevel: number;
      amount: bigint;
      source: string;
      bonusType: (typeof BonusRecordType)['VIP_LEVEL_GIFT' | 'VIP_MONTH_GIFT'];
    }>,
    period?: string,
  ) {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const gift = await decide(trx).catch(async (error: unknown) => {
        // A month gift already paid to this very request answers as paid, whatever the turnover says now.
        if (period && (await this.repo.claim(playerId, 'month', period, trx))?.request_id === requestId) return null;
        throw error;
      });
      if (gift === null) return { replay: await this.repo.claim(playerId, 'month', period!, trx), playerIds: [] as number[] };
      const taken = await this.repo.insertClaim(trx, playerId, { ...gift, currency: GIFT_CURRENCY, requestId });
      if (!taken) {
        const previous = await this.repo.claim(playerId, gift.kind, gift.period, trx);
        if (previous?.request_id !== requestId) throw fail('NO_REWARD', `the ${gift.kind} gift ${gift.period} was already claimed`);
        return { replay: previous, playerIds: [] as number[] };
      }
      const credit = await this.bonus.credit(trx, {
        playerId,
        bonusType: gift.bonusType,
        source: gift.source,
        sourceRef: gift.period,
        currency: GIFT_CURRENCY,
        amount: gift.amount,
      });
      return { replay: { amount: gift.amount, currency: GIFT_CURRENCY }, playerIds: credit.playerIds };
    });
    if (outcome.playerIds.length > 0) await this.balanceEvents.changed(outcome.playerIds);
    return {
      amount: formatMicro(outcome.replay!.amount),
      currency: outcome.replay!.currency,
      balances: await playerBalancesView(this.db, playerId),
    };
  }
}
