import type { ActivityFactsRepository } from '../activity-facts.repo.ts';
import type { ClaimRow } from '../activity.repo.ts';
import type { Activity } from '../activity.model.ts';
import type { ActivityType, RulesOf } from '../activity-rules.ts';

/** One reward a player may claim now: its period (what makes it once-only) and amount in micro-units. */
export interface Due {
  period: string;
  amount: bigint;
  /** The step of a streak (sign-in day), kept with the claim. */
  step?: number;
}

export interface Evaluation {
  due: Due[];
  /** Towards the next reward, in micro-units (counts of rounds as whole units); null when not measured. */
  progress: { current: bigint; target: bigint } | null;
  /** True when the current period has been claimed (a daily activity today, a once-only one ever). */
  claimedNow: boolean;
  /** When the current period's chance ends; null when it does not. */
  periodEndsAt: Date | null;
  /** Earned but held for review (a self-referral invitee), in micro-units; never paid until released. */
  underReview?: bigint;
  /** Why nothing is due, for the refusal's detail. */
  whyNot?: string;
}

export interface EngineInput<T extends ActivityType> {
  activity: Activity & { rules: RulesOf<T> };
  playerId: number;
  now: Date;
  facts: ActivityFactsRepository;
  /** The player's claims of this activity, newest first. */
  claims: ClaimRow[];
}

/** How one activity type decides what a player has earned, from the facts recorded so far. */
export interface ActivityEngine<T extends ActivityType> {
  /** The bonus source (and default wagering multiplier key) of its credits. */
  source: string;
  evaluate(input: EngineInput<T>): Promise<Evaluation>;
}

export const UNIT = 1_000_000n;
export const min = (a: bigint, b: bigint) => (a < b ? a : b);
export const max = (a: bigint, b: bigint) => (a > b ? a : b);
