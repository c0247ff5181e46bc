import { BonusType } from '@lobby/contract';
import type { ActivityType } from '../activity-rules.ts';
import { bettingRebateEngine } from './betting-rebate.ts';
import type { ActivityEngine } from './engine.ts';
import { firstRechargeEngine } from './first-recharge.ts';
import { hashTaskEngine } from './hash-task.ts';
import { invitationEngine } from './invitation.ts';
import { lossRebateEngine } from './loss-rebate.ts';
import { registerRewardEngine } from './register-reward.ts';
import { signInEngine } from './sign-in.ts';

/** The engine of each activity type. */
export const ENGINES: { [T in ActivityType]: ActivityEngine<T> } = {
  [BonusType.SIGN_IN]: signInEngine,
  [BonusType.FIRST_RECHARGE]: firstRechargeEngine,
  [BonusType.INVITATION]: invitationEngine,
  [BonusType.BETTING_REBATE]: bettingRebateEngine,
  [BonusType.HASH_TASK]: hashTaskEngine,
  [BonusType.REGISTER_REWARD]: registerRewardEngine,
  [BonusType.LOSS_REBATE]: lossRebateEngine,
};

export function engineOf(type: ActivityType): ActivityEngine<ActivityType> {
  return ENGINES[type] as ActivityEngine<ActivityType>;
}
