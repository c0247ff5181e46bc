import { BetStatus } from '@lobby/contract';
import { gamesDecidedAt, payoutRate, resultOf, RATE_SCALE, type HashResult, type Outcome } from '@lobby/hash-games';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { Ledger, type TransferLeg } from '../../money/ledger.service.ts';
import type { StoredBlock } from './hash-game.repo.ts';

const INT8_MAX = 2n ** 63n - 1n;

export const OUTCOME_STATUS: Record<Outcome, number> = {
  win: BetStatus.SETTLED_WIN,
  lose: BetStatus.SETTLED_LOSE,
  draw: BetStatus.SETTLED_DRAW,
};

export interface SettledRound {
  height: number;
  bets: number;
  /** Players whose wallet was credited, for the balance push. */
  paidPlayers: number[];
  /** Players with a bet in the round (credited or not), for the bet push. */
  players: number[];
}

/** A named point inside settlement where a test can make the engine die mid-transaction. */
export type SettlementFailpoint = (name: 'settle.after_update' | 'settle.before_commit') => void | Promise<void>;

/** Every result decided by a block, one per game whose round ends there. */
export function resultsAt(block: StoredBlock): Map<number, HashResult> {
  return new Map(gamesDecidedAt(block.height).map((gameId) => [gameId, resultOf(gameId, block.blockId, block.height)]));
}

/**
 * Settles every page bet of every round decided by `block`, once, in one transaction:
 * 1. claim the block (`settled_at` from null): a second engine, or a retry after a crash that did
 *    commit, finds it claimed and does nothing;
 * 2. one UPDATE ... FROM over the round's bets, with a rate per (game, area, odds) computed here by
 *    the package's `payoutRate`, so SQL only multiplies: payout = stake × rate / RATE_SCALE, rounded
 *    down exactly as `settle` rounds;
 * 3. the ledger credits: one transfer with a leg per player and currency, the house paying,
 *    posted set-based in one statement.
 * Transfer bets are not here: their block is known when they are seen, and they are settled then.
 */
export async function settleRound(executor: Db, block: StoredBlock, failpoint?: SettlementFailpoint): Promise<SettledRound | null> {
  const results = resultsAt(block);
  const gameIds = [...results.keys()];
  return executor.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('hash_blocks')
      .set({ settled_at: sql`now()` })
      .where('height', '=', BigInt(block.height))
      .where('settled_at', 'is', null)
      .returning('height')
      .executeTakeFirst();
    if (!claimed) return null;

    // The (game, area, odds) combinations present: odds are taken at bet time, so a change of
    // configuration during the round is honoured per bet.
    const combos = gameIds.length
      ? await trx
          .selectFrom('hash_bets')
          .select((eb) => ['game_id', 'area', 'odds_bp', eb.fn.max('amount').as('largest')])
          .where('round', '=', BigInt(block.height))
          .where('status', '=', BetStatus.UNSETTLED)
          .where('source', '=', 'page')
          .where('game_id', 'in', gameIds)
          .groupBy(['game_id', 'area', 'odds_bp'])
          .execute()
      : [];
    if (combos.length === 0) {
      await trx.updateTable('hash_blocks').set({ settled_bets: 0 }).where('height', '=', BigInt(block.height)).execute();
      return { height: block.height, bets: 0, paidPlayers: [], players: [] };
    }
    const rates = combos.map((combo) => {
      const { outcome, rate } = payoutRate({ area: combo.area, result: results.get(combo.game_id)!, odds: combo.odds_bp });
      return { ...combo, status: OUTCOME_STATUS[outcome], rate };
    });
    // Plain int8 arithmetic is exact as long as no stake × rate can overflow it; only absurd odds on
    // absurd stakes need the slower numeric path.
    const exactInInt8 = rates.every((r) => BigInt(r.largest) * r.rate < INT8_MAX);
    const payout = exactInInt8
      ? sql`b.amount * r.rate / ${RATE_SCALE.toString()}::int8`
      : sql`div(b.amount::numeric * r.rate, ${RATE_SCALE.toString()}::numeric)::int8`;

    const { rows } = await sql<{ player_id: number; currency: 'USDT' | 'TRX'; paid: string; bets: string }>`
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
        where b.round = ${block.height}::int8
          and b.status = ${BetStatus.UNSETTLED}
          and b.source = 'page'
          and b.game_id = r.game_id and b.area = r.area and b.odds_bp = r.odds_bp
        returning b.player_id, b.currency, b.payout
      )
      select player_id, currency, sum(payout)::text as paid, count(*)::text as bets
      from settled group by player_id, currency`.execute(trx);
    await failpoint?.('settle.after_update');

    let bets = 0;
    const paidPlayers = new Set<number>();
    const players = new Set<number>();
    const credits: { playerId: number; currency: 'USDT' | 'TRX'; amount: bigint }[] = [];
    for (const row of rows) {
      bets += Number(row.bets);
      players.add(row.player_id);
      const paid = BigInt(row.paid);
      if (paid === 0n) continue;
      paidPlayers.add(row.player_id);
      credits.push({ playerId: row.player_id, currency: row.currency, amount: paid });
    }
    if (credits.length > 0) {
      const house = new Map<'USDT' | 'TRX', bigint>();
      const legs: TransferLeg[] = credits.map((credit) => {
        house.set(credit.currency, (house.get(credit.currency) ?? 0n) + credit.amount);
        return { account: { kind: 'player', playerId: credit.playerId }, currency: credit.currency, amount: credit.amount };
      });
      for (const [currency, total] of house) legs.push({ account: { kind: 'house' }, currency, amount: -total });
      await new Ledger(trx).postRound(
        {
          idempotencyKey: `hash:round:${block.height}`,
          kind: 'hash_payout',
          reference: String(block.height),
          metadata: { height: block.height, blockId: block.blockId, bets },
          legs,
        },
        trx,
      );
    }
    await trx.updateTable('hash_blocks').set({ settled_bets: bets }).where('height', '=', BigInt(block.height)).execute();
    await failpoint?.('settle.before_commit');
    return { height: block.height, bets, paidPlayers: [...paidPlayers], players: [...players] };
  });
}
