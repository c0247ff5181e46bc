import { EXPERIENCE_USE_LIMIT_USDT, EXPERIENCE_WITHDRAW_FROM_USDT, ExperienceType, formatMicro, SpecialInviteType } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { RequestReplay } from '../../http/request-replay.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import type { Ledger } from '../../money/ledger.service.ts';
import type { UnsettledOrders } from '../wallet/experience.ts';
import { BonusRepository } from '../bonus/bonus.repo.ts';
import { randomCode } from '../player/invite-code.ts';
import { PlayerMarkRepository } from './player-mark.repo.ts';

const UNIQUE_VIOLATION = '23505';
const CODE_LENGTH = 10;

export interface ExperienceGoldGrant {
  requestId: string;
  playerId: number;
  /** Micro-units of USDT. */
  amount: bigint;
  note?: string | null;
}

/**
 * Special-invite and experience-gold accounts (ECONOMY.md "Experience gold and special invitation"):
 * what the player's app asks about them, and the operator's two levers, granting experience gold
 * and issuing special invite codes.
 */
export class PlayerMarkService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly unsettled: UnsettledOrders,
    private readonly announce: Pick<BalanceEvents, 'changed'>,
  ) {}

  private get repo() {
    return new PlayerMarkRepository(this.db);
  }

  async specialInvitedAccountInfo(playerId: number) {
    const marks = await this.repo.marks(playerId);
    if (!marks) throw fail('PLAYER_MISSING');
    const markedAt = marks.special_invite_type === SpecialInviteType.NOT_SPECIAL ? null : await this.repo.specialInviteMarkedAt(playerId);
    return { accountType: marks.special_invite_type as 0 | 1 | 2, markedAt: markedAt?.toISOString() ?? null };
  }

  async experienceGoldInfo(playerId: number) {
    const marks = await this.repo.marks(playerId);
    if (!marks) throw fail('PLAYER_MISSING');
    const [unsettled, granted] = await Promise.all([this.unsettled.count(playerId), this.repo.grantedExperienceGold(playerId)]);
    return {
      accountType: marks.experience_type as 0 | 1 | 2,
      isSettlement: marks.experience_type === ExperienceType.WAS_EXPERIENCE,
      hasUnsettledOrders: unsettled > 0,
      grantedAmount: formatMicro(granted),
      useLimit: String(EXPERIENCE_USE_LIMIT_USDT),
      withdrawFrom: String(EXPERIENCE_WITHDRAW_FROM_USDT),
    };
  }

  /**
   * Credits experience gold from the experience pool and makes the account an experience account.
   * One grant per request id: the same request again answers as the first did and moves nothing; the
   * same id with another player or amount is refused. An account whose experience already ended is
   * refused too.
   */
  async grantExperienceGold(grant: ExperienceGoldGrant): Promise<{ requestId: string; playerId: number; amount: string; replayed: boolean }> {
    const answer = (replayed: boolean) => ({ requestId: grant.requestId, playerId: grant.playerId, amount: formatMicro(grant.amount), replayed });
    let result: { replayed: boolean };
    try {
      result = await this.applyGrant(grant);
    } catch (error) {
      // A copy of this request committed first: answer as that one did (or refuse a conflicting one).
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      result = await this.applyGrant(grant);
    }
    if (!result.replayed) await this.announce.changed([grant.playerId]);
    return answer(result.replayed);
  }

  private applyGrant(grant: ExperienceGoldGrant): Promise<{ replayed: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new PlayerMarkRepository(trx);
      const request = new RequestReplay(
        'grant',
        grant.requestId,
        () => repo.findGrant(grant.requestId),
        (row) => row.player_id === grant.playerId && row.amount === grant.amount,
      );
      if (await request.earlier()) return { replayed: true };
      const marks = await repo.marks(grant.playerId, true);
      if (!marks) throw fail('PLAYER_MISSING');
      if (marks.experience_type === ExperienceType.WAS_EXPERIENCE) throw fail('INVALID_PARAMETERS', 'the experience of this account has ended');
      await repo.insertGrant({ requestId: grant.requestId, playerId: grant.playerId, amount: grant.amount, note: grant.note ?? null });
      // Bonus money that never becomes cash (ECONOMY.md "Experience gold"): locked until the experience ends.
      await new BonusRepository(trx).addWagering(grant.playerId, 'USDT', 0n, true);
      await this.ledger.transfer(
        {
          idempotencyKey: `experience-gold:${grant.requestId}`,
          kind: 'experience_gold',
          reference: grant.requestId,
          legs: [
            { account: { kind: 'experience_pool' }, currency: 'USDT', amount: -grant.amount },
            { account: { kind: 'player_bonus', playerId: grant.playerId }, currency: 'USDT', amount: grant.amount },
          ],
        },
        trx,
      );
      await repo.markExperienceAccount(grant.playerId);
      return { replayed: false };
    });
  }

  /** New special invite codes, each good for `maxUses` registrations. */
  /** Sets players.user_type (0 normal, 1 business); answers the type before so the audit shows the change. */
  async setUserType(playerId: number, userType: number): Promise<{ before: number; playerId: number; userType: number; changed: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('players').select('user_type').where('id', '=', playerId).forUpdate().executeTakeFirst();
      if (!row) throw fail('PLAYER_MISSING');
      if (row.user_type !== userType) await trx.updateTable('players').set({ user_type: userType }).where('id', '=', playerId).execute();
      return { before: row.user_type, playerId, userType, changed: row.user_type !== userType };
    });
  }

  async issueInviteCodes(input: { count: number; maxUses: number; note?: string | null }): Promise<string[]> {
    const codes = Array.from({ length: input.count }, () => newCode());
    await this.repo.insertInviteCodes(codes, input.maxUses, input.note ?? null);
    return codes;
  }

  /**
   * Registration's hook: a special invite code marks the new account special (type 1), inside the
   * registration's transaction. Any other code (a player's own invite code) is left to registration.
   */
  async redeemAtRegistration(trx: Db, playerId: number, inviteCode: string): Promise<{ special_invite_type?: number }> {
    const code = inviteCode.trim().toUpperCase();
    if (!/^[A-Z0-9]{6,32}$/.test(code)) return {};
    const redeemed = await new PlayerMarkRepository(trx).redeemInviteCode(code, playerId);
    return redeemed ? { special_invite_type: SpecialInviteType.SPECIAL } : {};
  }

  /** Entering a third-party game ends the special status for good (SPEC section 6); true if it did now. */
  leaveSpecialInvite(playerId: number): Promise<boolean> {
    return this.repo.leaveSpecialInvite(playerId);
  }
}

const newCode = (): string => randomCode(CODE_LENGTH, 'S');
