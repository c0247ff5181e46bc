import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { PlayerService } from '../player/player.service.ts';
import { FundPasswordRepository } from './fund-password.repo.ts';

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
    private readonly players: Pick<PlayerService, 'find' | 'setFundPasswordHash' | 'announceChanged'>,
  ) {}

  /**
   * Sets the fund password (proving identity with the login password) or changes it (with the old
   * fund password, or the login password when the old one is forgotten). When both are sent, both
   * must be right.
   */
  /** Two-factor for setting or changing the fund password (the account-security module); without it nothing is asked. */
  secondFactor?: { require(playerId: number, code: string | undefined): Promise<void> };

  async update(playerId: number, input: { oldPassword?: string; newPassword: string; loginPassword?: string; twoFactorCode?: string }): Promise<void> {
    const row = await this.players.find(playerId);
    if (!row) throw fail('PLAYER_MISSING');
    if (input.oldPassword !== undefined) await this.check(playerId, row.fund_password_hash, input.oldPassword, 'ORIGINAL_FUND_PASSWORD_WRONG');
    if (input.loginPassword !== undefined && !(await verify(row.password_hash, input.loginPassword))) {
      throw fail('LOGIN_PASSWORD_WRONG');
    }
    if (row.fund_password_hash && (await verify(row.fund_password_hash, input.newPassword))) {
      throw fail('NEW_PASSWORD_SAME_AS_OLD');
    }
    await this.secondFactor?.require(playerId, input.twoFactorCode);
    await this.players.setFundPasswordHash(playerId, await hash(input.newPassword, ARGON2));
    await new FundPasswordRepository(this.db).clearFailures(playerId);
    await this.players.announceChanged(playerId);
  }

  /** Passes only for the player's fund password; a missing one, a wrong one or a locked player answers 10045. */
  async verify(playerId: number, fundPassword: string): Promise<void> {
    const row = await this.players.find(playerId);
    if (!row) throw fail('PLAYER_MISSING');
    await this.check(playerId, row.fund_password_hash, fundPassword, 'FUND_PASSWORD_WRONG');
  }

  async isSet(playerId: number): Promise<boolean> {
    const row = await this.players.find(playerId);
    return Boolean(row?.fund_password_hash);
  }

  /**
   * Checks a PIN against the stored one. Whether the answer counts is decided afterwards, under a
   * lock per player: a try that finds the window full is refused even when its PIN was right, and
   * only tries decided before that are booked, so a burst from any number of addresses gets at most
   * the allowed failures. Right PINs sent together all pass (a player may submit several payments at
   * once). Once the window is full, tries are refused before any hash is computed.
   */
  private async check(playerId: number, storedHash: string | null, fundPassword: string, wrong: FundPasswordWrong) {
    if (!storedHash) throw fail(wrong, 'no fund password set');
    await this.refuseWhileLocked(this.db, playerId, wrong);
    const right = await verify(storedHash, fundPassword);
    await this.db.transaction().execute(async (trx) => {
      const failures = new FundPasswordRepository(trx);
      await failures.lockPlayer(playerId);
      await this.refuseWhileLocked(trx, playerId, wrong);
      if (right) await failures.clearFailures(playerId);
      else await failures.recordFailure(playerId);
    });
    if (!right) throw fail(wrong);
  }

  private async refuseWhileLocked(db: Db, playerId: number, wrong: FundPasswordWrong) {
    const failures = await new FundPasswordRepository(db).countRecentFailures(playerId, FUND_PASSWORD_FAILURE_WINDOW_MINUTES);
    if (failures >= FUND_PASSWORD_MAX_FAILURES) throw fail(wrong, 'too many wrong fund passwords, try again later');
  }
}
