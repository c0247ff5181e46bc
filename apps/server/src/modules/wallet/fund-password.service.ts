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
    if (input.oldPassword !== undefined) {
      await this.refuseWhileLocked(playerId, 'ORIGINAL_FUND_PASSWORD_WRONG');
      if (!row.fund_password_hash || !(await verify(row.fund_password_hash, input.oldPassword))) {
        await this.recordFailure(playerId);
        throw fail('ORIGINAL_FUND_PASSWORD_WRONG');
      }
    }
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
    await this.refuseWhileLocked(playerId, 'FUND_PASSWORD_WRONG');
    const row = await new PlayerRepository(this.db).findById(playerId);
    if (!row) throw fail('PLAYER_MISSING');
    if (!row.fund_password_hash) throw fail('FUND_PASSWORD_WRONG', 'no fund password set');
    if (!(await verify(row.fund_password_hash, fundPassword))) {
      await this.recordFailure(playerId);
      throw fail('FUND_PASSWORD_WRONG');
    }
    await this.clearFailures(playerId);
  }

  async isSet(playerId: number): Promise<boolean> {
    const row = await new PlayerRepository(this.db).findById(playerId);
    return Boolean(row?.fund_password_hash);
  }

  private async refuseWhileLocked(playerId: number, code: 'FUND_PASSWORD_WRONG' | 'ORIGINAL_FUND_PASSWORD_WRONG') {
    const { count } = await this.db
      .selectFrom('fund_password_failures')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('player_id', '=', playerId)
      .where('failed_at', '>', sql<Date>`now() - make_interval(mins => ${FUND_PASSWORD_FAILURE_WINDOW_MINUTES})`)
      .executeTakeFirstOrThrow();
    if (Number(count) >= FUND_PASSWORD_MAX_FAILURES) throw fail(code, 'too many wrong fund passwords, try again later');
  }

  private async recordFailure(playerId: number) {
    await this.db.insertInto('fund_password_failures').values({ player_id: playerId }).execute();
  }

  private async clearFailures(playerId: number) {
    await this.db.deleteFrom('fund_password_failures').where('player_id', '=', playerId).execute();
  }
}
