import { formatMicro } from '@lobby/contract';
import type { BonusType } from '@lobby/contract';
import { addDays, dayBounds, shanghaiDay } from '../shanghai-day.ts';
import { max, min, type ActivityEngine } from './engine.ts';

/**
 * Loss rebate: after a Shanghai day closes, `percent` of that day's net loss on every game (stakes
 * less payouts: wins offset losses), when it reached `minLoss`, up to `cap`; claimable through the
 * next day (period = the day lost).
 */
export const lossRebateEngine: ActivityEngine<typeof BonusType.LOSS_REBATE> = {
  source: 'loss_rebate',
  async evaluate({ activity, playerId, now, facts, claims }) {
    const today = shanghaiDay(now);
    const yesterday = addDays(today, -1);
    const { start } = dayBounds(yesterday);
    const { end: claimEnd } = dayBounds(today);
    const { percent, minLoss, cap } = activity.rules;
    const turnover = await facts.turnover(playerId, activity.currency, start, dayBounds(yesterday).end, null);
    const loss = max(turnover.netLoss, 0n);
    const progress = { current: loss, target: minLoss };
    if (claims.some((c) => c.period === yesterday))
      return { due: [], progress, claimedNow: true, periodEndsAt: claimEnd, whyNot: `the rebate of ${yesterday} was claimed` };
    if (loss < minLoss)
      return {
        due: [],
        progress,
        claimedNow: false,
        periodEndsAt: claimEnd,
        whyNot: `the net loss of ${yesterday} (${formatMicro(loss)}) is below ${formatMicro(minLoss)}`,
      };
    const raw = (loss * BigInt(percent)) / 100n;
    const amount = cap === null ? raw : min(raw, cap);
    return { due: amount > 0n ? [{ period: yesterday, amount }] : [], progress, claimedNow: false, periodEndsAt: claimEnd };
  },
};
