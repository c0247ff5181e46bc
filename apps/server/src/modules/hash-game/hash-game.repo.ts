import { BetStatus, GameType } from '@lobby/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { HashBetSource } from './tables.ts';
import { shanghaiMonth, toLevelUps, turnoverCtes, type LevelUp, type LevelUpRow, type TurnoverTerms } from '../turnover/turnover.repo.ts';

export interface StoredBlock {
  height: number;
  blockId: string;
  parentHash: string;
  /** Chain time, ms. */
  time: number;
}

/** A bet with what the records show of its transfer and payout. */
export interface BetRow {
  id: bigint;
  source: HashBetSource;
  player_id: number | null;
  game_id: number;
  level: number;
  round: bigint;
  area: string;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  odds_bp: number;
  status: number;
  payout: bigint | null;
  tx_id: string | null;
  from_address: string | null;
  created_at: Date;
  settled_at: Date | null;
  payout_tx_id: string | null;
}

export interface PlaceBetInput {
  playerId: number;
  requestId: string;
  gameId: number;
  level: number;
  area: string;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  oddsBp: number;
  round: number;
  opensAtHead: number;
  lastBetHead: number;
}

export type PlaceBetRow = {
  o_n: number;
  o_outcome: 'placed' | 'replayed' | 'closed' | 'insufficient';
  o_head: bigint | null;
  o_id: bigint | null;
  o_game_id: number | null;
  o_level: number | null;
  o_round: bigint | null;
  o_area: string | null;
  o_currency: 'USDT' | 'TRX' | null;
  o_amount: bigint | null;
  o_odds_bp: number | null;
  o_status: number | null;
  o_payout: bigint | null;
  o_created_at: Date | null;
  o_settled_at: Date | null;
  /** The player's cash after the bet. */
  o_usdt: bigint | null;
  o_trx: bigint | null;
  /** The player's bonus balance after the bet. */
  o_bonus_usdt: bigint | null;
  o_bonus_trx: bigint | null;
};

/** How the bets of one (game, area, odds) settle in a round. */
export interface SettlementRate {
  game_id: number;
  area: string;
  odds_bp: number;
  status: number;
  rate: bigint;
}

export interface BetFilter {
  playerId: number;
  gameId?: number;
  status?: number;
  currency?: 'USDT' | 'TRX';
  from?: Date;
  to?: Date;
}

/** Adds rounds' totals (height, player_id, currency, stake, payout, bets) to the open rounds, as one CTE body. */
const openRoundsUpsert = (rounds: RawBuilder<unknown>) => sql`
  insert into hash_open_rounds as o (height, player_id, currency, stake, payout, bets)
  ${rounds}
  on conflict (height, player_id, currency) do update
    set stake = o.stake + excluded.stake, payout = o.payout + excluded.payout, bets = o.bets + excluded.bets`;

const toBlock = (row: { height: bigint | number; block_id: string; parent_hash: string; block_time: bigint | number }): StoredBlock => ({
  height: Number(row.height),
  blockId: row.block_id,
  parentHash: row.parent_hash,
  time: Number(row.block_time),
});

/** The hash-game tables. Methods take the executor to run on (the engine's session, a transaction, or the pool). */
export class HashGameRepository {
  constructor(private readonly db: Db) {}

  async head(executor: Db = this.db): Promise<StoredBlock | null> {
    const row = await executor
      .selectFrom('hash_blocks')
      .select(['height', 'block_id', 'parent_hash', 'block_time'])
      .orderBy('height', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toBlock(row) : null;
  }

  async oldest(executor: Db = this.db): Promise<StoredBlock | null> {
    const row = await executor
      .selectFrom('hash_blocks')
      .select(['height', 'block_id', 'parent_hash', 'block_time'])
      .orderBy('height', 'asc')
      .limit(1)
      .executeTakeFirst();
    return row ? toBlock(row) : null;
  }

  async block(height: number, executor: Db = this.db): Promise<StoredBlock | null> {
    const row = await executor
      .selectFrom('hash_blocks')
      .select(['height', 'block_id', 'parent_hash', 'block_time'])
      .where('height', '=', BigInt(height))
      .executeTakeFirst();
    return row ? toBlock(row) : null;
  }

  async blocks(heights: number[], executor: Db = this.db): Promise<Map<number, StoredBlock>> {
    if (heights.length === 0) return new Map();
    const rows = await executor
      .selectFrom('hash_blocks')
      .select(['height', 'block_id', 'parent_hash', 'block_time'])
      .where('height', 'in', [...new Set(heights)].map(BigInt))
      .execute();
    return new Map(rows.map((row) => [Number(row.height), toBlock(row)]));
  }

  /** Stored blocks whose rounds are not settled yet, oldest first. */
  async unsettled(limit: number, executor: Db = this.db): Promise<StoredBlock[]> {
    const rows = await executor
      .selectFrom('hash_blocks')
      .select(['height', 'block_id', 'parent_hash', 'block_time'])
      .where('settled_at', 'is', null)
      .orderBy('height')
      .limit(limit)
      .execute();
    return rows.map(toBlock);
  }

  /** Decided rounds of a game with `blocks` blocks a round, newest first. */
  async decidedRounds(blocks: number, limit: number, before: number | undefined, executor: Db = this.db): Promise<StoredBlock[]> {
    let query = executor.selectFrom('hash_blocks').select(['height', 'block_id', 'parent_hash', 'block_time']).where(sql<boolean>`height % ${blocks} = 0`);
    if (before !== undefined) query = query.where('height', '<', BigInt(before));
    const rows = await query.orderBy('height', 'desc').limit(limit).execute();
    return rows.map(toBlock);
  }

  /**
   * Stores a block (once per height) while holding the head lock exclusively, against the shared
   * lock every bet holds while it commits: no bet reads the head before this block and commits after it.
   */
  async storeBlock(block: StoredBlock, headLock: bigint, executor: Db = this.db): Promise<void> {
    await executor.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${headLock})`.execute(trx);
      await trx
        .insertInto('hash_blocks')
        .values({ height: BigInt(block.height), block_id: block.blockId, parent_hash: block.parentHash, block_time: BigInt(block.time) })
        .onConflict((oc) => oc.column('height').doNothing())
        .execute();
    });
  }

  /** Marks a block's rounds as being settled; false when it already was (by this or another engine). */
  async claimBlock(trx: Db, height: number): Promise<boolean> {
    const claimed = await trx
      .updateTable('hash_blocks')
      .set({ settled_at: sql`now()` })
      .where('height', '=', BigInt(height))
      .where('settled_at', 'is', null)
      .returning('height')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  async recordSettledBets(trx: Db, height: number, bets: number): Promise<void> {
    await trx.updateTable('hash_blocks').set({ settled_bets: bets }).where('height', '=', BigInt(height)).execute();
  }

  /** The (game, area, odds) combinations among a round's unsettled page bets, with each one's largest stake. */
  async unsettledCombos(trx: Db, height: number, gameIds: number[]) {
    if (gameIds.length === 0) return [];
    return trx
      .selectFrom('hash_bets')
      .select((eb) => ['game_id', 'area', 'odds_bp', eb.fn.max('amount').as('largest')])
      .where('round', '=', BigInt(height))
      .where('status', '=', BetStatus.UNSETTLED)
      .where('source', '=', 'page')
      .where('game_id', 'in', gameIds)
      .groupBy(['game_id', 'area', 'odds_bp'])
      .execute();
  }

  /**
   * Settles a round's unsettled page bets in one UPDATE ... FROM: each bet takes the status and rate
   * of its (game, area, odds), and payout = stake × rate / rateScale, rounded down. `exactInInt8`
   * says no stake × rate can overflow int8 (else the slower numeric path). In the same statement the
   * block's hash round is totalled per player and currency (every game and level: one round, key
   * `hash:<height>`) and its valid turnover recorded with XP, level, rebate accrual and wagering
   * (modules/turnover); a player who may also have transfer bets in this block (a bound bet address,
   * or one already seen) has the totals kept open in `hash_open_rounds` instead, until
   * `closeHashRounds`. Answers what was paid per player and currency, how many bets, and whose VIP
   * level rose.
   */
  async settlePageBets(trx: Db, height: number, rates: SettlementRate[], rateScale: bigint, exactInInt8: boolean, terms: TurnoverTerms) {
    const payout = exactInInt8
      ? sql`b.amount * r.rate / ${rateScale.toString()}::int8`
      : sql`div(b.amount::numeric * r.rate, ${rateScale.toString()}::numeric)::int8`;
    // The round's sorts and groupings stay in memory rather than spill to disk. Its lookups by player
    // (experience account, VIP level, wagering, limits, ancestors) read each player once per currency
    // at most, so a cache of their answers (Memoize) is filled and next to never hit.
    await sql`select set_config('work_mem', '64MB', true), set_config('enable_memoize', 'off', true)`.execute(trx);
    const { rows } = await sql<{
      player_id: number;
      currency: 'USDT' | 'TRX' | null;
      paid: string | null;
      bets: string | null;
      stake_bonus: string | null;
      paid_bonus: string | null;
      from_level: number | null;
      to_level: number | null;
      xp: string | null;
    }>`
      with settled as (
        update hash_bets b
        set status = r.status,
            payout = ${payout},
            settled_at = now()
        from unnest(
          ${rates.map((r) => r.game_id)}::int2[],
          ${rates.map((r) => r.area)}::text[],
          ${rates.map((r) => r.odds_bp)}::int4[],
          ${rates.map((r) => r.status)}::int2[],
          ${rates.map((r) => r.rate.toString())}::int8[]
        ) as r(game_id, area, odds_bp, status, rate)
        where b.round = ${height}::int8
          and b.status = ${BetStatus.UNSETTLED}
          and b.source = 'page'
          and b.game_id = r.game_id and b.area = r.area and b.odds_bp = r.odds_bp
        returning b.player_id, b.currency, b.payout, b.amount, b.stake_bonus
      ),
      round_totals as (
        select t.*,
               exists (select 1 from bet_addresses a where a.player_id = t.player_id and a.status = 1)
               or exists (select 1 from hash_open_rounds o where o.height = ${height}::int8 and o.player_id = t.player_id and o.currency = t.currency) as held
        from (
          select player_id, currency, sum(amount)::int8 as stake, sum(payout)::int8 as payout, count(*)::int4 as bets,
                 -- Bets drawn partly on bonus: the bonus stakes, and their payouts' bonus parts (in the stake's proportion, rounded down).
                 sum(stake_bonus) filter (where stake_bonus > 0)::int8 as stake_bonus,
                 sum(div(payout::numeric * stake_bonus, amount)) filter (where stake_bonus > 0)::int8 as paid_bonus
          from settled group by player_id, currency
        ) t
      ),
      hash_open as (
        ${openRoundsUpsert(sql`select ${height}::int8, player_id, currency, stake, payout, bets from round_totals where held`)}
      ),
      turnover_input as (
        select player_id, ${`hash:${height}`}::text as round_key, ${GameType.HASH}::int2 as game_type, currency, stake, payout, bets
        from round_totals where not held
      ),
      ${turnoverCtes(terms, { month: shanghaiMonth(), once: true, withBetCount: true, distinct: true })}
      select player_id, currency, payout::text as paid, bets::text as bets, stake_bonus::text, paid_bonus::text,
             null::int2 as from_level, null::int2 as to_level, null::text as xp
      from round_totals
      union all
      select player_id, null, null, null, null, null, from_level, to_level, xp::text from turnover_level_ups`.execute(trx);
    const paid = rows.flatMap((row) =>
      row.currency === null
        ? []
        : [{ player_id: row.player_id, currency: row.currency, paid: row.paid!, bets: row.bets!, stake_bonus: row.stake_bonus, paid_bonus: row.paid_bonus }],
    );
    const levelUps = toLevelUps(
      rows.flatMap((row) => (row.currency === null ? [{ player_id: row.player_id, from_level: row.from_level!, to_level: row.to_level!, xp: row.xp! }] : [])),
    );
    return { rows: paid, levelUps };
  }

  /**
   * Locks, by player, the wagering rows a round's settlement may write (live requirements and bonus
   * at stake of the round's players), as the bets that draw on bonus lock theirs: the settlement's
   * own updates then never wait on them in another order. A probe per such row, none when there is none.
   */
  async lockRoundWagering(trx: Db, height: number): Promise<void> {
    await sql`
      select 1 from wagering w
      where (w.outstanding > 0 or w.bonus_at_stake > 0)
        and exists (
          select 1 from hash_bets b
          where b.player_id = w.player_id and b.round = ${height}::int8 and b.currency = w.currency
            and b.status = ${BetStatus.UNSETTLED} and b.source = 'page')
      order by w.player_id, w.currency
      for no key update of w`.execute(trx);
  }

  /**
   * The settled bonus stakes leave `wagering.bonus_at_stake`; answers per player and currency whether
   * the payouts' bonus parts return to bonus money (the requirement is live: `bonus_keeps`) or go to
   * cash. Runs after the round's turnover, which may have met a requirement and released its bonus.
   */
  async settleBonusStakes(trx: Db, stakes: { playerId: number; currency: 'USDT' | 'TRX'; stake: bigint }[]): Promise<Map<string, boolean>> {
    const { rows } = await sql<{ player_id: number; currency: 'USDT' | 'TRX'; keeps: boolean }>`
      update wagering w set bonus_at_stake = w.bonus_at_stake - x.stake
      from unnest(${stakes.map((s) => s.playerId)}::int4[], ${stakes.map((s) => s.currency)}::text[], ${stakes.map((s) => s.stake.toString())}::int8[])
        as x(player_id, currency, stake)
      where w.player_id = x.player_id and w.currency = x.currency
      returning w.player_id, w.currency, bonus_keeps(w.player_id, w.currency) as keeps`.execute(trx);
    return new Map(rows.map((row) => [`${row.player_id}:${row.currency}`, row.keeps]));
  }

  /**
   * Adds a bound player's transfer bet decided by block `height` to the player's open round of that
   * block. Waits for a settlement of the block in progress (the block row's lock), so a round is never
   * both recorded at settlement and opened by a transfer. False, adding nothing, when the round is
   * already recorded: the block's rounds were closed, or the player's page bets of the block were
   * recorded at settlement (no bound address then).
   */
  async openTransferRound(trx: Db, bet: { height: number; playerId: number; currency: 'USDT' | 'TRX'; stake: bigint; payout: bigint }): Promise<boolean> {
    const { rows: blocks } = await sql<{ open: boolean; block_time: string }>`
      select turnover_closed_at is null as open, block_time::text from hash_blocks where height = ${bet.height}::int8 for share`.execute(trx);
    if (!blocks[0]?.open) return false;
    // Recorded at the block's settlement, after the block's time: an index range of the player's records.
    const recorded = sql`
      select 1 from turnover_records t
      where t.player_id = ${bet.playerId} and t.currency = ${bet.currency} and t.round_key = ${`hash:${bet.height}`}
        and t.settled_at >= to_timestamp(${blocks[0].block_time}::int8 / 1000.0) - interval '1 day'`;
    const { rows } = await sql<{ height: string }>`
      ${openRoundsUpsert(sql`
        select ${bet.height}::int8, ${bet.playerId}::int4, ${bet.currency}::text, ${bet.stake.toString()}::int8, ${bet.payout.toString()}::int8, 1
        where not exists (${recorded})`)}
      returning height::text`.execute(trx);
    return rows.length > 0;
  }

  /**
   * Closes the hash rounds of every settled block whose time is before `beforeMs` (chain time, ms):
   * marks the blocks closed, then records each open round's turnover once from its totals (key
   * `hash:<height>`) and drops it. Two statements: the second sees whatever a settlement that held a
   * block's row while the first waited for it has opened. Answers whose VIP level rose.
   */
  async closeHashRounds(beforeMs: number, terms: TurnoverTerms, executor: Db = this.db): Promise<LevelUp[]> {
    return executor.transaction().execute(async (trx) => {
      const { rows: closed } = await sql<{ height: string }>`
        update hash_blocks set turnover_closed_at = now()
        where turnover_closed_at is null and settled_at is not null and block_time < ${Math.floor(beforeMs)}::int8
        returning height::text`.execute(trx);
      if (closed.length === 0) return [];
      const { rows } = await sql<LevelUpRow>`
        with closing as (
          delete from hash_open_rounds where height = any(${closed.map((c) => c.height)}::int8[])
          returning height, player_id, currency, stake, payout, bets
        ),
        turnover_input as (
          select player_id, 'hash:' || height as round_key, ${GameType.HASH}::int2 as game_type, currency, stake, payout, bets from closing
        ),
        ${turnoverCtes(terms, { month: shanghaiMonth(), once: true, withBetCount: true })}
        select player_id, from_level, to_level, xp::text as xp from turnover_level_ups`.execute(trx);
      return toLevelUps(rows);
    });
  }

  /** Every page bet of a round (for the pushes after it settled). */
  async pageBetsOfRound(height: number, executor: Db = this.db) {
    return executor
      .selectFrom('hash_bets')
      .select([
        'id',
        'source',
        'player_id',
        'game_id',
        'level',
        'round',
        'area',
        'currency',
        'amount',
        'odds_bp',
        'status',
        'payout',
        'tx_id',
        'from_address',
        'created_at',
        'settled_at',
      ])
      .where('round', '=', BigInt(height))
      .where('source', '=', 'page')
      .execute();
  }

  /** Places bets of distinct players in one statement (db/functions/hash_place_bets.sql); one answer per bet, in order. */
  async placeBets(bets: PlaceBetInput[], minHeadTime: number, headLock: bigint, houseShard: number): Promise<PlaceBetRow[]> {
    const { rows } = await sql<PlaceBetRow>`
      select * from hash_place_bets(
        ${bets.map((b) => b.playerId)}::int4[], ${bets.map((b) => b.requestId)}::text[], ${bets.map((b) => b.gameId)}::int2[],
        ${bets.map((b) => b.level)}::int2[], ${bets.map((b) => b.area)}::text[], ${bets.map((b) => b.currency)}::text[],
        ${bets.map((b) => b.amount.toString())}::int8[], ${bets.map((b) => b.oddsBp)}::int4[], ${bets.map((b) => b.round)}::int8[],
        ${bets.map((b) => b.opensAtHead)}::int8[], ${bets.map((b) => b.lastBetHead)}::int8[],
        ${minHeadTime}::int8, ${headLock}::int8, ${houseShard}::int8)`.execute(this.db);
    if (rows.length !== bets.length) throw new Error(`bet batch answered ${rows.length} rows for ${bets.length} bets`);
    return rows;
  }

  private betSelect(executor: Db) {
    return executor
      .selectFrom('hash_bets as b')
      .leftJoin('hash_chain_payouts as p', 'p.bet_id', 'b.id')
      .select([
        'b.id',
        'b.source',
        'b.player_id',
        'b.game_id',
        'b.level',
        'b.round',
        'b.area',
        'b.currency',
        'b.amount',
        'b.odds_bp',
        'b.status',
        'b.payout',
        'b.tx_id',
        'b.from_address',
        'b.created_at',
        'b.settled_at',
        'p.tx_id as payout_tx_id',
      ]);
  }

  async betOf(playerId: number, betId: number): Promise<BetRow | undefined> {
    return this.betSelect(this.db).where('b.id', '=', BigInt(betId)).where('b.player_id', '=', playerId).executeTakeFirst();
  }

  async betsById(ids: bigint[], executor: Db = this.db): Promise<BetRow[]> {
    if (ids.length === 0) return [];
    return this.betSelect(executor).where('b.id', 'in', ids).execute();
  }

  /** A page of the player's bets, newest first, and how many match in all. */
  async listBets(filter: BetFilter, page: number, pageSize: number): Promise<{ rows: BetRow[]; total: number }> {
    let query = this.db.selectFrom('hash_bets as b').where('b.player_id', '=', filter.playerId);
    if (filter.gameId !== undefined) query = query.where('b.game_id', '=', filter.gameId);
    if (filter.status !== undefined) query = query.where('b.status', '=', filter.status);
    if (filter.currency !== undefined) query = query.where('b.currency', '=', filter.currency);
    if (filter.from) query = query.where('b.created_at', '>=', filter.from);
    if (filter.to) query = query.where('b.created_at', '<', filter.to);
    const [ids, count] = await Promise.all([
      query
        .select('b.id')
        .orderBy('b.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow(),
    ]);
    const rows = await this.betsById(ids.map((r) => r.id));
    rows.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return { rows, total: Number(count.total) };
  }

  /** The player's bets of one game on rounds from `fromRound` on. */
  async openBets(playerId: number, gameId: number, fromRound: number): Promise<BetRow[]> {
    return this.betSelect(this.db)
      .where('b.player_id', '=', playerId)
      .where('b.game_id', '=', gameId)
      .where('b.round', '>=', BigInt(fromRound))
      .orderBy('b.id', 'desc')
      .limit(200)
      .execute();
  }

  async unsettledCount(playerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('hash_bets')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('player_id', '=', playerId)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
