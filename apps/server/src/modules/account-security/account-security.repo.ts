import { ADDRESS_WAIT_DEFAULT_HOURS } from '@lobby/contract';
import type { Selectable } from 'kysely';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { AccountSecurityTables, PlayerTwoFactorTable } from './tables.ts';

export type TwoFactorRow = Selectable<PlayerTwoFactorTable>;

export interface LoginRow {
  id: bigint;
  login_ip: string;
  client_ip: string | null;
  user_agent: string | null;
  device_code: string | null;
  country: string | null;
  created_at: Date;
  ended_at: Date | null;
  expires_at: Date;
}

/** Players' two-factor, recovery codes, known devices, sign-ins, and the address wait. */
export class AccountSecurityRepo {
  private readonly db: Kysely<Database & AccountSecurityTables>;

  constructor(db: Db) {
    this.db = db.withTables<AccountSecurityTables>();
  }

  twoFactor(playerId: number): Promise<TwoFactorRow | undefined> {
    return this.db.selectFrom('player_two_factor').selectAll().where('player_id', '=', playerId).executeTakeFirst();
  }

  /** A new secret to confirm: replaces one not yet confirmed; none while two-factor is on (false). */
  async startEnrolment(playerId: number, secretSealed: string): Promise<boolean> {
    const row = await this.db
      .insertInto('player_two_factor')
      .values({ player_id: playerId, secret_sealed: secretSealed })
      .onConflict((oc) =>
        oc
          .column('player_id')
          .doUpdateSet({ secret_sealed: secretSealed, last_step: null, failures: 0, failures_since: null, created_at: sql`now()` })
          .where('player_two_factor.enabled_at', 'is', null),
      )
      .returning('player_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Turns two-factor on with the step of the confirming code; false when it was on already. */
  async enable(playerId: number, step: number, at: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('player_two_factor')
      .set({ enabled_at: at, last_step: BigInt(step), failures: 0, failures_since: null })
      .where('player_id', '=', playerId)
      .where('enabled_at', 'is', null)
      .returning('player_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records `step` as the last one used, if it is later than the one recorded: false when a code of
   * this step (or a later one) was taken already, so two calls with one code cannot both pass.
   */
  async takeStep(playerId: number, step: number): Promise<boolean> {
    const row = await this.db
      .updateTable('player_two_factor')
      .set({ last_step: BigInt(step), failures: 0, failures_since: null })
      .where('player_id', '=', playerId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', BigInt(step))]))
      .returning('player_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Counts a wrong code in the window starting at the first one (a new window once `windowStart` passed it). */
  async recordFailure(playerId: number, now: Date, windowStart: Date): Promise<void> {
    await this.db
      .updateTable('player_two_factor')
      .set({
        failures: sql`case when failures_since is null or failures_since < ${windowStart} then 1 else failures + 1 end`,
        failures_since: sql`case when failures_since is null or failures_since < ${windowStart} then ${now}::timestamptz else failures_since end`,
      })
      .where('player_id', '=', playerId)
      .execute();
  }

  async forget(playerId: number): Promise<boolean> {
    await this.db.deleteFrom('player_recovery_codes').where('player_id', '=', playerId).execute();
    await this.db.deleteFrom('player_known_devices').where('player_id', '=', playerId).execute();
    const removed = await this.db.deleteFrom('player_two_factor').where('player_id', '=', playerId).returning('player_id').executeTakeFirst();
    return removed !== undefined;
  }

  async replaceRecoveryCodes(playerId: number, hashes: string[]): Promise<void> {
    await this.db.deleteFrom('player_recovery_codes').where('player_id', '=', playerId).execute();
    await this.db
      .insertInto('player_recovery_codes')
      .values(hashes.map((code_hash) => ({ player_id: playerId, code_hash })))
      .execute();
  }

  /** Uses an unused recovery code of the player; false when there is none with this hash. */
  async useRecoveryCode(playerId: number, hash: string, at: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('player_recovery_codes')
      .set({ used_at: at })
      .where('player_id', '=', playerId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async recoveryCodesLeft(playerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('player_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('player_id', '=', playerId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async knowsDevice(playerId: number, deviceHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('player_known_devices')
      .select('player_id')
      .where('player_id', '=', playerId)
      .where('device_hash', '=', deviceHash)
      .executeTakeFirst();
    return row !== undefined;
  }

  async rememberDevice(playerId: number, deviceHash: string): Promise<void> {
    await this.db
      .insertInto('player_known_devices')
      .values({ player_id: playerId, device_hash: deviceHash })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Whether the player signed in (or registered) from this device before the session `exceptId`. */
  async usedDeviceBefore(playerId: number, deviceCode: string, exceptId: bigint): Promise<boolean> {
    const row = await this.db
      .selectFrom('player_sessions')
      .select('id')
      .where('player_id', '=', playerId)
      .where('device_code', '=', deviceCode)
      .where('id', '<>', exceptId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async recordUserAgent(sessionId: bigint, userAgent: string | null): Promise<void> {
    await this.db.updateTable('player_sessions').set({ user_agent: userAgent }).where('id', '=', sessionId).execute();
  }

  /**
   * The newest sign-ins. The country is read from the row as a whole, so the history works whether or
   * not the column the jurisdiction check records it in exists yet.
   */
  logins(playerId: number, limit: number): Promise<LoginRow[]> {
    return this.db
      .selectFrom('player_sessions as s')
      .select(['s.id', 's.login_ip', 's.client_ip', 's.user_agent', 's.device_code', 's.created_at', 's.ended_at', 's.expires_at'])
      .select(sql<string | null>`to_jsonb(s) ->> 'country'`.as('country'))
      .where('s.player_id', '=', playerId)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Ends the player's active sessions but `keepId`; answers how many ended. */
  async endOtherSessions(playerId: number, keepId: bigint): Promise<number> {
    const rows = await this.db
      .updateTable('player_sessions')
      .set({ ended_at: new Date(), end_reason: 'logout' })
      .where('player_id', '=', playerId)
      .where('ended_at', 'is', null)
      .where('id', '<>', keepId)
      .returning('id')
      .execute();
    return rows.length;
  }

  async addressWaitHours(): Promise<number> {
    const row = await this.db.selectFrom('account_security_settings').select('address_wait_hours').where('id', '=', 1).executeTakeFirst();
    return row?.address_wait_hours ?? ADDRESS_WAIT_DEFAULT_HOURS;
  }

  async setAddressWaitHours(hours: number): Promise<void> {
    await this.db
      .insertInto('account_security_settings')
      .values({ id: 1, address_wait_hours: hours })
      .onConflict((oc) => oc.column('id').doUpdateSet({ address_wait_hours: hours, updated_at: sql`now()` }))
      .execute();
  }

  async emailOf(playerId: number): Promise<{ email: string | null; language: string | null; account: string | null } | undefined> {
    return this.db.selectFrom('players').select(['email', 'language', 'account']).where('id', '=', playerId).executeTakeFirst();
  }
}
