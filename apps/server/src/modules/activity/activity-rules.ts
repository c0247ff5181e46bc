import { BonusType, moneyAmount } from '@lobby/contract';
import { z } from 'zod';

/**
 * The type-specific rules of each activity type, as the operator writes them (amounts are decimal
 * strings of the activity's currency) and as configSync shows them. `parseRules` turns them into
 * the micro-unit values the engines compute with.
 */
const amount = moneyAmount.refine((v) => v > 0n, 'must be above zero');
const ascending = <T>(values: T[], key: (v: T) => bigint) => values.every((v, i) => i === 0 || key(v) > key(values[i - 1]!));

export const RULE_SCHEMAS = {
  [BonusType.SIGN_IN]: z.strictObject({
    dailyTurnover: moneyAmount.describe('Valid turnover a day needs before it can be signed'),
    rewards: z.array(amount).min(1).max(31).describe('Reward of each day of the streak; after the last the streak starts again'),
  }),
  [BonusType.FIRST_RECHARGE]: z.strictObject({
    minDeposit: amount.describe('The first deposit must reach this'),
    percent: z.number().int().min(1).max(1000),
    cap: amount,
    claimDays: z.number().int().min(1).max(365).describe('Days after the first deposit within which the bonus can be claimed'),
  }),
  [BonusType.INVITATION]: z.strictObject({
    reward: amount.describe('Paid to the inviter once per qualifying invitee'),
    minDeposits: moneyAmount.describe("The invitee's credited deposits must reach this"),
    minTurnover: moneyAmount.describe("The invitee's valid turnover must reach this"),
  }),
  [BonusType.BETTING_REBATE]: z.strictObject({
    tiers: z
      .array(z.strictObject({ turnover: amount, reward: amount }))
      .min(1)
      .max(20)
      .refine((tiers) => ascending(tiers, (t) => t.turnover), 'tiers must rise in turnover'),
  }),
  [BonusType.HASH_TASK]: z.strictObject({
    gameIds: z.array(z.number().int().min(1).max(9999)).min(1).max(100).nullable().describe('Hash games whose rounds count; null: every hash game'),
    tasks: z
      .array(
        z.discriminatedUnion('kind', [
          z.strictObject({ kind: z.literal('rounds'), target: z.number().int().min(1).max(100_000), reward: amount }),
          z.strictObject({ kind: z.literal('turnover'), target: amount, reward: amount }),
        ]),
      )
      .min(1)
      .max(10),
  }),
  [BonusType.REGISTER_REWARD]: z.strictObject({ reward: amount }),
  [BonusType.LOSS_REBATE]: z.strictObject({
    percent: z.number().int().min(1).max(100).describe("Share of the previous day's net loss"),
    minLoss: amount,
    cap: amount.nullable().describe('Most one day pays; null: no cap'),
  }),
} as const;

export type ActivityType = keyof typeof RULE_SCHEMAS;
export type RulesOf<T extends ActivityType> = z.output<(typeof RULE_SCHEMAS)[T]>;

export const ACTIVITY_TYPES = Object.keys(RULE_SCHEMAS).map(Number) as ActivityType[];

/** A rules value that fails its type's schema; the message names what is wrong. */
export class InvalidActivityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidActivityError';
  }
}

export function parseRules<T extends ActivityType>(type: T, rules: unknown): RulesOf<T> {
  const schema = RULE_SCHEMAS[type] as z.ZodType | undefined;
  if (!schema) throw new InvalidActivityError(`type ${type} is not an activity type (1-7)`);
  const result = schema.safeParse(rules);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new InvalidActivityError(`rules${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
  }
  return result.data as RulesOf<T>;
}
