import { EXPERIENCE_USE_LIMIT_USDT, ExperienceType, MICRO_PER_UNIT } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { InsufficientFundsError, type Ledger } from '../../money/ledger.service.ts';
import type { UnsettledOrders } from '../wallet/experience.ts';
import { BonusRepository } from '../bonus/bonus.repo.ts';
import { PlayerMarkRepository } from './player-mark.repo.ts';

const SPENT_BELOW = BigInt(EXPERIENCE_USE_LIMIT_USDT) * MICRO_PER_UNIT;

/**
 * The end of an experience account (ECONOMY.md "Experience gold"): type 1 becomes type 2
 * (`isSettlement`) for good, and the SPEC section 5 restrictions lift.
 * - Spent: its USDT balance (cash + bonus) is below 3 with no bet unsettled. Checked after every
 *   announced balance change, which costs nothing unless the balance is below 3 and then one look at
 *   the player's row.
 * - Withdrawn: its first withdrawal, in the withdrawal's own transaction, before the withdrawal is
 *   debited from cash.
 * Either way what is left of the gold (the USDT bonus balance) returns to the experience pool.
 * Either end moves money once: its ledger transfer is keyed by the player.
 * With `bus` it hears this instance's `balance.changed` and `round.settled` itself.
 */
export class ExperienceEnd {
  private readonly log?: FastifyBaseLogger;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly unsettled: UnsettledOrders,
    private readonly announce: (playerIds: number[]) => Promise<void>,
    options: { log?: FastifyBaseLogger; bus?: EventBus } = {},
  ) {
    this.log = options.log;
    options.bus?.subscribe('balance.changed', ({ playerId, wallet }) => this.afterBalance(playerId, wallet.total.USDT));
    options.bus?.subscribe('round.settled', ({ playerIds }) => this.afterRound(playerIds));
  }

  /** Told of a player's new balance after any change (BalanceEvents). */
  async afterBalance(playerId: number, usdt: bigint): Promise<void> {
    if (usdt >= SPENT_BELOW) return;
    if (await this.endIfSpent(playerId)) await this.announce([playerId]);
  }

  /** Told of the players of a settled hash round: a lost bet changes no balance, yet may end an experience. */
  async afterRound(playerIds: number[]): Promise<void> {
    if (playerIds.length === 0) return;
    const experienced = await new PlayerMarkRepository(this.db).experienceAccountsAmong(playerIds);
    for (const playerId of experienced) {
      if (await this.endIfSpent(playerId)) await this.announce([playerId]);
    }
  }

  /** Ends the experience of an account whose USDT is below 3 with nothing unsettled; true when it ended now. */
  async endIfSpent(playerId: number): Promise<boolean> {
    const marks = await new PlayerMarkRepository(this.db).marks(playerId);
    if (marks?.experience_type !== ExperienceType.EXPERIENCE) return false;
    // A bet still open may win: the check runs again when it settles.
    if ((await this.unsettled.count(playerId)) > 0) return false;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const repo = new PlayerMarkRepository(trx);
        const locked = await repo.marks(playerId, true);
        if (locked?.experience_type !== ExperienceType.EXPERIENCE) return false;
        const [cash, bonus] = await Promise.all([
          this.ledger.balance({ kind: 'player', playerId }, 'USDT', trx),
          this.ledger.balance({ kind: 'player_bonus', playerId }, 'USDT', trx),
        ]);
        if (cash + bonus >= SPENT_BELOW) return false;
        await this.returnToPool(trx, playerId, 'spent');
        await repo.endExperience(playerId);
        return true;
      });
    } catch (error) {
      // A bet debited meanwhile: the next balance change checks again.
      if (error instanceof InsufficientFundsError) return false;
      throw error;
    }
  }

  /**
   * The withdrawal's hook, inside its transaction with the player's row locked: the first withdrawal
   * of an experience account ends the experience and what is left of the gold (the bonus balance:
   * the gift and its winnings) returns to the pool first. The withdrawal itself is paid from cash.
   */
  async atWithdrawal(trx: Db, playerId: number): Promise<void> {
    const repo = new PlayerMarkRepository(trx);
    const marks = await repo.marks(playerId, true);
    if (marks?.experience_type !== ExperienceType.EXPERIENCE) return;
    await this.returnToPool(trx, playerId, 'withdrawn');
    await repo.endExperience(playerId);
    this.log?.info({ playerId }, 'experience ended by a withdrawal');
  }

  /**
   * Experience gold is bonus money that never becomes cash: at the end, the whole USDT bonus balance
   * (the gift and what it won) returns to the pool and the lock on it is lifted. Deposits are cash and
   * stay the player's. The requirement row is locked before the ledger, as every writer of it does.
   */
  private async returnToPool(trx: Db, playerId: number, reason: 'spent' | 'withdrawn'): Promise<void> {
    const bonusRepo = new BonusRepository(trx);
    await bonusRepo.wagering(playerId, true);
    const gold = await this.ledger.balance({ kind: 'player_bonus', playerId }, 'USDT', trx);
    if (gold > 0n) {
      await this.ledger.transfer(
        {
          idempotencyKey: `experience-end:${playerId}`,
          kind: 'experience_end',
          reference: String(playerId),
          metadata: { reason },
          legs: [
            { account: { kind: 'player_bonus', playerId }, currency: 'USDT', amount: -gold },
            { account: { kind: 'experience_pool' }, currency: 'USDT', amount: gold },
          ],
        },
        trx,
      );
    }
    await bonusRepo.clearWagering(playerId, 'USDT');
  }
}
