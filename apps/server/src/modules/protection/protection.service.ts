import { verify } from '@node-rs/argon2';
import {
  formatMicro,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type CallResponse,
  type LimitKind,
  type LimitPeriod,
  type protectionCalls,
  type SelfExclusionPeriod,
} from '@lobby/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { heldBalances, playAndDepositsSince, playNetSince } from '../../money/balances.ts';
import { hourOf, monthsLater, periodBounds } from './periods.ts';
import { pauseEndsAt, pauseInForce, selfExclusionPeriodEnd, type Pause, type ProtectionGate } from './protection-gate.ts';
import type { ProtectionSettings } from './protection-settings.ts';
import { recordHistory } from './protection-history.ts';
import type { PauseKindColumn } from './tables.ts';

export type ProtectionState = CallResponse<typeof protectionCalls.protectionGet>;

/** What taking a pause reaches beyond the database: the player's auto-bets stop at once. */
export interface PauseEnders {
  stopAutoBets(playerId: number): Promise<void>;
}

const SELF_EXCLUSION_MONTHS: Record<Exclude<SelfExclusionPeriod, 'indefinite'>, number> = { '6m': 6, '1y': 12, '5y': 60 };

interface ProtectionRow {
  reality_check_minutes: number | null;
  pause_kind: PauseKindColumn | null;
  pause_since: Date | null;
  pause_until: Date | null;
  return_requested_at: Date | null;
  tracks_spend: boolean;
  offer_registration_answered: boolean;
  offer_first_deposit_answered: boolean;
}

const LIMIT_COLUMNS = sql`kind, period, amount::text, pending_amount::text, pending_removal, pending_since`;

interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: string;
  pending_amount: string | null;
  pending_removal: boolean;
  pending_since: Date | null;
}

/**
 * The player's own protection (PROTECTION.md): limits (a new or lower one at once, a higher one or a
 * removal after the cooling-off and a second confirmation), reality checks, time-out and
 * self-exclusion (at once, never shortened). Every change is kept in `protection_history` and
 * announced to every instance's gate before the call answers.
 */
export class ProtectionService {
  constructor(
    private readonly db: Db,
    private readonly gate: ProtectionGate,
    private readonly settings: ProtectionSettings,
    private readonly enders: PauseEnders,
  ) {}

  async state(playerId: number, db: Db = this.db): Promise<ProtectionState> {
    const now = this.gate.now();
    const settings = this.settings.current();
    const [row, limits, used, held] = await Promise.all([
      this.row(db, playerId),
      sql<LimitRow>`select ${LIMIT_COLUMNS} from protection_limits where player_id = ${playerId}`.execute(db),
      this.gate.used(db, playerId, now),
      heldBalances(db, playerId),
    ]);
    const pause = row ? pauseOfRow(row) : null;
    const ordered = [...limits.rows].sort(
      (a, b) => LIMIT_KINDS.indexOf(a.kind) - LIMIT_KINDS.indexOf(b.kind) || LIMIT_PERIODS.indexOf(a.period) - LIMIT_PERIODS.indexOf(b.period),
    );
    return {
      limits: ordered.map((limit) => {
        const spent = used[limit.period];
        const counted = limit.kind === 'deposit' ? spent.deposited : limit.kind === 'wager' ? spent.staked : spent.staked - spent.returned;
        return {
          kind: limit.kind,
          period: limit.period,
          amount: formatMicro(BigInt(limit.amount)),
          used: formatMicro(counted > 0n ? counted : 0n),
          resetsAt: periodBounds(limit.period, now, settings.periodZone).resetsAt.toISOString(),
          pending: limit.pending_since
            ? {
                amount: limit.pending_removal ? null : formatMicro(BigInt(limit.pending_amount!)),
                readyAt: new Date(limit.pending_since.getTime() + settings.coolingOffHours * 3_600_000).toISOString(),
              }
            : null,
        };
      }),
      realityCheckMinutes: (row?.reality_check_minutes ?? settings.realityCheckDefaultMinutes) as ProtectionState['realityCheckMinutes'],
      pause:
        pause && pauseInForce(pause, now, settings)
          ? {
              kind: pause.kind,
              since: pause.since.toISOString(),
              until: pause.kind === 'time_out' ? pause.until!.toISOString() : pause.until ? pause.until.toISOString() : null,
              returnRequestedAt: pause.returnRequestedAt?.toISOString() ?? null,
              endsAt: pauseEndsAt(pause, settings)?.toISOString() ?? null,
            }
          : null,
      held: held.map((h) => ({ currency: h.currency, amount: formatMicro(h.amount) })),
      limitOfferAnswered: { registration: row?.offer_registration_answered ?? false, firstDeposit: row?.offer_first_deposit_answered ?? false },
    };
  }

  /** A new or lower limit applies at once; a higher one, or `amount` null (removal), waits for the cooling-off and a confirmation. */
  async setLimit(playerId: number, kind: LimitKind, period: LimitPeriod, amount: bigint | null): Promise<ProtectionState> {
    await this.change(playerId, async (trx) => {
      const existing = await this.limitRow(trx, playerId, kind, period);
      if (amount === null) {
        if (!existing) return null;
        await sql`update protection_limits set pending_amount = null, pending_removal = true, pending_since = now(), updated_at = now()
                  where player_id = ${playerId} and kind = ${kind} and period = ${period}`.execute(trx);
        return { action: 'limit_removal_asked', detail: { kind, period, amount: formatMicro(BigInt(existing.amount)) } };
      }
      if (!existing || amount <= BigInt(existing.amount)) {
        await this.startTracking(trx, playerId);
        await sql`
          insert into protection_limits (player_id, kind, period, amount) values (${playerId}, ${kind}, ${period}, ${amount})
          on conflict (player_id, kind, period) do update
            set amount = excluded.amount, pending_amount = null, pending_removal = false, pending_since = null, updated_at = now()`.execute(trx);
        return {
          action: existing ? 'limit_lowered' : 'limit_set',
          detail: { kind, period, amount: formatMicro(amount), before: existing ? formatMicro(BigInt(existing.amount)) : null },
        };
      }
      await sql`update protection_limits set pending_amount = ${amount}, pending_removal = false, pending_since = now(), updated_at = now()
                where player_id = ${playerId} and kind = ${kind} and period = ${period}`.execute(trx);
      return { action: 'limit_raise_asked', detail: { kind, period, amount: formatMicro(amount), before: formatMicro(BigInt(existing.amount)) } };
    });
    return this.state(playerId);
  }

  /** Applies a raise or removal once its cooling-off has passed (10067 before it). */
  async confirmLimit(playerId: number, kind: LimitKind, period: LimitPeriod): Promise<ProtectionState> {
    await this.change(playerId, async (trx) => {
      const existing = await this.limitRow(trx, playerId, kind, period);
      if (!existing?.pending_since) throw fail('NO_PLAYER_DATA', 'no raise or removal is waiting');
      const readyAt = new Date(existing.pending_since.getTime() + this.settings.current().coolingOffHours * 3_600_000);
      if (this.gate.now() < readyAt) {
        throw fail(
          'LIMIT_COOLING_OFF',
          `ready at ${readyAt.toISOString()}`,
          { readyAt: `${readyAt.toISOString().replace('T', ' ').slice(0, 16)} UTC` },
          { readyAt: readyAt.toISOString() },
        );
      }
      if (existing.pending_removal) {
        await sql`delete from protection_limits where player_id = ${playerId} and kind = ${kind} and period = ${period}`.execute(trx);
        return { action: 'limit_removed', detail: { kind, period, before: formatMicro(BigInt(existing.amount)) } };
      }
      await sql`update protection_limits set amount = pending_amount, pending_amount = null, pending_since = null, updated_at = now()
                where player_id = ${playerId} and kind = ${kind} and period = ${period}`.execute(trx);
      return {
        action: 'limit_raised',
        detail: { kind, period, amount: formatMicro(BigInt(existing.pending_amount!)), before: formatMicro(BigInt(existing.amount)) },
      };
    });
    return this.state(playerId);
  }

  async cancelLimitChange(playerId: number, kind: LimitKind, period: LimitPeriod): Promise<ProtectionState> {
    await this.change(playerId, async (trx) => {
      const existing = await this.limitRow(trx, playerId, kind, period);
      if (!existing?.pending_since) return null;
      await sql`update protection_limits set pending_amount = null, pending_removal = false, pending_since = null, updated_at = now()
                where player_id = ${playerId} and kind = ${kind} and period = ${period}`.execute(trx);
      return { action: 'limit_change_withdrawn', detail: { kind, period } };
    });
    return this.state(playerId);
  }

  async answerOffer(playerId: number, moment: 'registration' | 'firstDeposit'): Promise<ProtectionState> {
    await this.ensureRow(this.db, playerId);
    const column = moment === 'registration' ? sql`offer_registration_answered` : sql`offer_first_deposit_answered`;
    await sql`update player_protection set ${column} = true, updated_at = now() where player_id = ${playerId}`.execute(this.db);
    return this.state(playerId);
  }

  async setRealityCheck(playerId: number, minutes: number): Promise<ProtectionState> {
    await this.change(playerId, async (trx) => {
      await sql`update player_protection set reality_check_minutes = ${minutes}, updated_at = now() where player_id = ${playerId}`.execute(trx);
      return { action: 'reality_check_set', detail: { minutes } };
    });
    return this.state(playerId);
  }

  /** The session so far, for the reality check: since the session's sign-in, its minutes and the net of its play. */
  async realityCheck(playerId: number, sessionId: bigint): Promise<CallResponse<typeof protectionCalls.protectionRealityCheck>> {
    const { rows } = await sql<{ created_at: Date }>`select created_at from player_sessions where id = ${sessionId} and player_id = ${playerId}`.execute(
      this.db,
    );
    const startedAt = rows[0]?.created_at ?? this.gate.now();
    const [net, state] = await Promise.all([playNetSince(this.db, playerId, startedAt), this.row(this.db, playerId)]);
    return {
      sessionStartedAt: startedAt.toISOString(),
      elapsedMinutes: Math.max(0, Math.floor((this.gate.now().getTime() - startedAt.getTime()) / 60_000)),
      net: (['USDT', 'TRX'] as const).map((currency) => ({ currency, amount: formatMicro(net[currency]) })),
      intervalMinutes: (state?.reality_check_minutes ?? this.settings.current().realityCheckDefaultMinutes) as 0 | 15 | 30 | 60,
    };
  }

  /** A time-out of `days`, at once; while one runs it cannot be shortened, and a longer one may replace it. */
  async timeOut(playerId: number, days: number): Promise<ProtectionState> {
    const until = new Date(this.gate.now().getTime() + days * 86_400_000);
    await this.pause(playerId, 'time_out', until, { days });
    return this.state(playerId);
  }

  async selfExclude(playerId: number, period: SelfExclusionPeriod, password: string): Promise<ProtectionState> {
    const { rows } = await sql<{ password_hash: string }>`select password_hash from players where id = ${playerId}`.execute(this.db);
    if (!rows[0] || !(await verify(rows[0].password_hash, password))) throw fail('LOGIN_PASSWORD_WRONG');
    const now = this.gate.now();
    const until = period === 'indefinite' ? null : monthsLater(now, SELF_EXCLUSION_MONTHS[period]);
    await this.pause(playerId, 'self_exclusion', until, { period });
    return this.state(playerId);
  }

  /** After a self-exclusion's period: the player asks to come back; it ends after the return cooling-off. */
  async requestReturn(playerId: number): Promise<ProtectionState> {
    await this.change(playerId, async (trx) => {
      const row = await this.row(trx, playerId, true);
      const pause = row ? pauseOfRow(row) : null;
      if (!pause || pause.kind !== 'self_exclusion' || !pauseInForce(pause, this.gate.now(), this.settings.current())) {
        throw fail('NO_PLAYER_DATA', 'no self-exclusion is running');
      }
      if (pause.returnRequestedAt) return null;
      const periodEnd = selfExclusionPeriodEnd(pause);
      if (this.gate.now() < periodEnd)
        throw fail('PLAY_PAUSED', 'the self-exclusion period is not over', undefined, { kind: pause.kind, until: periodEnd.toISOString() });
      await sql`update player_protection set return_requested_at = now(), updated_at = now() where player_id = ${playerId}`.execute(trx);
      return { action: 'return_asked', detail: {} };
    });
    return this.state(playerId);
  }

  private async pause(playerId: number, kind: PauseKindColumn, until: Date | null, detail: Record<string, unknown>): Promise<void> {
    await this.change(playerId, async (trx) => {
      const row = await this.row(trx, playerId, true);
      const current = row ? pauseOfRow(row) : null;
      const now = this.gate.now();
      if (current && pauseInForce(current, now, this.settings.current())) {
        // Never shortened: a pause may only be replaced by one that ends later, and a self-exclusion
        // outranks any time-out (while a self-exclusion replaces a time-out whatever its length).
        const lengthens = current.until !== null && (until === null || until > current.until);
        const allowed = kind === 'self_exclusion' ? current.kind === 'time_out' || lengthens : current.kind === 'time_out' && lengthens;
        if (!allowed)
          throw fail('PLAY_PAUSED', `a longer ${current.kind} is running`, undefined, { kind: current.kind, until: current.until?.toISOString() ?? null });
      }
      await sql`update player_protection set pause_kind = ${kind}, pause_since = now(), pause_until = ${until}, return_requested_at = null, updated_at = now()
                where player_id = ${playerId}`.execute(trx);
      await this.flagLinkedAccounts(trx, playerId, kind);
      return { action: kind === 'time_out' ? 'time_out_taken' : 'self_excluded', detail: { ...detail, until: until?.toISOString() ?? null } };
    });
    await this.enders.stopAutoBets(playerId);
  }

  /**
   * PROTECTION.md: an account linked by address, device or wallet to a self-excluded player is flagged
   * for review. Linked: a sign-in from the same address (loopback and private test addresses aside)
   * or the same device, the same withdrawal address, the same bound bet address. Run at the
   * exclusion and again by `flagLinksOfExcluded` for accounts that appear later; a flag is made once.
   */
  private async flagLinkedAccounts(trx: Db, playerId: number, kind: PauseKindColumn): Promise<void> {
    if (kind !== 'self_exclusion') return;
    await flagLinks(trx, sql`select ${playerId}::int as excluded_id`);
  }

  /** Flags accounts linked to any player self-excluded now; returns how many new flags there are. */
  async flagLinksOfExcluded(): Promise<number> {
    return flagLinks(this.db, sql`select player_id as excluded_id from player_protection where pause_kind = 'self_exclusion'`);
  }

  /** Runs a change with the player's protection row locked, records it, and tells every instance. */
  private async change(playerId: number, apply: (trx: Db) => Promise<{ action: string; detail: Record<string, unknown> } | null>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.ensureRow(trx, playerId);
      await sql`select 1 from player_protection where player_id = ${playerId} for update`.execute(trx);
      const record = await apply(trx);
      if (record) await recordHistory(trx, playerId, record.action, record.detail, 'player');
    });
    await this.gate.changed(playerId);
  }

  private async ensureRow(db: Db, playerId: number): Promise<void> {
    const { rows } = await sql<{ id: number }>`select id from players where id = ${playerId}`.execute(db);
    if (!rows[0]) throw fail('PLAYER_MISSING');
    await sql`insert into player_protection (player_id) values (${playerId}) on conflict do nothing`.execute(db);
  }

  /**
   * From the first limit on, the player's play is counted; what they staked (settled or not), got
   * back and deposited earlier this month and week is counted too, from their wallet's entries and
   * their transfer bets, so a limit set after a loss sees that loss.
   */
  private async startTracking(trx: Db, playerId: number): Promise<void> {
    const { rows } = await sql<{ tracks_spend: boolean }>`select tracks_spend from player_protection where player_id = ${playerId}`.execute(trx);
    if (rows[0]?.tracks_spend) return;
    const now = this.gate.now();
    const zone = this.settings.current().periodZone;
    const since = new Date(Math.min(periodBounds('month', now, zone).start.getTime(), periodBounds('week', now, zone).start.getTime()));
    const wallet = await playAndDepositsSince(trx, playerId, since);
    const transfers = await sql<{ hour: Date; currency: 'USDT' | 'TRX'; staked: string; returned: string }>`
      select date_trunc('hour', created_at) as hour, currency, sum(amount)::text as staked, coalesce(sum(payout), 0)::text as returned
      from hash_bets where player_id = ${playerId} and source = 'transfer' and created_at >= ${since}
      group by 1, 2`.execute(trx);
    const rowsToSeed = [
      ...wallet,
      ...transfers.rows.map((row) => ({ hour: row.hour, currency: row.currency, staked: BigInt(row.staked), returned: BigInt(row.returned), deposited: 0n })),
    ];
    for (const row of rowsToSeed) {
      await sql`
        insert into protection_spend as s (player_id, hour, staked, returned, deposited)
        values (${playerId}, ${hourOf(row.hour)}, ${this.gate.usdtOf(row.currency, row.staked)}, ${this.gate.usdtOf(row.currency, row.returned)}, ${this.gate.usdtOf(row.currency, row.deposited)})
        on conflict (player_id, hour) do update
          set staked = s.staked + excluded.staked, returned = s.returned + excluded.returned, deposited = s.deposited + excluded.deposited`.execute(trx);
    }
    await sql`update player_protection set tracks_spend = true where player_id = ${playerId}`.execute(trx);
  }

  private async row(db: Db, playerId: number, forUpdate = false): Promise<ProtectionRow | undefined> {
    const { rows } = await sql<ProtectionRow>`
      select reality_check_minutes, pause_kind, pause_since, pause_until, return_requested_at, tracks_spend,
             offer_registration_answered, offer_first_deposit_answered
      from player_protection where player_id = ${playerId} ${forUpdate ? sql`for update` : sql``}`.execute(db);
    return rows[0];
  }

  private async limitRow(db: Db, playerId: number, kind: LimitKind, period: LimitPeriod): Promise<LimitRow | undefined> {
    const { rows } = await sql<LimitRow>`
      select ${LIMIT_COLUMNS} from protection_limits where player_id = ${playerId} and kind = ${kind} and period = ${period} for update`.execute(db);
    return rows[0];
  }
}

/** Inserts the flags of every link of the excluded players `excluded` selects (a column `excluded_id`). */
async function flagLinks(db: Db, excluded: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    with excluded as (${excluded}),
    links as (
      select s2.player_id, x.excluded_id, 'address' as link, s2.login_ip as detail
      from excluded x
      join player_sessions s1 on s1.player_id = x.excluded_id
      join player_sessions s2 on s2.login_ip = s1.login_ip and s2.player_id <> s1.player_id
      where s1.login_ip not in ('127.0.0.1', '::1', '::ffff:127.0.0.1')
      union
      select s2.player_id, x.excluded_id, 'device', s2.device_code
      from excluded x
      join player_sessions s1 on s1.player_id = x.excluded_id and s1.device_code is not null
      join player_sessions s2 on s2.device_code = s1.device_code and s2.player_id <> s1.player_id
      union
      select b.player_id, x.excluded_id, 'wallet', b.address
      from excluded x
      join cashout_addresses a on a.player_id = x.excluded_id
      join cashout_addresses b on b.address = a.address and b.player_id <> a.player_id
      union
      select b.player_id, x.excluded_id, 'wallet', b.address
      from excluded x
      join bet_addresses a on a.player_id = x.excluded_id
      join bet_addresses b on b.address = a.address and b.player_id <> a.player_id
    ),
    inserted as (
      insert into protection_links (player_id, excluded_player_id, link, detail)
      select player_id, excluded_id, link, detail from links
      on conflict do nothing
      returning 1
    )
    select count(*)::text as n from inserted`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

function pauseOfRow(row: ProtectionRow): Pause | null {
  if (!row.pause_kind || !row.pause_since) return null;
  return { kind: row.pause_kind, since: row.pause_since, until: row.pause_until, returnRequestedAt: row.return_requested_at };
}
