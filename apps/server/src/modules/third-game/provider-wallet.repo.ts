import { sql, type RawBuilder } from 'kysely';
import { HOT_STATEMENT, type Db } from '../../db/database.ts';
import type { ProviderTransactionKind } from './tables.ts';
import { withThirdGameTables } from './third-game.repo.ts';

/** A session with what the wallet needs to know of its player. */
export interface WalletSession {
  playerId: number;
  aggregator: string;
  gameCode: string;
  gameType: number;
  manufacturer: string;
  ended: boolean;
  /** 0 is a player in good standing; anything else may not place bets. */
  playerStatus: number;
}

export interface StoredProviderTransaction {
  id: bigint;
  kind: ProviderTransactionKind;
  playerId: number;
  userId: string;
  round: string | null;
  gameCode: string | null;
  currency: string;
  amount: bigint;
  referenceTransactionUuid: string | null;
  placeholder: boolean;
  rolledBack: boolean;
}

export interface NewProviderTransaction {
  aggregator: string;
  transactionUuid: string;
  kind: ProviderTransactionKind;
  playerId: number;
  userId: string;
  round: string | null;
  gameCode: string | null;
  currency: string;
  amount: bigint;
  referenceTransactionUuid: string | null;
  placeholder?: boolean;
}

export interface RoundChange {
  aggregator: string;
  round: string;
  playerId: number;
  gameCode: string;
  gameType: number;
  manufacturer: string;
  currency: 'USDT' | 'TRX';
  /** Micro-units added to (or, negative, taken from) the bet and win totals. */
  bet: bigint;
  win: bigint;
  bets: number;
  closed: boolean;
}

/** What `batchFacts` tells of one call of a batch. */
export interface BatchFacts {
  session: WalletSession | null;
  /** The call's uuid is recorded already. */
  known: boolean;
  /** The bet a win names, when it exists. */
  bet: { kind: ProviderTransactionKind; playerId: number; rolledBack: boolean } | null;
}

/** A round change whose game type and studio are the session's (read in the same statement). */
export type SessionRoundChange = Omit<RoundChange, 'gameType' | 'manufacturer'>;

export interface ProviderRoundRecord {
  id: bigint;
  aggregator: string;
  round: string;
  gameCode: string;
  gameType: number;
  manufacturer: string;
  currency: 'USDT' | 'TRX';
  betTotal: bigint;
  winTotal: bigint;
  betCount: number;
  openedAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
}

export interface RoundFilter {
  playerId: number;
  gameType?: number;
  from?: Date;
  to?: Date;
  /** Rounds opened before this id (the previous page's last). */
  beforeId?: bigint;
  limit: number;
}

export interface RoundPageFilter {
  playerId: number;
  currency?: 'USDT' | 'TRX';
  gameType?: number;
  from?: Date;
  to?: Date;
}

export interface NamedProviderRound extends ProviderRoundRecord {
  /** The lobby's names of the game, null when it no longer lists it. */
  nameZh: string | null;
  nameEn: string | null;
}

const toRound = (row: any): ProviderRoundRecord => ({
  id: BigInt(row.id),
  aggregator: row.aggregator,
  round: row.round,
  gameCode: row.game_code,
  gameType: Number(row.game_type),
  manufacturer: row.manufacturer,
  currency: row.currency,
  betTotal: BigInt(row.bet_total),
  winTotal: BigInt(row.win_total),
  betCount: Number(row.bet_count),
  openedAt: row.opened_at,
  updatedAt: row.updated_at,
  closedAt: row.closed_at,
});

const toSession = (row: any): WalletSession => ({
  playerId: row.player_id,
  aggregator: row.aggregator,
  gameCode: row.game_code,
  gameType: Number(row.game_type),
  manufacturer: row.manufacturer,
  ended: row.ended_at !== null,
  playerStatus: Number(row.status),
});

/** The session under `token` with its player's standing, as a CTE named `session` (the columns `toSession` reads). */
const sessionCte = (token: string) => sql`session as (
  select s.player_id, s.aggregator, s.game_code, s.game_type, s.manufacturer, s.ended_at, p.status
  from third_game_sessions s join players p on p.id = s.player_id
  where s.token = ${token})`;

const toTransaction = (row: any): StoredProviderTransaction => ({
  id: BigInt(row.id),
  kind: row.kind,
  playerId: row.player_id,
  userId: row.user_id,
  round: row.round,
  gameCode: row.game_code,
  currency: row.currency,
  amount: BigInt(row.amount),
  referenceTransactionUuid: row.reference_transaction_uuid,
  placeholder: row.placeholder,
  rolledBack: row.rolled_back,
});

/** The seamless wallet's own rows: what the aggregator sent and the rounds it adds up to. */
export class ProviderWalletRepository {
  constructor(private readonly db: Db) {}

  async session(token: string): Promise<WalletSession | null> {
    const row = await withThirdGameTables(this.db)
      .selectFrom('third_game_sessions as s')
      .innerJoin('players as p', 'p.id', 's.player_id')
      .select(['s.player_id', 's.aggregator', 's.game_code', 's.game_type', 's.manufacturer', 's.ended_at', 'p.status'])
      .where('s.token', '=', token)
      .executeTakeFirst();
    return row ? toSession(row) : null;
  }

  /** The player's standing (0 is good), or null when there is no such player. */
  async playerStatus(playerId: number): Promise<number | null> {
    const row = await this.db.selectFrom('players').select('status').where('id', '=', playerId).executeTakeFirst();
    return row ? Number(row.status) : null;
  }

  /** A game the lobby lists for this aggregator, with its type and studio. */
  async catalogueGame(aggregator: string, gameCode: string, trx?: Db): Promise<{ gameType: number; manufacturer: string } | null> {
    const row = await (trx ?? this.db)
      .selectFrom('games')
      .select(['game_type', 'manufacturer'])
      .where('aggregator', '=', aggregator)
      .where('game_code', '=', gameCode)
      .where('enabled', '=', true)
      .executeTakeFirst();
    return row ? { gameType: Number(row.game_type), manufacturer: row.manufacturer } : null;
  }

  async find(aggregator: string, transactionUuid: string, trx?: Db): Promise<StoredProviderTransaction | null> {
    const row = await withThirdGameTables(trx ?? this.db)
      .selectFrom('provider_transactions')
      .selectAll()
      .where('aggregator', '=', aggregator)
      .where('transaction_uuid', '=', transactionUuid)
      .executeTakeFirst();
    return row ? toTransaction(row) : null;
  }

  /** The transaction, locked until the end of `trx`, so a win and a rollback of one bet go one after the other. */
  async lock(aggregator: string, transactionUuid: string, trx: Db): Promise<StoredProviderTransaction | null> {
    const row = await withThirdGameTables(trx)
      .selectFrom('provider_transactions')
      .selectAll()
      .where('aggregator', '=', aggregator)
      .where('transaction_uuid', '=', transactionUuid)
      .forUpdate()
      .executeTakeFirst();
    return row ? toTransaction(row) : null;
  }

  /**
   * Records a transaction unless its uuid is known. Returns false when it was: a concurrent insert of
   * the same uuid waits for the other transaction and then finds its row.
   */
  async insert(tx: NewProviderTransaction, trx: Db): Promise<boolean> {
    const inserted = await withThirdGameTables(trx)
      .insertInto('provider_transactions')
      .values({
        aggregator: tx.aggregator,
        transaction_uuid: tx.transactionUuid,
        kind: tx.kind,
        player_id: tx.playerId,
        user_id: tx.userId,
        round: tx.round,
        game_code: tx.gameCode,
        currency: tx.currency,
        amount: tx.amount,
        reference_transaction_uuid: tx.referenceTransactionUuid,
        placeholder: tx.placeholder ?? false,
        rolled_back: tx.placeholder ?? false,
      })
      .onConflict((oc) => oc.columns(['aggregator', 'transaction_uuid']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async markRolledBack(id: bigint, trx: Db): Promise<void> {
    await withThirdGameTables(trx).updateTable('provider_transactions').set({ rolled_back: true }).where('id', '=', id).execute();
  }

  /** Adds to a round's totals, opening it on its first transaction and closing it when told. */
  async changeRound(change: RoundChange, trx: Db): Promise<void> {
    await sql`${roundUpsert(change)}`.execute(trx);
  }

  /**
   * A bet in one statement: the session under `token` read, the transaction recorded unless its uuid
   * is known, and, only when it was new, its round (of the session's game type and studio) opened or
   * added to. `fresh` is false when the uuid was known (nothing written). The caller judges the
   * session and rolls `trx` back when it refuses the bet.
   */
  async recordBet(token: string, tx: NewProviderTransaction, round: SessionRoundChange, trx: Db): Promise<{ session: WalletSession | null; fresh: boolean }> {
    const { rows } = await sql<Record<string, unknown> & { recorded_id: string | null }>`
      with ${sessionCte(token)},
      recorded as (${transactionInsert(tx)}),
      round_changed as (${roundUpsert(round, sql`from session where exists (select 1 from recorded)`)})
      select (select id::text from recorded) as recorded_id, session.* from (values (1)) as one(n) left join session on true`.execute(trx);
    const row = rows[0];
    return { session: row.player_id === null ? null : toSession(row), fresh: row.recorded_id !== null };
  }

  /**
   * A win in one statement: the session under `token` read; the transaction recorded unless its uuid
   * is known; the bet it refers to locked until the end of `trx` (so a win and a rollback of one bet
   * go one after the other); and, only when the win is new and that bet is the player's, live and
   * not rolled back, the round changed. `fresh` is false when the uuid was known; `bet` is null when
   * no such transaction exists. The caller judges the session and the bet and rolls `trx` back when
   * it refuses the win.
   */
  async recordWin(
    token: string,
    tx: NewProviderTransaction & { referenceTransactionUuid: string },
    round: SessionRoundChange,
    trx: Db,
  ): Promise<{ session: WalletSession | null; fresh: boolean; bet: StoredProviderTransaction | null }> {
    const { rows } = await sql<{ recorded_id: string | null; session: Record<string, unknown> | null; bet: Record<string, unknown> | null }>`
      with ${sessionCte(token)},
      recorded as (${transactionInsert(tx)}),
      bet as (
        select * from provider_transactions
        where aggregator = ${tx.aggregator} and transaction_uuid = ${tx.referenceTransactionUuid}
        for update
      ),
      round_changed as (${roundUpsert(
        round,
        sql`from session where exists (select 1 from recorded)
              and exists (select 1 from bet where bet.kind = 'bet' and bet.player_id = ${tx.playerId} and not bet.rolled_back)`,
      )})
      select (select id::text from recorded) as recorded_id,
             (select to_jsonb(session) from session) as session,
             (select to_jsonb(bet) from bet) as bet`.execute(trx);
    const row = rows[0];
    return {
      session: row.session === null ? null : toSession(row.session),
      fresh: row.recorded_id !== null,
      bet: row.bet === null ? null : toTransaction(row.bet),
    };
  }

  /**
   * What a batch of bets and wins needs to know before it is applied together, one row per call in
   * order: the session under its token with the player's standing, whether its uuid is known already,
   * and, for a win, the bet it names, locked until the end of `trx` (as `recordWin` locks it, in uuid
   * order so two batches never wait on each other crosswise). Every lookup is a lateral join on its
   * unique index (`limit 1` keeps the planner from flattening it into a join): the statement is kept
   * prepared, and a generic plan made while a table was small would otherwise scan it whole once it
   * has grown.
   */
  async batchFacts(aggregator: string, calls: readonly { token: string; transactionUuid: string; referenceTransactionUuid: string | null }[], trx: Db): Promise<BatchFacts[]> {
    const { rows } = await sql<Record<string, any>>`${sql.raw(HOT_STATEMENT)}
      with input as (
        select * from unnest(${calls.map((c) => c.token)}::text[], ${calls.map((c) => c.transactionUuid)}::text[],
                             ${calls.map((c) => c.referenceTransactionUuid)}::text[])
          with ordinality as i(token, transaction_uuid, reference_uuid, n)
      ),
      bets as materialized (
        select b.transaction_uuid, b.kind, b.player_id, b.rolled_back
        from (select distinct reference_uuid from input where reference_uuid is not null order by reference_uuid) named
        cross join lateral (
          select * from provider_transactions b where b.aggregator = ${aggregator} and b.transaction_uuid = named.reference_uuid
          for update
        ) b
      )
      select i.n, s.player_id, s.aggregator, s.game_code, s.game_type, s.manufacturer, s.ended_at, s.status,
             k.transaction_uuid is not null as known,
             b.kind as bet_kind, b.player_id as bet_player_id, b.rolled_back as bet_rolled_back
      from input i
      left join lateral (
        select s.*, p.status from third_game_sessions s join players p on p.id = s.player_id where s.token = i.token limit 1
      ) s on true
      left join lateral (
        select k.transaction_uuid from provider_transactions k where k.aggregator = ${aggregator} and k.transaction_uuid = i.transaction_uuid limit 1
      ) k on true
      left join bets b on b.transaction_uuid = i.reference_uuid
      order by i.n`.execute(trx);
    return rows.map((row) => ({
      session: row.player_id === null ? null : toSession(row),
      known: row.known,
      bet: row.bet_kind === null ? null : { kind: row.bet_kind, playerId: row.bet_player_id, rolledBack: row.bet_rolled_back },
    }));
  }

  /**
   * Records a batch of bets and wins judged fit (at most one per player) and adds each to its round,
   * in one statement. Answers the uuids it recorded: one missing was recorded meanwhile by another
   * transaction, and the caller must roll `trx` back.
   */
  async recordBatch(calls: readonly (NewProviderTransaction & { round: string; gameCode: string; change: RoundChange })[], trx: Db): Promise<Set<string>> {
    const col = <T>(pick: (c: (typeof calls)[number]) => T) => calls.map(pick);
    const { rows } = await sql<{ transaction_uuid: string }>`${sql.raw(HOT_STATEMENT)}
      with input as (
        select * from unnest(
          ${col((c) => c.aggregator)}::text[], ${col((c) => c.transactionUuid)}::text[], ${col((c) => c.kind)}::text[],
          ${col((c) => c.playerId)}::int4[], ${col((c) => c.userId)}::text[], ${col((c) => c.round)}::text[], ${col((c) => c.gameCode)}::text[],
          ${col((c) => c.currency)}::text[], ${col((c) => c.amount.toString())}::int8[], ${col((c) => c.referenceTransactionUuid)}::text[],
          ${col((c) => c.change.gameType)}::int2[], ${col((c) => c.change.manufacturer)}::text[], ${col((c) => c.change.currency)}::text[],
          ${col((c) => c.change.bet.toString())}::int8[], ${col((c) => c.change.win.toString())}::int8[], ${col((c) => c.change.bets)}::int4[],
          ${col((c) => c.change.closed)}::bool[]
        ) as i(aggregator, transaction_uuid, kind, player_id, user_id, round, game_code, currency, amount, reference_uuid,
               game_type, manufacturer, ledger_currency, bet, win, bets, closed)
      ),
      recorded as (
        insert into provider_transactions (aggregator, transaction_uuid, kind, player_id, user_id, round, game_code, currency, amount,
                                           reference_transaction_uuid, placeholder, rolled_back)
        select aggregator, transaction_uuid, kind, player_id, user_id, round, game_code, currency, amount, reference_uuid, false, false
        from input order by transaction_uuid
        on conflict (aggregator, transaction_uuid) do nothing
        returning transaction_uuid
      ),
      round_changed as (
        insert into provider_rounds (aggregator, round, player_id, game_code, game_type, manufacturer, currency, bet_total, win_total, bet_count, closed_at)
        select i.aggregator, i.round, i.player_id, i.game_code, i.game_type, i.manufacturer, i.ledger_currency, i.bet, i.win, i.bets,
               case when i.closed then now() end
        from input i join recorded r on r.transaction_uuid = i.transaction_uuid
        order by i.player_id, i.round
        on conflict (aggregator, player_id, round) do update set
          bet_total = provider_rounds.bet_total + excluded.bet_total,
          win_total = provider_rounds.win_total + excluded.win_total,
          bet_count = provider_rounds.bet_count + excluded.bet_count,
          updated_at = now(),
          closed_at = coalesce(provider_rounds.closed_at, excluded.closed_at)
      )
      select transaction_uuid from recorded`.execute(trx);
    return new Set(rows.map((row) => row.transaction_uuid));
  }

  /** A player's rounds, newest first. */
  async rounds(filter: RoundFilter): Promise<ProviderRoundRecord[]> {
    let query = withThirdGameTables(this.db).selectFrom('provider_rounds').selectAll().where('player_id', '=', filter.playerId);
    if (filter.gameType !== undefined) query = query.where('game_type', '=', filter.gameType);
    if (filter.from) query = query.where('opened_at', '>=', filter.from);
    if (filter.to) query = query.where('opened_at', '<', filter.to);
    if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
    const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
    return rows.map(toRound);
  }

  /** A page of the player's rounds, newest first, with the game's names, and how many match in all. */
  async roundPage(filter: RoundPageFilter, page: number, pageSize: number): Promise<{ rows: NamedProviderRound[]; total: number }> {
    let query = withThirdGameTables(this.db).selectFrom('provider_rounds as r').where('r.player_id', '=', filter.playerId);
    if (filter.currency !== undefined) query = query.where('r.currency', '=', filter.currency);
    if (filter.gameType !== undefined) query = query.where('r.game_type', '=', filter.gameType);
    if (filter.from) query = query.where('r.opened_at', '>=', filter.from);
    if (filter.to) query = query.where('r.opened_at', '<', filter.to);
    const [rows, count] = await Promise.all([
      query
        .leftJoin('games as g', (join) =>
          join.onRef('g.aggregator', '=', 'r.aggregator').onRef('g.game_code', '=', 'r.game_code').onRef('g.manufacturer', '=', 'r.manufacturer'),
        )
        .selectAll('r')
        .select(['g.name_zh', 'g.name_en'])
        .orderBy('r.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({ ...toRound(row), nameZh: row.name_zh ?? null, nameEn: row.name_en ?? null })),
      total: Number(count.total),
    };
  }
}

/** The insert of a provider transaction that does nothing when its uuid is known, returning its id when new. */
function transactionInsert(tx: NewProviderTransaction) {
  return sql`
    insert into provider_transactions (aggregator, transaction_uuid, kind, player_id, user_id, round, game_code, currency, amount,
                                       reference_transaction_uuid, placeholder, rolled_back)
    values (${tx.aggregator}, ${tx.transactionUuid}, ${tx.kind}, ${tx.playerId}, ${tx.userId}, ${tx.round}, ${tx.gameCode}, ${tx.currency},
            ${tx.amount}, ${tx.referenceTransactionUuid}, ${tx.placeholder ?? false}, ${tx.placeholder ?? false})
    on conflict (aggregator, transaction_uuid) do nothing
    returning id`;
}

/**
 * The upsert that adds `change` to its round; with a `tail` (`from ... where ...`), written as a
 * select inside a larger statement, so the round only changes when the tail yields a row, and of
 * the game type and studio of the `session` CTE when `change` does not name them.
 */
function roundUpsert(change: RoundChange | SessionRoundChange, tail?: RawBuilder<unknown>) {
  const studio =
    'gameType' in change ? sql`${change.gameType}::int2, ${change.manufacturer}::text` : sql`session.game_type, session.manufacturer`;
  const values = sql`${change.aggregator}::text, ${change.round}::text, ${change.playerId}::int4, ${change.gameCode}::text, ${studio},
              ${change.currency}::text, ${change.bet > 0n ? change.bet : 0n}::int8, ${change.win}::int8,
              ${Math.max(change.bets, 0)}::int4, ${change.closed ? sql`now()` : sql`null::timestamptz`}`;
  return sql`
    insert into provider_rounds (aggregator, round, player_id, game_code, game_type, manufacturer, currency, bet_total, win_total, bet_count, closed_at)
    ${tail ? sql`select ${values} ${tail}` : sql`values (${values})`}
    on conflict (aggregator, player_id, round) do update set
      bet_total = provider_rounds.bet_total + ${change.bet},
      win_total = provider_rounds.win_total + ${change.win},
      bet_count = provider_rounds.bet_count + ${change.bets},
      updated_at = now(),
      closed_at = coalesce(provider_rounds.closed_at, excluded.closed_at)`;
}
