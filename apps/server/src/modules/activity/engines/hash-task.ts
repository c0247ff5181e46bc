import type { BonusType } from '@lobby/contract';
import { dayBounds, shanghaiDay } from '../shanghai-day.ts';
import { UNIT, type ActivityEngine } from './engine.ts';

/**
 * Hash task: daily tasks counted only from hash rounds (game type 1, of `gameIds` when set) settled
 * that Shanghai day: a number of rounds played, or an amount of valid hash turnover; each pays its
 * reward once a day (period `<day>:<task>`).
 */
export const hashTaskEngine: ActivityEngine<typeof BonusType.HASH_TASK> = {
  source: 'hash_task',
  async evaluate({ activity, playerId, now, facts, claims }) {
    const today = shanghaiDay(now);
    const { start, end } = dayBounds(today);
    const { tasks, gameIds } = activity.rules;
    const turnover = await facts.turnover(playerId, activity.currency, start, end, gameIds);
    const claimed = new Set(claims.filter((c) => c.period.startsWith(`${today}:`)).map((c) => c.period));
    // Rounds count in whole units so that progress reads "12" of "20" like an amount.
    const measured = tasks.map((task, index) => ({
      period: `${today}:${index + 1}`,
      amount: task.reward,
      current: task.kind === 'rounds' ? BigInt(turnover.hashRounds) * UNIT : turnover.hashValid,
      target: task.kind === 'rounds' ? BigInt(task.target) * UNIT : task.target,
    }));
    const open = measured.filter((task) => !claimed.has(task.period));
    const due = open.filter((task) => task.current >= task.target).map(({ period, amount }) => ({ period, amount }));
    const shown = open.find((task) => task.current < task.target) ?? open[0] ?? measured[measured.length - 1]!;
    return {
      due,
      progress: { current: shown.current, target: shown.target },
      claimedNow: open.length === 0,
      periodEndsAt: end,
      whyNot: due.length === 0 ? (open.length === 0 ? "today's tasks were claimed" : 'no task completed today') : undefined,
    };
  },
};
