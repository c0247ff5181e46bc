import type { BonusType } from '@lobby/contract';
import type { ActivityEngine } from './engine.ts';

/** Register reward: `reward` once, when the account has a bound e-mail. */
export const registerRewardEngine: ActivityEngine<typeof BonusType.REGISTER_REWARD> = {
  source: 'register',
  async evaluate({ activity, playerId, facts, claims }) {
    const player = await facts.player(playerId);
    const bound = Boolean(player?.email);
    const progress = { current: bound ? 1n : 0n, target: 1n };
    if (claims.length > 0) return { due: [], progress, claimedNow: true, periodEndsAt: null, whyNot: 'the register reward was claimed' };
    if (!bound) return { due: [], progress, claimedNow: false, periodEndsAt: null, whyNot: 'bind an e-mail first' };
    return { due: [{ period: 'once', amount: activity.rules.reward }], progress, claimedNow: false, periodEndsAt: null };
  },
};
