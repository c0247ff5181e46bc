import { hash, verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { PlayerRepository } from '../player/player.repo.ts';
import type { PlayerService } from '../player/player.service.ts';

/** argon2id with the same profile as login passwords. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * A six-digit PIN has a million values: without a limit a stolen session could try them all
 * within the general rate limit. After this many wrong tries in the window every try is refused
 * without looking, until the window has passed.
 */
export const FUND_PASSWORD_MAX_FAILURES = 5;
export const FUND_PASSWORD_FAILURE_WINDOW_MINUTES = 15;

/** The answer to a wrong PIN: 10045 where the PIN authorises a payment, 10028 where it authorises its own change. */
type FundPasswordWrong = 'FUND_PASSWORD_WRONG' | 'ORIGINAL_FUND_PASSWORD_WRONG';

/** The fund password that guards withdrawals and transfers (stored on the player, hashed). */
export class FundPasswordService {
  constructor(
    private readonly db: Db,
    private readonly players: PlayerService,
  ) {}

  /**
   * Sets the fund password (proving identity with the login password) or changes it (with the old
   * fund password, or the login password when the old one is forgotten). When both are sent, both
   * must be right.
   */
  async update(playerId: number, input: { oldPassword?: string; newPassword: string; loginPassword?: string }): Promise<void> {
    const repo = new PlayerRepository(this.db);
    const row = await repo.findById(playerId);
    if (!row) throw fail('PLAYER_MISSING');
    if (input.oldPassword !== undefined) await this.check(playerId, row.fund_password_hash, input.oldPassword, 'ORIGINAL_FUND_PASSWORD_WRONG');
    if (input.loginPassword !== undefined && !(await verify(row.password_hash, input.loginPassword))) {
      throw fail('LOGIN_PASSWORD_WRONG');
    }
    if (row.fund_password_hash && (await verify(row.fund_password_hash, input.newPassword))) {
      throw fail('NEW_PASSWORD_SAME_AS_OLD');
    }
    await repo.updateFundPassword(playerId, await hash(input.newPassword, ARGON2));
    await this.clearFailures(playerId);
    await this.players.announceChanged(playerId);
  }

  /** Passes only for the player's fund password; a missing one, a wrong one or a locked player answers 10045. */
  async verify(playerId: number, fundPassword: string): Promise<void> {
    const row = await new PlayerRepository(this.db).findById(playerId);
    if (!row) throw fail('PLAYER_MISSING');
    await this.check(playerId, row.fund_password_hash, fundPassword, 'FUND_PASSWORD_WRONG');
  }

  async isSet(playerId: number): Promise<boolean> {
    const row = await new PlayerRepository(this.db).findById(playerId);
    return Boolean(row?.fund_password_hash);
  }

  /**
   * Checks a PIN against the stored one. The try is booked as a failure before the PIN is looked at,
   * so however many tries arrive at once only the allowed number are ever checked; a right PIN gives
   * its booking back and clears the failures already answered.
   */
  private async check(playerId: number, storedHash: string | null, fundPassword: string, wrong: FundPasswordWrong) {
    if (!storedHash) throw fail(wrong, 'no fund password set');
    const attemptId = await this.reserveAttempt(playerId, wrong);
    if (!(await verify(storedHash, fundPassword))) {
      await this.db.updateTable('fund_password_failures').set({ pending: false }).where('id', '=', attemptId).execute();
      throw fail(wrong);
    }
    await this.db
      .deleteFrom('fund_password_failures')
      .where('player_id', '=', playerId)
      .where((eb) => eb.or([eb('id', '=', attemptId), eb('pending', '=', false)]))
      .execute();
  }

  /** Books one try as a failure, or refuses it when the window already holds the allowed failures. */
  private reserveAttempt(playerId: number, wrong: FundPasswordWrong): Promise<bigint> {
    return this.db.transaction().execute(async (trx) => {
      // Tries of one player queue here, so each counts the bookings of all that came before it.
      await new PlayerRepository(trx).lockName(`fund-password:${playerId}`);
      const windowStart = sql<Date>`now() - make_interval(mins => ${FUND_PASSWORD_FAILURE_WINDOW_MINUTES})`;
      await trx.deleteFrom('fund_password_failures').where('player_id', '=', playerId).where('failed_at', '<=', windowStart).execute();
      const { count } = await trx
        .selectFrom('fund_password_failures')
        .select((eb) => eb.fn.countAll<bigint>().as('count'))
        .where('player_id', '=', playerId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= FUND_PASSWORD_MAX_FAILURES) throw fail(wrong, 'too many wrong fund passwords, try again later');
      const { id } = await trx.insertInto('fund_password_failures').values({ player_id: playerId, pending: true }).returning('id').executeTakeFirstOrThrow();
      return id;
    });
  }

  private async clearFailures(playerId: number) {
    await this.db.deleteFrom('fund_password_failures').where('player_id', '=', playerId).execute();
  }
}
