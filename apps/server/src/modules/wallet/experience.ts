import {
  EXPERIENCE_MESSAGES,
  EXPERIENCE_USE_LIMIT_USDT,
  EXPERIENCE_WITHDRAW_FROM_USDT,
  ExperienceType,
  MICRO_PER_UNIT,
  type ErrorCodeValue,
} from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { requestLanguage } from '../../http/request-context.ts';

/**
 * Bets of a player that are placed but not settled yet. Hash bets and third-party sessions are
 * owned by their modules, which provide this when they exist; until then nothing is ever unsettled.
 */
export interface UnsettledOrders {
  count(playerId: number): Promise<number>;
}

export const NO_UNSETTLED_ORDERS: UnsettledOrders = { count: async () => 0 };

export type ExperienceReason = keyof typeof EXPERIENCE_MESSAGES;

/** Answered with the call's own code and the SPEC's experience text as the message. */
export class ExperienceRestrictedError extends AppError {
  constructor(
    code: ErrorCodeValue,
    readonly reason: ExperienceReason,
  ) {
    super(code, reason);
  }
}

const USE_LIMIT = BigInt(EXPERIENCE_USE_LIMIT_USDT) * MICRO_PER_UNIT;
const WITHDRAW_FROM = BigInt(EXPERIENCE_WITHDRAW_FROM_USDT) * MICRO_PER_UNIT;

/**
 * SPEC section 5 for money leaving an experience account (withdrawal, and likewise transfer and
 * exchange, which would otherwise carry the experience gold out by another door): refused while a
 * bet is unsettled, and while the USDT balance is from 3 up to less than 100, i.e. the gold is
 * neither used up nor grown into a real balance.
 */
export class ExperienceRules {
  constructor(private readonly unsettled: UnsettledOrders) {}

  /** Whether money may leave now; the reason when it may not. */
  async restriction(player: { id: number; experience_type: number }, usdtBalance: bigint): Promise<ExperienceReason | null> {
    if (player.experience_type !== ExperienceType.EXPERIENCE) return null;
    if ((await this.unsettled.count(player.id)) > 0) return 'unsettledOrders';
    if (usdtBalance >= USE_LIMIT && usdtBalance < WITHDRAW_FROM) return 'goldNotUsedUp';
    return null;
  }

  async check(player: { id: number; experience_type: number }, usdtBalance: bigint, code: ErrorCodeValue): Promise<void> {
    const reason = await this.restriction(player, usdtBalance);
    if (reason) throw new ExperienceRestrictedError(code, reason);
  }
}

/**
 * The app's error handler words every code with the catalogue's text; the experience refusals
 * carry SPEC's own sentences instead, so routes that can refuse for that reason sit in a scope
 * whose handler answers them and hands everything else to the app's.
 */
export function answerExperienceRestrictions(scope: FastifyInstance): void {
  scope.setErrorHandler((error, request, reply) => {
    if (error instanceof ExperienceRestrictedError) {
      return reply.status(200).send({ code: error.code, msg: EXPERIENCE_MESSAGES[error.reason][requestLanguage(request)], data: null });
    }
    throw error;
  });
}
