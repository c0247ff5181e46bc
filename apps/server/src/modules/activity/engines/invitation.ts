import type { BonusType } from '@lobby/contract';
import type { ActivityEngine } from './engine.ts';

/** Invitees looked at per evaluation; a claim pays those qualifying among them, the next claim the rest. */
const INVITEES_PER_CLAIM = 200;

/**
 * Invitation: `reward` to the inviter for each invited player whose credited deposits reach
 * `minDeposits` and whose valid turnover reaches `minTurnover`, once per invitee (period
 * `invitee:<id>`). An invitee flagged as a self-referral (ECONOMY.md "Referral") is not paid for
 * until an operator clears it; its reward shows as under review.
 */
export const invitationEngine: ActivityEngine<typeof BonusType.INVITATION> = {
  source: 'invitation',
  async evaluate({ activity, playerId, facts }) {
    const { reward, minDeposits, minTurnover } = activity.rules;
    const invitees = await facts.unpaidInvitees(playerId, activity.id, activity.currency, INVITEES_PER_CLAIM);
    const qualifying = invitees.filter((i) => i.deposits >= minDeposits && i.turnover >= minTurnover);
    const due = qualifying.filter((i) => !i.underReview).map((i) => ({ period: `invitee:${i.playerId}`, amount: reward }));
    const underReview = reward * BigInt(qualifying.length - due.length);
    return {
      due,
      underReview,
      progress: null,
      claimedNow: false,
      periodEndsAt: null,
      whyNot: due.length === 0 ? 'no invited player qualifies yet' : undefined,
    };
  },
};
