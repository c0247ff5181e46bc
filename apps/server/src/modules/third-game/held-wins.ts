import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { playerLegs, type Ledger, type LedgerCurrency, type TransferInput } from '../../money/ledger.service.ts';
import type { HeldWinStatus } from './tables.ts';
import { withThirdGameTables } from './third-game.repo.ts';

/**
 * Wins above the plausible (PROVIDERS.md "Plausibility"): a win larger than a multiple of its round's
 * stakes, or than an absolute cap, is credited to the `provider_held_wins` ledger account instead of
 * the player and waits here for an operator. Releasing it moves it to the player; rejecting it moves
 * it back to `provider_settlement`, as if the aggregator had never sent it. Each decides once.
 */

export const HELD_WINS_ACCOUNT = 'provider_held_wins';

export type HoldReason = 'multiple' | 'cap';

export interface NewHeldWin {
  aggregator: string;
  transactionUuid: string;
  playerId: number;
  round: string;
  gameCode: string;
  currency: LedgerCurrency;
  /** Micro-units. */
  amount: bigint;
  /** The round's stakes when the win arrived, micro-units. */
  stakes: bigint;
  reason: HoldReason;
}

export interface HeldWin extends NewHeldWin {
  id: number;
  status: HeldWinStatus;
  decidedBy: string | null;
  decisionReason: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

/** Why a win of `micro` on a round of `stakes` is held, or null when it is plausible. */
export function holdReason(micro: bigint, stakes: bigint, limits: { winHoldMultiple: bigint; winHoldCap: bigint }): HoldReason | null {
  if (micro > limits.winHoldCap) return 'cap';
  if (micro > stakes * limits.winHoldMultiple) return 'multiple';
  return null;
}

/** The ledger transfer of a held win: from the aggregator's settlement into the held account. */
export function heldWinTransfer(base: Omit<TransferInput, 'legs'>, currency: LedgerCurrency, micro: bigint): TransferInput {
  return {
    ...base,
    legs: [
      { account: { kind: HELD_WINS_ACCOUNT }, currency, amount: micro },
      { account: { kind: 'provider_settlement' }, currency, amount: -micro },
    ],
  };
}

/** What an operator decided: the held win as it now stands, and whether this call decided it (false: it had been, the same way). */
export interface Decision {
  win: HeldWin;
  decidedNow: boolean;
}

/** A decision that cannot be taken: the win is unknown, or was decided the other way. */
export class HeldWinDecisionError extends Error {
  constructor(
    readonly kind: 'missing' | 'decided',
    message: string,
  ) {
    super(message);
  }
}

export class HeldWins {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly onBalanceChanged?: (playerId: number) => void,
  ) {}

  /** Records a held win and posts its transfer inside the caller's transaction. */
  async hold(win: NewHeldWin, transfer: Omit<TransferInput, 'legs'>, trx: Db): Promise<void> {
    await withThirdGameTables(trx)
      .insertInto('provider_held_wins')
      .values({
        aggregator: win.aggregator,
        transaction_uuid: win.transactionUuid,
        player_id: win.playerId,
        round: win.round,
        game_code: win.gameCode,
        currency: win.currency,
        amount: win.amount,
        stakes: win.stakes,
        reason: win.reason,
      })
      .execute();
    await this.ledger.transfer(heldWinTransfer(transfer, win.currency, win.amount), trx);
  }

  /** Held wins, oldest first, of one status (default: waiting), at most `limit`. */
  async list(filter: { status?: HeldWinStatus; playerId?: number; limit: number }): Promise<HeldWin[]> {
    let query = withThirdGameTables(this.db)
      .selectFrom('provider_held_wins')
      .selectAll()
      .where('status', '=', filter.status ?? 'held');
    if (filter.playerId !== undefined) query = query.where('player_id', '=', filter.playerId);
    const rows = await query.orderBy('id').limit(filter.limit).execute();
    return rows.map(toHeldWin);
  }

  /** A held win, or null when there is none of that id. */
  async find(id: number): Promise<HeldWin | null> {
    const row = await withThirdGameTables(this.db).selectFrom('provider_held_wins').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
    return row ? toHeldWin(row) : null;
  }

  /**
   * Credits a held win to its player, once, as its round was staked (the bonus part, rounded down, to
   * bonus money while the player's requirement is live; the rest to cash); the round counts it from then on.
   * Inside the caller's transaction (a second person's approval): call `announce` once it committed.
   */
  releaseIn(trx: Db, id: number, by: string, reason: string): Promise<Decision> {
    return this.decideIn(trx, id, 'released', by, reason, async (win) => {
      const { rows } = await sql<{ to_bonus: string }>`
        select case when r.bet_total > 0 and bonus_keeps(${win.playerId}, ${win.currency})
                    then floor(${win.amount}::numeric * r.bonus_total / r.bet_total)::int8 else 0 end::text as to_bonus
        from provider_rounds r
        where r.aggregator = ${win.aggregator} and r.player_id = ${win.playerId} and r.round = ${win.round}`.execute(trx);
      const toBonus = BigInt(rows[0]?.to_bonus ?? 0);
      await this.ledger.transfer(
        {
          idempotencyKey: `held-win:${win.id}:release`,
          kind: 'provider_win_released',
          reference: win.transactionUuid,
          metadata: { aggregator: win.aggregator, round: win.round, game: win.gameCode, by },
          legs: [
            { account: { kind: HELD_WINS_ACCOUNT }, currency: win.currency, amount: -win.amount },
            ...playerLegs(win.playerId, win.currency, win.amount - toBonus, toBonus),
          ],
        },
        trx,
      );
      await sql`
        update provider_rounds set win_total = win_total + ${win.amount}, updated_at = now()
        where aggregator = ${win.aggregator} and player_id = ${win.playerId} and round = ${win.round}`.execute(trx);
    });
  }

  /** Returns a held win to the aggregator's settlement account, once: the player never receives it. */
  reject(id: number, by: string, reason: string): Promise<Decision> {
    return this.db.transaction().execute((trx) =>
      this.decideIn(trx, id, 'rejected', by, reason, async (win) => {
        await this.ledger.transfer(
          {
            idempotencyKey: `held-win:${win.id}:reject`,
            kind: 'provider_win_rejected',
            reference: win.transactionUuid,
            metadata: { aggregator: win.aggregator, round: win.round, game: win.gameCode, by },
            legs: [
              { account: { kind: HELD_WINS_ACCOUNT }, currency: win.currency, amount: -win.amount },
              { account: { kind: 'provider_settlement' }, currency: win.currency, amount: win.amount },
            ],
          },
          trx,
        );
      }),
    );
  }

  /** Tells the player of a win released to them now (nothing for one released before). */
  announce(decision: Decision): void {
    if (decision.decidedNow && decision.win.status === 'released') this.onBalanceChanged?.(decision.win.playerId);
  }

  private async decideIn(
    trx: Db,
    id: number,
    status: 'released' | 'rejected',
    by: string,
    reason: string,
    move: (win: HeldWin) => Promise<void>,
  ): Promise<Decision> {
    const row = await withThirdGameTables(trx).selectFrom('provider_held_wins').selectAll().where('id', '=', BigInt(id)).forUpdate().executeTakeFirst();
    if (!row) throw new HeldWinDecisionError('missing', `no held win ${id}`);
    const win = toHeldWin(row);
    if (win.status === status) return { win, decidedNow: false };
    if (win.status !== 'held') throw new HeldWinDecisionError('decided', `held win ${id} was ${win.status}`);
    await move(win);
    const updated = await withThirdGameTables(trx)
      .updateTable('provider_held_wins')
      .set({ status, decided_by: by, decision_reason: reason, decided_at: new Date() })
      .where('id', '=', BigInt(id))
      .returningAll()
      .executeTakeFirstOrThrow();
    return { win: toHeldWin(updated), decidedNow: true };
  }
}

function toHeldWin(row: any): HeldWin {
  return {
    id: Number(row.id),
    aggregator: row.aggregator,
    transactionUuid: row.transaction_uuid,
    playerId: row.player_id,
    round: row.round,
    gameCode: row.game_code,
    currency: row.currency,
    amount: BigInt(row.amount),
    stakes: BigInt(row.stakes),
    reason: row.reason,
    status: row.status,
    decidedBy: row.decided_by,
    decisionReason: row.decision_reason,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
  };
}
