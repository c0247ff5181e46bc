import { formatMicro } from '@lobby/contract';
import type { BonusType } from '@lobby/contract';
import { min, type ActivityEngine } from './engine.ts';

const DAY_MS = 86_400_000;

/**
 * First recharge: `percent` of the player's first credited deposit in the activity's currency, up to
 * `cap`, when that first deposit reached `minDeposit` (a later, larger one does not count), claimable
 * within `claimDays` of it.
 */
export const firstRechargeEngine: ActivityEngine<typeof BonusType.FIRST_RECHARGE> = {
  source: 'first_recharge',
  async evaluate({ activity, playerId, now, facts, claims }) {
    const { minDeposit, percent, cap, claimDays } = activity.rules;
    const first = await facts.firstDeposit(playerId, activity.currency);
    const progress = { current: first?.amount ?? 0n, target: minDeposit };
    if (claims.length > 0) return { due: [], progress, claimedNow: true, periodEndsAt: null, whyNot: 'the first recharge bonus was claimed' };
    if (!first) return { due: [], progress, claimedNow: false, periodEndsAt: null, whyNot: 'no deposit yet' };
    const deadline = new Date(first.creditedAt.getTime() + claimDays * DAY_MS);
    if (first.amount < minDeposit) {
      return {
        due: [],
        progress,
        claimedNow: false,
        periodEndsAt: null,
        whyNot: `the first deposit ${formatMicro(first.amount)} is below ${formatMicro(minDeposit)}`,
      };
    }
    if (now >= deadline) return { due: [], progress, claimedNow: false, periodEndsAt: deadline, whyNot: `the claim period ended ${deadline.toISOString()}` };
    const amount = min((first.amount * BigInt(percent)) / 100n, cap);
    return { due: [{ period: 'once', amount }], progress, claimedNow: false, periodEndsAt: deadline };
  },
};
