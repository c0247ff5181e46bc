import { sql, type RawBuilder } from 'kysely';
import { HOT_STATEMENT, type Db } from '../../db/database.ts';
import type { TransferInput } from '../../money/ledger.service.ts';
import { providerRoundTurnoverCtes, toLevelUps, type LevelUp, type LevelUpRow, type TurnoverTerms } from '../turnover/turnover.repo.ts';
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
  /** Micro-units of a bet's stake drawn from bonus money, or of a win or refund credited to it. */
  bonusAmount: bigint;
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
  /** Wins received (a win of 0 too): 1 for a win, else 0. */
  wins?: number;
  closed: boolean;
}

/** A round as it stood before a callback: closed or not, and its stakes in micro-units. */
export interface RoundStanding {
  closed: boolean;
  stakes: bigint;
  /** The part of `stakes` drawn from bonus money. */
  bonusStakes: bigint;
}

/** A player's money in one currency, micro-units: cash, and bonus money still to be wagered. */
export interface CashAndBonus {
  cash: bigint;
  bonus: bigint;
}

/** One bet or win of a batch, with the ledger transfer that moves its money (`micro`, the player's side). */
export interface WalletBatchCall {
  kind: 'bet' | 'win';
  token: string;
  transactionUuid: string;
  referenceTransactionUuid: string | null;
  playerId: number;
  userId: string;
  round: string;
  gameCode: string;
  currency: string;
  amount: bigint;
  /** Micro-units added to the player's wallet: negative for a bet. */
  micro: bigint;
  closed: boolean;
  transfer: TransferInput;
}

type BatchRow = {
  row_kind: 'call' | 'level';
  n: number;
  applied: boolean;
  balance: string | null;
  player_id: number;
  from_level: number;
  to_level: number;
  xp: string;
};

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
  ended: row.ended ?? row.ended_at !== null,
  playerStatus: Number(row.status),
});

/** How long a game session lives without a callback or entry, and how stale its last sighting may get before it is written again. */
export interface SessionTerms {
  idleSeconds: number;
  touchSeconds: number;
}

/**
 * The session under `token` with its player's standing, as a CTE named `session` (the columns
 * `toSession` reads): ended when ended, or when idle longer than `terms.idleSeconds`. With it, a CTE
 * `touched` writes down that the session was seen now, at most once per `terms.touchSeconds` (an
 * ended session stays ended; a refused call rolls the sighting back with everything else).
 */
const sessionCte = (token: string, terms: SessionTerms) => sql`session as (
  select s.player_id, s.aggregator, s.game_code, s.game_type, s.manufacturer, p.status,
         s.ended_at is not null or s.last_seen_at < now() - make_interval(secs => ${terms.idleSeconds}) as ended
  from third_game_sessions s join players p on p.id = s.player_id
  where s.token = ${token}),
  touched as (
    update third_game_sessions set last_seen_at = now()
    where token = ${token} and ended_at is null and last_seen_at < now() - make_interval(secs => ${terms.touchSeconds})
    returning 1)`;

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
  bonusAmount: BigInt(row.bonus_amount ?? 0),
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
  async recordBet(
    token: string,
    tx: NewProviderTransaction,
    round: SessionRoundChange,
    terms: SessionTerms,
    trx: Db,
  ): Promise<{ session: WalletSession | null; fresh: boolean }> {
    const { rows } = await sql<Record<string, unknown> & { recorded_id: string | null }>`
      with ${sessionCte(token, terms)},
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
   * no such transaction exists; `before` is the round as it stood before this win (locked until the
   * end of `trx`, so two wins of one round go one after the other). The caller judges the session, the
   * bet and the round and rolls `trx` back when it refuses the win.
   */
  async recordWin(
    token: string,
    tx: NewProviderTransaction & { referenceTransactionUuid: string; round: string },
    round: SessionRoundChange,
    terms: SessionTerms,
    trx: Db,
  ): Promise<{ session: WalletSession | null; fresh: boolean; bet: StoredProviderTransaction | null; before: RoundStanding }> {
    const { rows } = await sql<{
      recorded_id: string | null;
      session: Record<string, unknown> | null;
      bet: Record<string, unknown> | null;
      round_closed: boolean | null;
      round_stakes: string | null;
      round_bonus_stakes: string | null;
    }>`
      with ${sessionCte(token, terms)},
      recorded as (${transactionInsert(tx)}),
      bet as (
        select * from provider_transactions
        where aggregator = ${tx.aggregator} and transaction_uuid = ${tx.referenceTransactionUuid}
        for update
      ),
      round_before as (
        select r.closed_at is not null as closed, r.bet_total, r.bonus_total from provider_rounds r
        where r.aggregator = ${tx.aggregator} and r.player_id = ${tx.playerId} and r.round = ${tx.round}
        for update
      ),
      round_changed as (${roundUpsert(
        round,
        sql`from session where exists (select 1 from recorded)
              and exists (select 1 from bet where bet.kind = 'bet' and bet.player_id = ${tx.playerId} and not bet.rolled_back)
              and not coalesce((select closed from round_before), false)`,
      )})
      select (select id::text from recorded) as recorded_id,
             (select to_jsonb(session) from session) as session,
             (select to_jsonb(bet) from bet) as bet,
             (select closed from round_before) as round_closed,
             (select bet_total::text from round_before) as round_stakes,
             (select bonus_total::text from round_before) as round_bonus_stakes`.execute(trx);
    const row = rows[0];
    return {
      session: row.session === null ? null : toSession(row.session),
      fresh: row.recorded_id !== null,
      bet: row.bet === null ? null : toTransaction(row.bet),
      before: { closed: row.round_closed ?? false, stakes: BigInt(row.round_stakes ?? 0), bonusStakes: BigInt(row.round_bonus_stakes ?? 0) },
    };
  }

  /** A round's standing, locked until the end of `trx` (a rollback and a win of one round go one after the other). */
  async lockRound(aggregator: string, playerId: number, round: string, trx: Db): Promise<{ winCount: number; closed: boolean } | null> {
    const row = await withThirdGameTables(trx)
      .selectFrom('provider_rounds')
      .select(['win_count', 'closed_at'])
      .where('aggregator', '=', aggregator)
      .where('player_id', '=', playerId)
      .where('round', '=', round)
      .forUpdate()
      .executeTakeFirst();
    return row ? { winCount: Number(row.win_count), closed: row.closed_at !== null } : null;
  }

  /** The player's cash and bonus balances in `currency` (a missing account reads 0). */
  async cashAndBonus(playerId: number, currency: 'USDT' | 'TRX', trx?: Db): Promise<CashAndBonus> {
    const rows = await (trx ?? this.db)
      .selectFrom('ledger_accounts')
      .select(['kind', 'balance'])
      .where('kind', 'in', ['player', 'player_bonus'])
      .where('owner_id', '=', BigInt(playerId))
      .where('currency', '=', currency)
      .execute();
    const of = (kind: string) => BigInt(rows.find((row) => row.kind === kind)?.balance ?? 0);
    return { cash: of('player'), bonus: of('player_bonus') };
  }

  /** Whether a payout's bonus part returns to bonus money (the player's requirement is live), else to cash. */
  async bonusKeeps(playerId: number, currency: 'USDT' | 'TRX', trx: Db): Promise<boolean> {
    const { rows } = await sql<{ keeps: boolean }>`select bonus_keeps(${playerId}, ${currency}) as keeps`.execute(trx);
    return rows[0].keeps;
  }

  /**
   * Records the bonus part of a bet (`stake` > 0: drawn from bonus, added to its round and to the
   * player's bonus at stake) or of a refund (`stake` < 0: taken off its round and, while the round is
   * open, off the bonus at stake), and the bonus part a transaction credited. Before the ledger
   * transfer: wagering is locked before the ledger, as every writer of it does.
   */
  async recordBonusStake(
    change: {
      aggregator: string;
      transactionUuid: string;
      playerId: number;
      round: string | null;
      currency: 'USDT' | 'TRX';
      stake: bigint;
      credited: bigint;
      roundOpen: boolean;
    },
    trx: Db,
  ): Promise<void> {
    await withThirdGameTables(trx)
      .updateTable('provider_transactions')
      .set({ bonus_amount: change.stake > 0n ? change.stake : change.credited })
      .where('aggregator', '=', change.aggregator)
      .where('transaction_uuid', '=', change.transactionUuid)
      .execute();
    if (change.stake === 0n) return;
    if (change.round !== null) {
      await sql`
        update provider_rounds set bonus_total = bonus_total + ${change.stake}
        where aggregator = ${change.aggregator} and player_id = ${change.playerId} and round = ${change.round}`.execute(trx);
    }
    if (change.stake > 0n || change.roundOpen) await this.changeBonusAtStake(change.playerId, change.currency, change.stake, trx);
  }

  /**
   * A closed round's bonus stakes, taken off the player's bonus at stake once (the first time it is
   * seen closed); true when it took some. Nothing for a round without bonus stakes.
   */
  async settleRoundBonus(aggregator: string, playerId: number, round: string, currency: 'USDT' | 'TRX', trx: Db): Promise<boolean> {
    const { rows } = await sql<{ bonus_total: string }>`
      update provider_rounds set bonus_settled = true
      where aggregator = ${aggregator} and player_id = ${playerId} and round = ${round}
        and closed_at is not null and not bonus_settled and bonus_total > 0
      returning bonus_total::text`.execute(trx);
    if (rows.length > 0) await this.changeBonusAtStake(playerId, currency, -BigInt(rows[0].bonus_total), trx);
    return rows.length > 0;
  }

  private async changeBonusAtStake(playerId: number, currency: 'USDT' | 'TRX', delta: bigint, trx: Db): Promise<void> {
    await sql`
      update wagering set bonus_at_stake = greatest(bonus_at_stake + ${delta}::int8, 0), updated_at = now()
      where player_id = ${playerId} and currency = ${currency}`.execute(trx);
  }

  /**
   * Applies a batch of bets and wins (at most one per player and per uuid) in one statement
   * (db/functions/provider_wallet_apply.sql): the plain ones (a live session, a win that is
   * plausible under `limits` on an open round) are judged, recorded, added to their
   * rounds and posted to the ledger, and with `turnover` the rounds they close are recorded as
   * turnover in the same statement. Answers per call whether it was applied and the balance after it
   * (micro-units), and the players whose VIP level rose. A batch the database cannot apply as judged
   * throws and has moved nothing.
   */
  async applyBatch(
    wallet: { aggregator: string; walletCurrency: string; ledgerCurrency: 'USDT' | 'TRX'; settlementOwner: bigint },
    limits: { session: SessionTerms; winHoldMultiple: bigint; winHoldCap: bigint },
    calls: readonly WalletBatchCall[],
    turnover?: TurnoverTerms,
  ): Promise<{ calls: { applied: boolean; balance: bigint | null }[]; levelUps: LevelUp[] }> {
    const col = <T>(pick: (c: WalletBatchCall) => T) => calls.map(pick);
    const applied = sql`applied as materialized (
        select * from provider_wallet_apply(
          ${wallet.aggregator}::text, ${wallet.walletCurrency}::text, ${wallet.ledgerCurrency}::text, ${wallet.settlementOwner.toString()}::int8,
          ${col((c) => c.kind)}::text[], ${col((c) => c.token)}::text[], ${col((c) => c.transactionUuid)}::text[],
          ${col((c) => c.referenceTransactionUuid)}::text[], ${col((c) => c.playerId)}::int4[], ${col((c) => c.userId)}::text[],
          ${col((c) => c.round)}::text[], ${col((c) => c.gameCode)}::text[], ${col((c) => c.currency)}::text[],
          ${col((c) => c.amount.toString())}::int8[], ${col((c) => c.micro.toString())}::int8[], ${col((c) => c.closed)}::bool[],
          ${col((c) => c.transfer.idempotencyKey)}::text[], ${col((c) => c.transfer.kind)}::text[],
          ${JSON.stringify(col((c) => c.transfer.metadata ?? {}))}::jsonb,
          ${limits.session.idleSeconds}::int4, ${limits.session.touchSeconds}::int4,
          ${limits.winHoldMultiple.toString()}::int8, ${limits.winHoldCap.toString()}::int8)
      )`;
    const callRows = sql`select 'call' as row_kind, o_n as n, o_applied as applied, o_balance::text as balance,
             null::int4 as player_id, null::int2 as from_level, null::int2 as to_level, null::text as xp
      from applied`;
    const { rows } = turnover
      ? await sql<BatchRow>`${sql.raw(HOT_STATEMENT)}
          with ${applied},
          ${providerRoundTurnoverCtes(
            sql`(select ${wallet.aggregator}::text as aggregator, o_player_id as player_id, o_round as round, o_game_type as game_type,
                        ${wallet.ledgerCurrency}::text as currency, o_bet_total as bet_total, o_win_total as win_total, o_closes as closed
                 from applied)`,
            turnover,
          )}
          ${callRows}
          union all
          select 'level', null, null, null, player_id, from_level, to_level, xp::text from turnover_level_ups`.execute(this.db)
      : await sql<BatchRow>`${sql.raw(HOT_STATEMENT)} with ${applied} ${callRows}`.execute(this.db);
    const answers: { applied: boolean; balance: bigint | null }[] = new Array(calls.length);
    const levelUps: LevelUpRow[] = [];
    for (const row of rows) {
      if (row.row_kind === 'call') answers[row.n - 1] = { applied: row.applied, balance: row.balance === null ? null : BigInt(row.balance) };
      else levelUps.push({ player_id: row.player_id, from_level: row.from_level, to_level: row.to_level, xp: row.xp });
    }
    return { calls: answers, levelUps: toLevelUps(levelUps) };
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
  const studio = 'gameType' in change ? sql`${change.gameType}::int2, ${change.manufacturer}::text` : sql`session.game_type, session.manufacturer`;
  const values = sql`${change.aggregator}::text, ${change.round}::text, ${change.playerId}::int4, ${change.gameCode}::text, ${studio},
              ${change.currency}::text, ${change.bet > 0n ? change.bet : 0n}::int8, ${change.win > 0n ? change.win : 0n}::int8,
              ${Math.max(change.bets, 0)}::int4, ${change.wins ?? 0}::int4, ${change.closed ? sql`now()` : sql`null::timestamptz`}`;
  return sql`
    insert into provider_rounds (aggregator, round, player_id, game_code, game_type, manufacturer, currency, bet_total, win_total, bet_count, win_count, closed_at)
    ${tail ? sql`select ${values} ${tail}` : sql`values (${values})`}
    on conflict (aggregator, player_id, round) do update set
      bet_total = provider_rounds.bet_total + ${change.bet},
      win_total = provider_rounds.win_total + ${change.win},
      bet_count = provider_rounds.bet_count + ${change.bets},
      win_count = provider_rounds.win_count + ${change.wins ?? 0}::int4,
      updated_at = now(),
      closed_at = coalesce(provider_rounds.closed_at, excluded.closed_at)`;
}
