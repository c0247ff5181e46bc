import { ErrorCode, formatMicro, LIMIT_PERIODS, type LimitKind, type LimitPeriod } from '@lobby/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError, fail } from '../../http/app-error.ts';
import type { TrxPerUsdt } from '../turnover/turnover.repo.ts';
import { hourOf, monthsLater, periodBounds } from './periods.ts';
import type { ProtectionSettings, ProtectionSettingsValue } from './protection-settings.ts';
import type { PauseKindColumn } from './tables.ts';

export interface Pause {
  kind: PauseKindColumn;
  since: Date;
  /** Null: an indefinite self-exclusion. */
  until: Date | null;
  returnRequestedAt: Date | null;
}

export interface LimitInForce {
  kind: LimitKind;
  period: LimitPeriod;
  amount: bigint;
}

/**
 * What an instance keeps of a player who chose a limit or a pause; players absent from the map play
 * unchecked. Limits are not kept: they are read under the lock of the judgement that needs them.
 */
export interface Guard {
  pause: Pause | null;
  /** Their stakes, returns and deposits are counted (they set a limit once). */
  tracks: boolean;
}

/** The shortest self-exclusion; an indefinite one may be ended (on request) after it. */
export const SELF_EXCLUSION_MIN_MONTHS = 6;

/** When a self-exclusion's own period is over (the player may then ask to come back). */
export function selfExclusionPeriodEnd(pause: Pause): Date {
  return pause.until ?? monthsLater(pause.since, SELF_EXCLUSION_MIN_MONTHS);
}

/**
 * When a pause ends, as far as is known now: a time-out at its end; a self-exclusion only once its
 * period is over and the player asked to come back, `returnCoolingOffDays` after asking (never
 * before the period's end). Null: not known yet (no request).
 */
export function pauseEndsAt(pause: Pause, settings: Pick<ProtectionSettingsValue, 'returnCoolingOffDays'>): Date | null {
  if (pause.kind === 'time_out') return pause.until;
  if (!pause.returnRequestedAt) return null;
  const afterRequest = new Date(pause.returnRequestedAt.getTime() + settings.returnCoolingOffDays * 86_400_000);
  const periodEnd = selfExclusionPeriodEnd(pause);
  return afterRequest > periodEnd ? afterRequest : periodEnd;
}

export function pauseInForce(pause: Pause | null, now: Date, settings: Pick<ProtectionSettingsValue, 'returnCoolingOffDays'>): boolean {
  if (!pause) return false;
  const ends = pauseEndsAt(pause, settings);
  return ends === null || now < ends;
}

/** What a staked amount was recorded as, to take back if the stake is refused after all. */
export interface StakeAdmission {
  release(): Promise<void>;
}

interface GuardRow {
  player_id: number;
  pause_kind: PauseKindColumn | null;
  pause_since: Date | null;
  pause_until: Date | null;
  return_requested_at: Date | null;
  tracks_spend: boolean;
}

/**
 * The one check every path that stakes money makes (PROTECTION.md): page bets, auto-bets, transfer
 * bets, the third-party wallet, bonus claims and credits. Players who never chose a limit or pause
 * cost a map lookup. For the others: a time-out or self-exclusion refuses at once (10062); a loss or
 * wager limit is judged under a lock on the player's protection row, in the caller's transaction or
 * its own, and the stake is counted in the same transaction, so parallel bets on any instance pass
 * exactly as many as the limit allows (10061).
 *
 * Every instance keeps a copy of the guarded players, reloaded for one player when any instance
 * announces `protection.changed`, and wholly every `fullReloadMs` as a backstop.
 */
export class ProtectionGate {
  private guards = new Map<number, Guard>();
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly settings: ProtectionSettings,
    private readonly trxPerUsdt: () => TrxPerUsdt,
    private readonly bus?: EventBus,
    private readonly options: { fullReloadMs?: number; now?: () => Date } = {},
  ) {}

  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async start(): Promise<void> {
    this.unsubscribe ??= this.bus?.subscribe('protection.changed', ({ playerId }) => this.reload(playerId));
    await this.reloadAll();
    const every = this.options.fullReloadMs ?? 30_000;
    if (every > 0) {
      this.timer = setInterval(() => void this.reloadAll().catch(() => undefined), every);
      this.timer.unref();
    }
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.timer) clearInterval(this.timer);
  }

  guardOf(playerId: number): Guard | undefined {
    return this.guards.get(playerId);
  }

  /** This instance reloads the player, and every other instance is told to. */
  async changed(playerId: number): Promise<void> {
    await this.reload(playerId);
    await this.bus?.publish('protection.changed', { playerId });
  }

  async reload(playerId: number): Promise<void> {
    const rows = await this.loadRows(playerId);
    const guard = rows.get(playerId);
    if (guard) this.guards.set(playerId, guard);
    else this.guards.delete(playerId);
  }

  private async reloadAll(): Promise<void> {
    this.guards = await this.loadRows();
  }

  private async loadRows(playerId?: number): Promise<Map<number, Guard>> {
    const only = playerId === undefined ? sql`` : sql`and p.player_id = ${playerId}`;
    const { rows } = await sql<GuardRow>`
      select p.player_id, p.pause_kind, p.pause_since, p.pause_until, p.return_requested_at, p.tracks_spend
      from player_protection p
      where (p.pause_kind is not null or p.tracks_spend) ${only}`.execute(this.db);
    const guards = new Map<number, Guard>();
    for (const row of rows) guards.set(row.player_id, { pause: pauseOf(row), tracks: row.tracks_spend });
    return guards;
  }

  /** Refuses (10062) while a time-out or self-exclusion runs: bets, game entry, bonus claims and credits. */
  assertMayPlay(playerId: number): void {
    const pause = this.guards.get(playerId)?.pause ?? null;
    if (pauseInForce(pause, this.now(), this.settings.current())) throw pausedError(pause!, this.settings.current());
  }

  /** Whether a time-out or self-exclusion runs now (for paths that skip rather than refuse, e.g. marketing mail). */
  isPaused(playerId: number): boolean {
    return pauseInForce(this.guards.get(playerId)?.pause ?? null, this.now(), this.settings.current());
  }

  usdtOf(currency: 'USDT' | 'TRX', amount: bigint): bigint {
    if (currency === 'USDT') return amount;
    const rate = this.trxPerUsdt();
    return (amount * rate.den) / rate.num;
  }

  /**
   * Admits a stake of `amount` or refuses it (10062, 10061), counting it for a tracked player. With
   * `trx`, the count commits or rolls back with the caller's transaction and nothing is returned to
   * release; alone, the count commits now and the admission releases it if the stake is then refused.
   */
  async admitStake(playerId: number, currency: 'USDT' | 'TRX', amount: bigint, trx?: Db): Promise<StakeAdmission | null> {
    const guard = this.guards.get(playerId);
    if (!guard) return null;
    this.assertMayPlay(playerId);
    if (!guard.tracks) return null;
    const usdt = this.usdtOf(currency, amount);
    const now = this.now();
    const hour = hourOf(now);
    const judge = async (db: Db) => {
      const state = await lockState(db, playerId);
      if (pauseInForce(state.pause, now, this.settings.current())) throw pausedError(state.pause!, this.settings.current());
      const stakeLimits = state.limits.filter((l) => l.kind !== 'deposit');
      if (stakeLimits.length > 0) {
        const used = await this.used(db, playerId, now);
        for (const limit of stakeLimits) {
          const sofar = limit.kind === 'wager' ? used[limit.period].staked : used[limit.period].staked - used[limit.period].returned;
          if (sofar + usdt > limit.amount) throw this.limitError(limit, now);
        }
      }
      await sql`
        insert into protection_spend as s (player_id, hour, staked) values (${playerId}, ${hour}, ${usdt})
        on conflict (player_id, hour) do update set staked = s.staked + excluded.staked`.execute(db);
    };
    if (trx) {
      await judge(trx);
      return null;
    }
    await this.db.transaction().execute(judge);
    return {
      release: async () => {
        await sql`update protection_spend set staked = staked - ${usdt} where player_id = ${playerId} and hour = ${hour}`.execute(this.db);
      },
    };
  }

  /**
   * How much of a deposit of `amount` may be credited now under the player's deposit limits (the rest
   * is held), counting what is credited, in the caller's transaction.
   */
  async admitDeposit(playerId: number, currency: 'USDT' | 'TRX', amount: bigint, trx: Db): Promise<bigint> {
    const guard = this.guards.get(playerId);
    if (!guard?.tracks) return amount;
    const now = this.now();
    const state = await lockState(trx, playerId);
    const depositLimits = state.limits.filter((l) => l.kind === 'deposit');
    let allowedUsdt = this.usdtOf(currency, amount);
    if (depositLimits.length > 0) {
      const used = await this.used(trx, playerId, now);
      for (const limit of depositLimits) {
        const room = limit.amount - used[limit.period].deposited;
        if (room < allowedUsdt) allowedUsdt = room > 0n ? room : 0n;
      }
    }
    const credited = allowedUsdt >= this.usdtOf(currency, amount) ? amount : this.fromUsdt(currency, allowedUsdt);
    const countedUsdt = this.usdtOf(currency, credited);
    if (countedUsdt > 0n) {
      await sql`
        insert into protection_spend as s (player_id, hour, deposited) values (${playerId}, ${hourOf(now)}, ${countedUsdt})
        on conflict (player_id, hour) do update set deposited = s.deposited + excluded.deposited`.execute(trx);
    }
    return credited;
  }

  private fromUsdt(currency: 'USDT' | 'TRX', usdt: bigint): bigint {
    if (currency === 'USDT') return usdt;
    const rate = this.trxPerUsdt();
    return (usdt * rate.num) / rate.den;
  }

  /** What the player staked, got back and deposited in each period holding `now`. */
  async used(db: Db, playerId: number, now: Date): Promise<Record<LimitPeriod, { staked: bigint; returned: bigint; deposited: bigint }>> {
    const zone = this.settings.current().periodZone;
    const starts = Object.fromEntries(LIMIT_PERIODS.map((p) => [p, periodBounds(p, now, zone).start])) as Record<LimitPeriod, Date>;
    const earliest = new Date(Math.min(...Object.values(starts).map((d) => d.getTime())));
    const { rows } = await sql<Record<string, string>>`
      select
        coalesce(sum(staked) filter (where hour >= ${starts.day}), 0)::text as day_staked,
        coalesce(sum(returned) filter (where hour >= ${starts.day}), 0)::text as day_returned,
        coalesce(sum(deposited) filter (where hour >= ${starts.day}), 0)::text as day_deposited,
        coalesce(sum(staked) filter (where hour >= ${starts.week}), 0)::text as week_staked,
        coalesce(sum(returned) filter (where hour >= ${starts.week}), 0)::text as week_returned,
        coalesce(sum(deposited) filter (where hour >= ${starts.week}), 0)::text as week_deposited,
        coalesce(sum(staked) filter (where hour >= ${starts.month}), 0)::text as month_staked,
        coalesce(sum(returned) filter (where hour >= ${starts.month}), 0)::text as month_returned,
        coalesce(sum(deposited) filter (where hour >= ${starts.month}), 0)::text as month_deposited
      from protection_spend where player_id = ${playerId} and hour >= ${earliest}`.execute(db);
    const row = rows[0] ?? {};
    const of = (period: LimitPeriod) => ({
      staked: BigInt(row[`${period}_staked`] ?? '0'),
      returned: BigInt(row[`${period}_returned`] ?? '0'),
      deposited: BigInt(row[`${period}_deposited`] ?? '0'),
    });
    return { day: of('day'), week: of('week'), month: of('month') };
  }

  limitError(limit: LimitInForce, now: Date): AppError {
    const zone = this.settings.current().periodZone;
    const resetsAt = periodBounds(limit.period, now, zone).resetsAt;
    return fail(
      'LIMIT_REACHED',
      `${limit.period} ${limit.kind} limit`,
      { amount: formatMicro(limit.amount), resetsAt: localTime(resetsAt, zone) },
      { kind: limit.kind, period: limit.period, amount: formatMicro(limit.amount), resetsAt: resetsAt.toISOString() },
    );
  }
}

/** The player's pause and limits, their protection row locked: every judgement of one player waits for the one before. */
async function lockState(db: Db, playerId: number): Promise<{ pause: Pause | null; limits: LimitInForce[] }> {
  const { rows } = await sql<GuardRow>`
    select player_id, pause_kind, pause_since, pause_until, return_requested_at, tracks_spend
    from player_protection where player_id = ${playerId} for update`.execute(db);
  const limits = await sql<{ kind: LimitKind; period: LimitPeriod; amount: string }>`
    select kind, period, amount from protection_limits where player_id = ${playerId}`.execute(db);
  return { pause: rows[0] ? pauseOf(rows[0]) : null, limits: limits.rows.map((l) => ({ kind: l.kind, period: l.period, amount: BigInt(l.amount) })) };
}

function pauseOf(row: GuardRow): Pause | null {
  if (!row.pause_kind || !row.pause_since) return null;
  return { kind: row.pause_kind, since: row.pause_since, until: row.pause_until, returnRequestedAt: row.return_requested_at };
}

export function pausedError(pause: Pause, settings: Pick<ProtectionSettingsValue, 'returnCoolingOffDays'>): AppError {
  const until = pauseEndsAt(pause, settings);
  return fail('PLAY_PAUSED', pause.kind, undefined, { kind: pause.kind, until: until?.toISOString() ?? null });
}

/** 'YYYY-MM-DD HH:mm' in the operator's zone, with the zone named: the reset time inside a message. */
function localTime(at: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (${zone})`;
}

export function isProtectionRefusal(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === ErrorCode.LIMIT_REACHED || error.code === ErrorCode.PLAY_PAUSED);
}
