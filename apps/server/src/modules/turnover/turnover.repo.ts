import { sql, type RawBuilder } from 'kysely';
import { HOT_STATEMENT, type Db } from '../../db/database.ts';

/** A positive rational, TRX per USDT, so conversions stay in integer arithmetic. */
export interface TrxPerUsdt {
  num: bigint;
  den: bigint;
}

/** What recording turnover needs from the operator's settings, read once per round. */
export interface TurnoverTerms {
  /** XP (USDT micro-units) needed for each level, index = level; [0] is 0. */
  thresholds: readonly bigint[];
  /** Rebate per valid micro-unit, in parts per million, per (level, game type); absent = none. */
  rebatePpm: readonly { level: number; gameType: number; ppm: number }[];
  trxPerUsdt: TrxPerUsdt;
  /** Referral commission per valid micro-unit, in parts per million, per (level 1-3, game type); absent = ECONOMY.md's rates. */
  referralPpm?: readonly { level: number; gameType: number; ppm: number }[];
}

/** ECONOMY.md "Referral": level 1 0.30 %, level 2 0.10 %, level 3 0.05 % of valid turnover, on every game type. */
export const DEFAULT_REFERRAL_PPM: Record<1 | 2 | 3, number> = { 1: 3_000, 2: 1_000, 3: 500 };

/** The referral rates in force: the terms' own, else the defaults for every game type below RATE_STRIDE. */
export function referralRatesOf(terms: Pick<TurnoverTerms, 'referralPpm'>): { level: number; gameType: number; ppm: number }[] {
  if (terms.referralPpm) return [...terms.referralPpm];
  const rates: { level: number; gameType: number; ppm: number }[] = [];
  for (const level of [1, 2, 3] as const)
    for (let gameType = 1; gameType < RATE_STRIDE; gameType++) rates.push({ level, gameType, ppm: DEFAULT_REFERRAL_PPM[level] });
  return rates;
}

export interface TurnoverOptions {
  /** The Asia/Shanghai month ('YYYY-MM') the recording falls in. */
  month: string;
  /** The caller guarantees the rounds were never recorded (a hash block is claimed once): no conflict check. */
  once?: boolean;
  /** The Asia/Shanghai day ('YYYY-MM-DD') the daily report and commission rows take; today when absent. */
  day?: string;
  /** `turnover_input` has a `bets` column (bets in the round); otherwise each input row is one bet. */
  withBetCount?: boolean;
  /** With `once`: `turnover_input` holds at most one row per (player, game type, currency), so the daily sums need no grouping. */
  distinct?: boolean;
}

const SHANGHAI_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' });

const SHANGHAI_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });

/** 'YYYY-MM-DD' of an instant in Asia/Shanghai, where report and performance days run. */
export function shanghaiDay(at: Date = new Date()): string {
  const parts = Object.fromEntries(SHANGHAI_DAY.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** 'YYYY-MM' of an instant in Asia/Shanghai, where VIP months run. */
export function shanghaiMonth(at: Date = new Date()): string {
  const parts = Object.fromEntries(SHANGHAI_MONTH.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}`;
}

/** The month before a 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

/** What a game module asks of VIP when its rounds settle: the terms to record under, and whom to tell of a level-up. */
export interface TurnoverHooks {
  terms(): TurnoverTerms;
  levelsReached(levelUps: readonly LevelUp[]): Promise<void>;
}

/** A round's totals of one player in one currency, as recorded. */
export interface RoundTotals {
  playerId: number;
  roundKey: string;
  gameType: number;
  currency: 'USDT' | 'TRX';
  stake: bigint;
  payout: bigint;
  /** Bets the round holds, for reports; 1 when absent. */
  bets?: number;
}

/** A player whose VIP level rose in a recording: from `from` to `to`. */
export interface LevelUp {
  playerId: number;
  from: number;
  to: number;
  xp: bigint;
}

/** Rebate rates are looked up at level × RATE_STRIDE + game type. */
const RATE_STRIDE = 16;

export const valid = (stake: bigint, payout: bigint) => {
  const diff = payout > stake ? payout - stake : stake - payout;
  return diff < stake ? diff : stake;
};

/**
 * The common tail of every turnover recording, as CTEs over a CTE named `turnover_input`
 * (player_id, round_key, game_type, currency, stake, payout), all in the caller's one statement:
 * - `turnover_rec`: the records (`valid = min(stake, |payout - stake|)`, its USDT equivalent),
 *   skipping experience accounts and rounds already recorded;
 * - `turnover_vip`: XP += the USDT equivalent, level = the highest threshold reached, never lower;
 * - rebate accrual: `floor(valid × rate[level held before the round][game type] / 10^6)` per record;
 * - outstanding wagering lowered by the valid turnover, never below 0;
 * - `turnover_level_ups` (player_id, from_level, to_level, xp): players whose level rose; their
 *   `players.vip_level` (the profile badge) follows; `player_vip.last_played_on` the UTC day;
 * - the operators' figures of the day: bets, stakes and payouts per currency and game type;
 * - the day's report row per (player, game type, currency): bets, stakes, valid turnover, payouts
 *   (experience accounts' bets too, with no valid turnover);
 * - referral commission: each of the player's up to 3 ancestors earns `valid × rate[level][game type]`,
 *   kept exact in micro-units × 10^6, one row per (ancestor, day, level, game type, currency); the
 *   commission of a pair held for self-referral review accrues per pair in `referral_held` instead.
 */
export function turnoverCtes(terms: TurnoverTerms, options: TurnoverOptions): RawBuilder<unknown> {
  const thresholds = terms.thresholds.map(String);
  // The level is the number of thresholds reached, less one. On rising thresholds (as the economy
  // settings require) that count is width_bucket's binary search, a function call per row rather
  // than a subquery unnesting the array.
  const rising = terms.thresholds.every((threshold, level) => level === 0 || terms.thresholds[level - 1]! <= threshold);
  const levelFor = (xp: RawBuilder<unknown>) =>
    rising
      ? sql`(width_bucket(${xp}, ${thresholds}::int8[]) - 1)::int2`
      : sql`(select (count(*) - 1)::int2 from unnest(${thresholds}::int8[]) as t(threshold) where t.threshold <= ${xp})`;
  // Rates as one array indexed by level × 16 + game type (game types are below 16): a lookup per
  // record instead of a join.
  const ppm: string[] = new Array(terms.thresholds.length * RATE_STRIDE).fill('0');
  for (const rate of terms.rebatePpm)
    if (rate.level < terms.thresholds.length && rate.gameType < RATE_STRIDE) ppm[rate.level * RATE_STRIDE + rate.gameType] = String(rate.ppm);
  const referralPpm: string[] = new Array(4 * RATE_STRIDE).fill('0');
  for (const rate of referralRatesOf(terms))
    if (rate.level >= 1 && rate.level <= 3 && rate.gameType >= 0 && rate.gameType < RATE_STRIDE)
      referralPpm[rate.level * RATE_STRIDE + rate.gameType] = String(rate.ppm);
  const day = options.day ?? shanghaiDay();
  return sql`
    turnover_calc as (
      select i.player_id, i.round_key, i.game_type, i.currency, i.stake, i.payout, v.valid,
             case when i.currency = 'USDT' then v.valid
                  else div(v.valid::numeric * ${terms.trxPerUsdt.den.toString()}::numeric, ${terms.trxPerUsdt.num.toString()}::numeric)::int8 end as usdt_equivalent,
             ${options.withBetCount ? sql`i.bets` : sql`1`}::int4 as bets,
             x.id is not null as experience
      from turnover_input i
      cross join lateral (select least(i.stake, abs(i.payout - i.stake))::int8 as valid) v
      left join players x on x.id = i.player_id and x.experience_type = 1
    ),
    turnover_rec as (
      insert into turnover_records (player_id, round_key, game_type, currency, stake, payout, valid, usdt_equivalent)
      select player_id, round_key, game_type, currency, stake, payout, valid, usdt_equivalent from turnover_calc where not experience
      ${options.once ? sql`` : sql`on conflict (player_id, round_key, currency) where round_key like 'tp:%' do nothing`}
      returning player_id, round_key, currency
    ),
    turnover_new as (
      ${
        options.once
          ? sql`select * from turnover_calc where not experience`
          : sql`select c.* from turnover_calc c join turnover_rec r on r.player_id = c.player_id and r.round_key = c.round_key and r.currency = c.currency`
      }
    ),
    -- Per (player, game type, currency): the day's report row, and the smaller input the per-player
    -- sums below read instead of every round.
    turnover_day_sums as (
      ${
        // Experience accounts earn no turnover but their bets belong in their reports.
        options.once && options.distinct
          ? sql`select player_id, game_type, currency, bets, stake, payout,
                   case when experience then 0 else valid end as valid,
                   case when experience then 0 else usdt_equivalent end as usdt_equivalent, experience
            from turnover_calc`
          : options.once
            ? sql`select player_id, game_type, currency, sum(bets)::int4 as bets, sum(stake)::int8 as stake, sum(payout)::int8 as payout,
                   sum(case when experience then 0 else valid end)::int8 as valid,
                   sum(case when experience then 0 else usdt_equivalent end)::int8 as usdt_equivalent, bool_or(experience) as experience
            from turnover_calc group by player_id, game_type, currency`
            : sql`select player_id, game_type, currency, sum(bets)::int4 as bets, sum(stake)::int8 as stake, sum(payout)::int8 as payout,
                   sum(valid)::int8 as valid, sum(usdt_equivalent)::int8 as usdt_equivalent, false as experience
            from turnover_new group by player_id, game_type, currency`
      }
    ),
    -- PROTECTION.md: what a player who set a limit got back counts against their loss limits (their
    -- stakes were counted when placed). A join with the few such players; everyone else costs nothing.
    protection_returned as (
      insert into protection_spend as ps (player_id, hour, returned)
      select d.player_id, date_trunc('hour', now()),
             sum(case when d.currency = 'USDT' then d.payout
                      else div(d.payout::numeric * ${terms.trxPerUsdt.den.toString()}::numeric, ${terms.trxPerUsdt.num.toString()}::numeric)::int8 end)::int8
      from turnover_day_sums d
      join player_protection pp on pp.player_id = d.player_id and pp.tracks_spend
      where d.payout > 0
      group by d.player_id
      on conflict (player_id, hour) do update set returned = ps.returned + excluded.returned
    ),
    turnover_xp as (
      select player_id, sum(usdt_equivalent)::int8 as xp from turnover_day_sums where not experience group by player_id
    ),
    turnover_before as (
      select x.player_id, coalesce(pv.vip_level, 0)::int2 as vip_level
      from turnover_xp x left join player_vip pv on pv.player_id = x.player_id
    ),
    turnover_vip as (
      insert into player_vip as pv (player_id, xp, vip_level, month, month_xp, last_played_on)
      select player_id, xp, ${levelFor(sql`turnover_xp.xp`)}, ${options.month}::text, xp, (now() at time zone 'UTC')::date from turnover_xp
      on conflict (player_id) do update
        set xp = pv.xp + excluded.xp,
            last_played_on = excluded.last_played_on,
            month = excluded.month,
            month_xp = case when pv.month = excluded.month then pv.month_xp + excluded.xp else excluded.xp end,
            prev_month = case when pv.month = excluded.month then pv.prev_month else pv.month end,
            prev_month_xp = case when pv.month = excluded.month then pv.prev_month_xp else pv.month_xp end,
            vip_level = greatest(pv.vip_level, ${levelFor(sql`pv.xp + excluded.xp`)}),
            level_reached_at = case when ${levelFor(sql`pv.xp + excluded.xp`)} > pv.vip_level then now() else pv.level_reached_at end,
            updated_at = now()
      returning player_id, vip_level, xp
    ),
    -- The writes below return nothing: PostgreSQL runs a data-modifying CTE whether or not it is read,
    -- and rows returned that nobody reads would only be buffered.
    turnover_rebate as (
      insert into rebate_accruals as ra (player_id, currency, game_type, accrued, total_accrued)
      select r.player_id, r.currency, r.game_type, r.amount, r.amount
      from (
        select n.player_id, n.currency, n.game_type,
               sum(n.valid * coalesce((${ppm}::int8[])[b.vip_level * ${RATE_STRIDE} + n.game_type + 1], 0) / 1000000)::int8 as amount
        from turnover_new n
        join turnover_before b on b.player_id = n.player_id
        group by n.player_id, n.currency, n.game_type
      ) r
      where r.amount > 0
      on conflict (player_id, currency, game_type) do update
        set accrued = ra.accrued + excluded.accrued, total_accrued = ra.total_accrued + excluded.total_accrued, updated_at = now()
    ),
    turnover_wagering as (
      update wagering w
      set outstanding = greatest(0, w.outstanding - s.valid), updated_at = now()
      from (select player_id, currency, sum(valid)::int8 as valid from turnover_day_sums group by player_id, currency) s
      where w.player_id = s.player_id and w.currency = s.currency and w.outstanding > 0 and s.valid > 0
    ),
    turnover_level_ups as (
      select v.player_id, b.vip_level as from_level, v.vip_level as to_level, v.xp
      from turnover_vip v join turnover_before b on b.player_id = v.player_id
      where v.vip_level > b.vip_level
    ),
    turnover_badge as (
      update players p set vip_level = u.to_level, updated_at = now()
      from turnover_level_ups u where p.id = u.player_id
    ),
    -- The operators' figures (modules/figures): the recording's bets, stakes and payouts of real
    -- accounts per currency and game type, folded into the day's row when the transaction commits.
    turnover_figures as (
      insert into ops_figures_pending (currency, game_type, bets, stake, payout)
      select currency, game_type, sum(bets), sum(stake), sum(payout) from turnover_day_sums where not experience
      group by currency, game_type
    ),
    turnover_daily as (
      insert into player_daily_bets as d (player_id, day, game_type, currency, bet_count, bet_amount, valid_amount, payout_amount)
      select player_id, ${day}::date, game_type, currency, bets, stake, valid, payout from turnover_day_sums
      on conflict (player_id, day, game_type, currency) do update
        set bet_count = d.bet_count + excluded.bet_count, bet_amount = d.bet_amount + excluded.bet_amount,
            valid_amount = d.valid_amount + excluded.valid_amount, payout_amount = d.payout_amount + excluded.payout_amount
    ),
    -- The valid turnover of invited players with each of their ancestors: one read of the tree for
    -- both commission writes below.
    turnover_ancestry as materialized (
      select a.ancestor_id, a.player_id, a.level, a.held, s.game_type, s.currency, s.valid
      from turnover_day_sums s
      join referral_ancestors a on a.player_id = s.player_id
      where s.valid > 0
    ),
    turnover_commission as (
      insert into referral_daily as rd (beneficiary_id, day, level, game_type, currency, valid_amount, commission_scaled)
      select a.ancestor_id, ${day}::date, a.level, a.game_type, a.currency, sum(a.valid)::int8,
             -- A held pair's turnover counts for the team; its commission goes to turnover_commission_held.
             sum(case when a.held then 0 else a.valid::numeric * coalesce((${referralPpm}::int8[])[a.level * ${RATE_STRIDE} + a.game_type + 1], 0) end)
      from turnover_ancestry a
      group by a.ancestor_id, a.level, a.game_type, a.currency
      -- In key order: recordings running together (a page round, transfer bets, third-party rounds of
      -- members with common ancestors) lock the ancestors' rows in one order.
      order by a.ancestor_id, a.currency, a.level, a.game_type
      on conflict (beneficiary_id, currency, day, level, game_type) do update
        set valid_amount = rd.valid_amount + excluded.valid_amount, commission_scaled = rd.commission_scaled + excluded.commission_scaled
    ),
    -- Commission of pairs under self-referral review (ECONOMY.md "Referral"), per pair, until an
    -- operator clears it.
    turnover_commission_held as (
      insert into referral_held as rh (ancestor_id, player_id, currency, day, level, game_type, commission_scaled)
      select a.ancestor_id, a.player_id, a.currency, ${day}::date, a.level, a.game_type,
             a.valid::numeric * coalesce((${referralPpm}::int8[])[a.level * ${RATE_STRIDE} + a.game_type + 1], 0)
      from turnover_ancestry a
      where a.held
      order by a.ancestor_id, a.player_id, a.currency, a.level, a.game_type
      on conflict (ancestor_id, player_id, currency, day, level, game_type) do update
        set commission_scaled = rh.commission_scaled + excluded.commission_scaled
    )`;
}

export type LevelUpRow = { player_id: number; from_level: number; to_level: number; xp: string };

/**
 * The turnover of closed third-party rounds as CTEs (`turnover_input` and `turnoverCtes`), read from
 * `rounds`: a relation of rounds with their totals (aggregator, player_id, round, game_type,
 * currency, bet_total, win_total, closed). Each is recorded under key `tp:<aggregator>:<round>`;
 * one not closed, without a stake, or seen before adds nothing.
 */
export function providerRoundTurnoverCtes(rounds: RawBuilder<unknown>, terms: TurnoverTerms): RawBuilder<unknown> {
  return sql`turnover_input as (
      select r.player_id, 'tp:' || r.aggregator || ':' || r.round as round_key, r.game_type, r.currency, r.bet_total as stake, r.win_total as payout
      from ${rounds} r
      where r.closed and r.bet_total > 0 and r.currency in ('USDT', 'TRX')
    ),
    ${turnoverCtes(terms, { month: shanghaiMonth() })}`;
}

export const toLevelUps = (rows: LevelUpRow[]): LevelUp[] =>
  rows.map((row) => ({ playerId: row.player_id, from: Number(row.from_level), to: Number(row.to_level), xp: BigInt(row.xp) }));

/** Records rounds whose totals the caller knows, in one statement; a third-party round seen again adds nothing. */
export class TurnoverRepository {
  constructor(private readonly db: Db) {}

  async recordRounds(
    rounds: readonly RoundTotals[],
    terms: TurnoverTerms,
    executor: Db = this.db,
    options: { once?: boolean; at?: Date } = {},
  ): Promise<LevelUp[]> {
    if (rounds.length === 0) return [];
    // Only third-party keys have the unique key that makes a repeat a no-op; other callers vouch
    // that their rounds are recorded once (`once`).
    if (!options.once && rounds.some((r) => !r.roundKey.startsWith('tp:'))) throw new RangeError('recordRounds takes third-party rounds (tp:...) unless once');
    const at = options.at ?? new Date();
    const { rows } = await sql<LevelUpRow>`
      with turnover_input as (
        select * from unnest(
          ${rounds.map((r) => r.playerId)}::int4[], ${rounds.map((r) => r.roundKey)}::text[], ${rounds.map((r) => r.gameType)}::int2[],
          ${rounds.map((r) => r.currency)}::text[], ${rounds.map((r) => r.stake.toString())}::int8[], ${rounds.map((r) => r.payout.toString())}::int8[],
          ${rounds.map((r) => r.bets ?? 1)}::int4[]
        ) as i(player_id, round_key, game_type, currency, stake, payout, bets)
      ),
      ${turnoverCtes(terms, { month: shanghaiMonth(at), day: shanghaiDay(at), once: options.once, withBetCount: true })}
      select player_id, from_level, to_level, xp::text as xp from turnover_level_ups`.execute(executor);
    return toLevelUps(rows);
  }

  /**
   * Records closed third-party rounds from their totals in `provider_rounds` (bets less refunds, wins),
   * each under key `tp:<aggregator>:<round>`; a round not closed, or seen again, adds nothing.
   */
  async recordProviderRounds(trx: Db, rounds: readonly { aggregator: string; playerId: number; round: string }[], terms: TurnoverTerms): Promise<LevelUp[]> {
    if (rounds.length === 0) return [];
    const closing = sql`(
      select r.aggregator, r.player_id, r.round, r.game_type, r.currency, r.bet_total, r.win_total, r.closed_at is not null as closed
      from unnest(${rounds.map((x) => x.aggregator)}::text[], ${rounds.map((x) => x.playerId)}::int4[], ${rounds.map((x) => x.round)}::text[])
        as closing(aggregator, player_id, round)
      -- A lookup on the round's unique index (the limit keeps it from being flattened into a join):
      -- a kept generic plan must never scan the table.
      cross join lateral (
        select * from provider_rounds r where r.aggregator = closing.aggregator and r.player_id = closing.player_id and r.round = closing.round
        limit 1
      ) r
    )`;
    const { rows } = await sql<LevelUpRow>`${sql.raw(HOT_STATEMENT)}
      with ${providerRoundTurnoverCtes(closing, terms)}
      select player_id, from_level, to_level, xp::text as xp from turnover_level_ups`.execute(trx);
    return toLevelUps(rows);
  }

  async recordsOf(playerId: number, executor: Db = this.db) {
    return executor.selectFrom('turnover_records').selectAll().where('player_id', '=', playerId).orderBy('settled_at').execute();
  }
}
