import type { BonusType } from '@lobby/contract';
import { dayBounds, shanghaiDay } from '../shanghai-day.ts';
import type { ActivityEngine } from './engine.ts';

/**
 * Betting rebate: each tier of the Shanghai day's valid turnover pays its reward once that day
 * (period `<day>:<tier>`); reaching the third tier pays all three.
 */
export const bettingRebateEngine: ActivityEngine<typeof BonusType.BETTING_REBATE> = {
  source: 'betting_rebate',
  async evaluate({ activity, playerId, now, facts, claims }) {
    const today = shanghaiDay(now);
    const { start, end } = dayBounds(today);
    const { tiers } = activity.rules;
    const turnover = await facts.turnover(playerId, activity.currency, start, end, null);
    const claimed = new Set(claims.filter((c) => c.period.startsWith(`${today}:`)).map((c) => c.period));
    const due = tiers
      .map((tier, index) => ({ period: `${today}:${index + 1}`, amount: tier.reward, reached: turnover.valid >= tier.turnover }))
      .filter((tier) => tier.reached && !claimed.has(tier.period))
      .map(({ period, amount }) => ({ period, amount }));
    const next = tiers.find((tier) => turnover.valid < tier.turnover) ?? tiers[tiers.length - 1]!;
    return {
      due,
      progress: { current: turnover.valid, target: next.turnover },
      claimedNow: claimed.size === tiers.length,
      periodEndsAt: end,
      whyNot: due.length === 0 ? (claimed.size > 0 ? 'the tiers reached today were claimed' : 'no tier reached today') : undefined,
    };
  },
};
