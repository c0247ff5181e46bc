import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { advisoryKey } from '../../db/leader-lock.ts';

export type PlayerRow = NonNullable<Awaited<ReturnType<PlayerRepository['findById']>>>;

export class PlayerRepository {
  constructor(private readonly db: Db) {}

  findById(id: number) {
    return this.db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Locks the player row for the rest of the caller's transaction (serialises logins and profile changes). */
  lockById(id: number) {
    return this.db.selectFrom('players').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  findByAccount(account: string) {
    return this.db.selectFrom('players').selectAll().where(sql`lower(account)`, '=', account.toLowerCase()).executeTakeFirst();
  }

  findByEmail(email: string) {
    return this.db.selectFrom('players').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  }

  /** Account names and emails share one namespace for look-ups by "account". */
  async findByAccountOrEmail(value: string) {
    return value.includes('@') ? this.findByEmail(value) : this.findByAccount(value);
  }

  async countRegistrationsFromIp(ip: string, sinceHours: number) {
    const row = await this.db
      .selectFrom('players')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('register_ip', '=', ip)
      .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${sinceHours})`)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Inserts a player; a concurrent duplicate account or email surfaces as a unique violation. */
  insert(values: {
    account: string | null;
    email: string | null;
    passwordHash: string;
    nickname: string;
    inviteCode: string;
    inviterId: number | null;
    registerIp: string;
    clientIp: string | null;
    language: string | null;
  }) {
    return this.db
      .insertInto('players')
      .values({
        account: values.account,
        email: values.email,
        password_hash: values.passwordHash,
        nickname: values.nickname,
        invite_code: values.inviteCode,
        inviter_id: values.inviterId,
        register_ip: values.registerIp,
        // Registering signs the player in: the profile's last login address is this one from the start.
        last_login_ip: values.registerIp,
        last_client_ip: values.clientIp,
        language: values.language,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Nicknames of these players, by id; ids with no player are left out. */
  async nicknames(ids: readonly number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db.selectFrom('players').select(['id', 'nickname']).where('id', 'in', unique).execute();
    return new Map(rows.map((r) => [r.id, r.nickname]));
  }

  findByInviteCode(code: string) {
    return this.db.selectFrom('players').select('id').where('invite_code', '=', code).executeTakeFirst();
  }

  async recordLogin(id: number, ip: string, clientIp: string | null) {
    await this.db.updateTable('players').set({ last_login_ip: ip, last_client_ip: clientIp, updated_at: new Date() }).where('id', '=', id).execute();
  }

  async updatePassword(id: number, passwordHash: string) {
    await this.db.updateTable('players').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', id).execute();
  }

  updateProfile(id: number, changes: { nickname?: string; avatar?: string; email?: string }) {
    return this.db
      .updateTable('players')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateFundPassword(id: number, fundPasswordHash: string) {
    await this.db.updateTable('players').set({ fund_password_hash: fundPasswordHash, updated_at: new Date() }).where('id', '=', id).execute();
  }

  /** Stamps the first credited deposit; later deposits leave the stamp alone. Returns whether this was the first. */
  async markFirstRecharge(id: number, at: Date = new Date()) {
    const result = await this.db
      .updateTable('players')
      .set({ first_recharge_at: at, updated_at: new Date() })
      .where('id', '=', id)
      .where('first_recharge_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async recordLoginFailure(ip: string, playerId: number | null) {
    await this.db.insertInto('login_failures').values({ ip, player_id: playerId }).execute();
  }

  async countRecentLoginFailures(ip: string, minutes: number) {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('ip', '=', ip)
      .where('failed_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Failed logins against one account, from everywhere or (with `ip`) from one address. */
  async countRecentAccountLoginFailures(playerId: number, ip: string | null, minutes: number) {
    let query = this.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('player_id', '=', playerId)
      .where('failed_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`);
    if (ip !== null) query = query.where('ip', '=', ip);
    return Number((await query.executeTakeFirstOrThrow()).count);
  }

  /** Releases the account's failed logins from its lock; the addresses keep theirs. */
  async detachLoginFailures(playerId: number) {
    await this.db.updateTable('login_failures').set({ player_id: null }).where('player_id', '=', playerId).execute();
  }

  /** Whether the player signed in (or registered) from this address within the last `days`. */
  async signedInFrom(playerId: number, ip: string, days: number) {
    const row = await this.db
      .selectFrom('player_sessions')
      .select('id')
      .where('player_id', '=', playerId)
      .where('login_ip', '=', ip)
      .where('created_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Whether any of the player's sessions of the last `days` days (opened or still open then) came
   * from one of these addresses (connection or Client-IP, either way round) or this device code:
   * 'address', 'device', or null when none did.
   */
  async sharedOrigin(
    playerId: number,
    origin: { addresses: readonly string[]; deviceCode: string | null },
    days: number,
  ): Promise<'address' | 'device' | null> {
    const { rows } = await sql<{ address: boolean; device: boolean }>`
      select coalesce(bool_or(login_ip = any(${[...origin.addresses]}::text[]) or client_ip = any(${[...origin.addresses]}::text[])), false) as address,
             coalesce(bool_or(device_code = ${origin.deviceCode}), false) as device
      from player_sessions
      where player_id = ${playerId}
        and (created_at > now() - make_interval(days => ${days}) or ended_at is null or ended_at > now() - make_interval(days => ${days}))`.execute(this.db);
    if (rows[0]?.address) return 'address';
    if (rows[0]?.device) return 'device';
    return null;
  }

  /** Holds a named lock until the caller's transaction ends. */
  async lockName(name: string) {
    await sql`select pg_advisory_xact_lock(${advisoryKey(name)})`.execute(this.db);
  }

  /** The newest active notice the session has not shown yet. */
  nextNotice(afterId: number) {
    return this.db
      .selectFrom('notices')
      .selectAll()
      .where('active', '=', true)
      .where('id', '>', afterId)
      .where('starts_at', '<=', sql<Date>`now()`)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
