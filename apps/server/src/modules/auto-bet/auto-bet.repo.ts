import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { settingsFromJson, stateFromJson, type RunSettings, type RunState, type RunTotals } from './auto-bet.logic.ts';

export interface RunRow {
  id: number;
  playerId: number;
  gameId: number;
  level: number;
  currency: 'USDT' | 'TRX';
  simulate: boolean;
  isOpen: boolean;
  stopType: number;
  /** Where the run was started from (PROTECTION.md "Jurisdictions"); null when unknown. */
  country: string | null;
  settings: RunSettings;
  state: RunState;
  totals: RunTotals;
}

export interface RunUpdate {
  id: number;
  state: string;
  pendingRound: number | null;
  isOpen: boolean;
  stopType: number;
  totals: RunTotals;
}

export interface RecordInsert {
  runId: number;
  round: number;
  amount: bigint;
  area: string;
  oddsBp: number;
  betId: number | null;
}

export interface RecordSettle {
  runId: number;
  round: number;
  status: number;
  profit: bigint;
}

export interface ResultInsert {
  runId: number;
  blockNum: number;
  announceArea: string | null;
  blockHash: string;
  stopType: number;
}

const CURSOR = 'runner';

function toRun(row: any): RunRow {
  return {
    id: Number(row.id),
    playerId: row.player_id,
    gameId: row.game_id,
    level: row.level,
    currency: row.currency,
    simulate: row.simulate,
    isOpen: row.is_open,
    stopType: row.stop_type,
    country: row.country ?? null,
    settings: settingsFromJson(row.settings),
    state: stateFromJson(row.state),
    totals: {
      totalNum: row.total_num,
      winNum: row.win_num,
      reward: BigInt(row.reward),
      virtualBalance: row.virtual_balance === null ? null : BigInt(row.virtual_balance),
    },
  };
}

// Batches go in as one JSON document unpacked by jsonb_to_recordset: one statement per kind of
// write however many runs a block touches. Bigints travel as strings.
const asJson = (rows: object[]) => JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));

/** The auto-bet tables: saved strategies, runs, their bets and watched rounds, and the last block the runner processed. */
export class AutoBetRepository {
  constructor(private readonly db: Db) {}

  async cursor(db: Db = this.db): Promise<number | null> {
    const row = await db.selectFrom('auto_bet_cursor').select('height').where('name', '=', CURSOR).executeTakeFirst();
    return row ? Number(row.height) : null;
  }

  async setCursor(db: Db, height: number): Promise<void> {
    await db
      .insertInto('auto_bet_cursor')
      .values({ name: CURSOR, height: BigInt(height) })
      .onConflict((oc) => oc.column('name').doUpdateSet({ height: BigInt(height) }))
      .execute();
  }

  /** Open runs, and closed runs whose last bet is still to be decided. */
  async activeRuns(db: Db = this.db): Promise<RunRow[]> {
    const rows = await db
      .selectFrom('auto_bet_runs')
      .selectAll()
      .where((eb) => eb.or([eb('is_open', '=', true), eb('pending_round', 'is not', null)]))
      .orderBy('id')
      .execute();
    return rows.map(toRun);
  }

  async run(id: number, db: Db = this.db): Promise<RunRow | null> {
    const row = await db.selectFrom('auto_bet_runs').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
    return row ? toRun(row) : null;
  }

  /**
   * Writes the runs' new state. A run the player closed meanwhile stays closed (the runner only ever
   * closes runs). Returns the ids that are still open afterwards.
   */
  async updateRuns(db: Db, updates: RunUpdate[]): Promise<Set<number>> {
    if (updates.length === 0) return new Set();
    const rows = updates.map((u) => ({
      id: u.id,
      state: u.state,
      pending_round: u.pendingRound,
      is_open: u.isOpen,
      stop_type: u.stopType,
      total_num: u.totals.totalNum,
      win_num: u.totals.winNum,
      reward: u.totals.reward,
      virtual_balance: u.totals.virtualBalance,
    }));
    const { rows: open } = await sql<{ id: string }>`
      update auto_bet_runs r set
        state = v.state::jsonb,
        pending_round = v.pending_round,
        stop_type = case when r.is_open and not v.is_open then v.stop_type else r.stop_type end,
        stopped_at = case when r.is_open and not v.is_open then now() else r.stopped_at end,
        is_open = r.is_open and v.is_open,
        total_num = v.total_num,
        win_num = v.win_num,
        reward = v.reward,
        virtual_balance = v.virtual_balance
      from jsonb_to_recordset(${asJson(rows)}::jsonb) as v(
        id bigint, state text, pending_round bigint, is_open boolean, stop_type smallint,
        total_num integer, win_num integer, reward bigint, virtual_balance bigint)
      where r.id = v.id
      returning r.id::text as id, r.is_open`.execute(db);
    return new Set(open.filter((row: any) => row.is_open).map((row) => Number(row.id)));
  }

  async insertRecords(db: Db, records: RecordInsert[]): Promise<void> {
    if (records.length === 0) return;
    const rows = records.map((r) => ({ run_id: r.runId, round: r.round, amount: r.amount, area: r.area, odds_bp: r.oddsBp, bet_id: r.betId }));
    await sql`
      insert into auto_bet_records (run_id, round, amount, area, odds_bp, bet_id)
      select v.run_id, v.round, v.amount, v.area, v.odds_bp, v.bet_id
      from jsonb_to_recordset(${asJson(rows)}::jsonb) as v(run_id bigint, round bigint, amount bigint, area text, odds_bp integer, bet_id bigint)
      on conflict (run_id, round) do nothing`.execute(db);
  }

  async settleRecords(db: Db, records: RecordSettle[]): Promise<void> {
    if (records.length === 0) return;
    const rows = records.map((r) => ({ run_id: r.runId, round: r.round, status: r.status, profit: r.profit }));
    await sql`
      update auto_bet_records a set status = v.status, profit = v.profit
      from jsonb_to_recordset(${asJson(rows)}::jsonb) as v(run_id bigint, round bigint, status smallint, profit bigint)
      where a.run_id = v.run_id and a.round = v.round`.execute(db);
  }

  async insertResults(db: Db, results: ResultInsert[]): Promise<void> {
    if (results.length === 0) return;
    const rows = results.map((r) => ({
      run_id: r.runId,
      block_num: r.blockNum,
      announce_area: r.announceArea,
      block_hash: r.blockHash,
      stop_type: r.stopType,
    }));
    await sql`
      insert into auto_bet_results (run_id, block_num, announce_area, block_hash, stop_type)
      select v.run_id, v.block_num, v.announce_area, v.block_hash, v.stop_type
      from jsonb_to_recordset(${asJson(rows)}::jsonb) as v(run_id bigint, block_num bigint, announce_area text, block_hash text, stop_type smallint)
      on conflict (run_id, block_num) do update set stop_type = greatest(auto_bet_results.stop_type, excluded.stop_type)`.execute(db);
  }

  /** The strategy and wake-up rule the player last saved for a game, as stored (JSON). */
  savedStrategy(playerId: number, gameId: number) {
    return this.db
      .selectFrom('auto_bet_strategies')
      .select(['strategy', 'wake_up'])
      .where('player_id', '=', playerId)
      .where('game_id', '=', gameId)
      .executeTakeFirst();
  }

  async saveStrategy(db: Db, playerId: number, gameId: number, values: { strategy: string; wake_up: string }): Promise<void> {
    await db
      .insertInto('auto_bet_strategies')
      .values({ player_id: playerId, game_id: gameId, ...values })
      .onConflict((oc) => oc.columns(['player_id', 'game_id']).doUpdateSet({ ...values, updated_at: new Date() }))
      .execute();
  }

  /** Opens a run; false when the player already has one open. */
  async openRun(
    db: Db,
    run: {
      playerId: number;
      gameId: number;
      level: number;
      currency: string;
      simulate: boolean;
      settings: string;
      state: string;
      virtualBalance: bigint | null;
      country: string | null;
    },
  ): Promise<boolean> {
    const inserted = await sql<{ id: string }>`
      insert into auto_bet_runs (player_id, game_id, level, currency, simulate, settings, state, virtual_balance, country)
      values (${run.playerId}, ${run.gameId}, ${run.level}, ${run.currency}, ${run.simulate},
              ${run.settings}::jsonb, ${run.state}::jsonb, ${run.virtualBalance}, ${run.country})
      on conflict (player_id) where is_open do nothing
      returning id::text as id`.execute(db);
    return inserted.rows.length > 0;
  }

  /** Closes the player's open run, if any. */
  async stopRuns(playerId: number): Promise<void> {
    await this.db
      .updateTable('auto_bet_runs')
      .set({ is_open: false, stopped_at: new Date() })
      .where('player_id', '=', playerId)
      .where('is_open', '=', true)
      .execute();
  }

  /** The player's open run, or else their newest. */
  currentRun(playerId: number) {
    return this.db
      .selectFrom('auto_bet_runs')
      .select(['is_open', 'simulate', 'game_id', 'level'])
      .where('player_id', '=', playerId)
      .orderBy('is_open', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The newest run of a game and mode whose log the player has not cleared. */
  loggedRun(playerId: number, gameId: number, simulate: boolean) {
    return this.db
      .selectFrom('auto_bet_runs')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('game_id', '=', gameId)
      .where('simulate', '=', simulate)
      .where('cleared', '=', false)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** A run's newest watched rounds. */
  results(runId: bigint, limit: number) {
    return this.db.selectFrom('auto_bet_results').selectAll().where('run_id', '=', runId).orderBy('block_num', 'desc').limit(limit).execute();
  }

  /** A run's newest bets. */
  records(runId: bigint, limit: number) {
    return this.db.selectFrom('auto_bet_records').selectAll().where('run_id', '=', runId).orderBy('round', 'desc').limit(limit).execute();
  }

  /** Whether the player has an open run of this game and mode. */
  async hasOpenRun(playerId: number, gameId: number, simulate: boolean): Promise<boolean> {
    const open = await this.db
      .selectFrom('auto_bet_runs')
      .select('id')
      .where('player_id', '=', playerId)
      .where('game_id', '=', gameId)
      .where('simulate', '=', simulate)
      .where('is_open', '=', true)
      .executeTakeFirst();
    return open !== undefined;
  }

  /** Hides the logs of the player's runs of this game and mode. */
  async clearLogs(playerId: number, gameId: number, simulate: boolean): Promise<void> {
    await this.db
      .updateTable('auto_bet_runs')
      .set({ cleared: true })
      .where('player_id', '=', playerId)
      .where('game_id', '=', gameId)
      .where('simulate', '=', simulate)
      .execute();
  }

  /** The page bets that exist for these idempotency keys, by key. */
  async placedBets(db: Db, keys: { playerId: number; requestId: string }[]): Promise<Map<string, { id: number; oddsBp: number }>> {
    const found = new Map<string, { id: number; oddsBp: number }>();
    if (keys.length === 0) return found;
    const rows = keys.map((k) => ({ player_id: k.playerId, request_id: k.requestId }));
    const { rows: bets } = await sql<{ id: string; player_id: number; request_id: string; odds_bp: number }>`
      select b.id::text as id, b.player_id, b.request_id, b.odds_bp
      from jsonb_to_recordset(${asJson(rows)}::jsonb) as v(player_id integer, request_id text)
      join hash_bets b on b.player_id = v.player_id and b.request_id = v.request_id`.execute(db);
    for (const bet of bets) found.set(`${bet.player_id}/${bet.request_id}`, { id: Number(bet.id), oddsBp: bet.odds_bp });
    return found;
  }
}
