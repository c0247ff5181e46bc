import { formatMicro } from '@lobby/contract';
import type { BonusType } from '@lobby/contract';
import { addDays, dayBounds, shanghaiDay } from '../shanghai-day.ts';
import type { ActivityEngine } from './engine.ts';

/**
 * Sign-in: one claim a Shanghai day once the day's valid turnover reaches `dailyTurnover`; the
 * streak pays `rewards[step - 1]` and advances only when yesterday was signed, so a missed day starts
 * it again at step 1; after the last step it starts again too.
 */
export const signInEngine: ActivityEngine<typeof BonusType.SIGN_IN> = {
  source: 'sign_in',
  async evaluate({ activity, playerId, now, facts, claims }) {
    const today = shanghaiDay(now);
    const { start, end } = dayBounds(today);
    const { rewards, dailyTurnover } = activity.rules;
    const turnover = await facts.turnover(playerId, activity.currency, start, end, null);
    const progress = { current: turnover.valid, target: dailyTurnover };
    if (claims.some((c) => c.period === today)) return { due: [], progress, claimedNow: true, periodEndsAt: end, whyNot: `already signed in on ${today}` };
    if (turnover.valid < dailyTurnover) {
      return { due: [], progress, claimedNow: false, periodEndsAt: end, whyNot: `a day needs ${formatMicro(dailyTurnover)} of valid turnover` };
    }
    const last = claims[0];
    const step = last && last.period === addDays(today, -1) ? (last.step % rewards.length) + 1 : 1;
    return { due: [{ period: today, amount: rewards[step - 1]!, step }], progress, claimedNow: false, periodEndsAt: end };
  },
};
