import { BetStatus } from '@lobby/contract';
import { gamesDecidedAt, payoutRate, resultOf, RATE_SCALE, type HashResult, type Outcome } from '@lobby/hash-games';
import type { Db } from '../../db/database.ts';
import { Ledger, type TransferLeg } from '../../money/ledger.service.ts';
import { dropSpentRequirements } from '../bonus/wagering.ts';
import type { LevelUp, TurnoverTerms } from '../turnover/turnover.repo.ts';
import { DEFAULT_TURNOVER_TERMS } from '../vip/vip-terms.ts';
import { HashGameRepository, type StoredBlock } from './hash-game.repo.ts';

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
  /** Players whose VIP level rose with this round's turnover, for the level-up push. */
  levelUps: LevelUp[];
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
 *    The same statement records the round's valid turnover, XP, level, rebate accrual and wagering
 *    under `terms` (the operator's VIP settings);
 * 3. the ledger credits: one transfer with a leg per player and currency, the house paying,
 *    posted set-based in one statement. A bet drawn partly on bonus (`stake_bonus`) pays its bonus
 *    part, floor(payout × stake_bonus / amount), to the player's bonus money while their requirement
 *    is live (`bonus_keeps`), else to cash, and the rest to cash; its bonus stake leaves
 *    `wagering.bonus_at_stake`. Bets of players without bonus money cost nothing more.
 * The round's wagering rows are locked first, by player, as bets drawing on bonus lock them.
 * Transfer bets are not here: their block is known when they are seen, and they are settled then.
 */
export async function settleRound(
  executor: Db,
  block: StoredBlock,
  failpoint?: SettlementFailpoint,
  terms: TurnoverTerms = DEFAULT_TURNOVER_TERMS,
): Promise<SettledRound | null> {
  const results = resultsAt(block);
  const gameIds = [...results.keys()];
  const repo = new HashGameRepository(executor);
  return executor.transaction().execute(async (trx) => {
    if (!(await repo.claimBlock(trx, block.height))) return null;

    // The (game, area, odds) combinations present: odds are taken at bet time, so a change of
    // configuration during the round is honoured per bet.
    const combos = await repo.unsettledCombos(trx, block.height, gameIds);
    if (combos.length === 0) {
      await repo.recordSettledBets(trx, block.height, 0);
      return { height: block.height, bets: 0, paidPlayers: [], players: [], levelUps: [] };
    }
    const rates = combos.map((combo) => {
      const { outcome, rate } = payoutRate({ area: combo.area, result: results.get(combo.game_id)!, odds: combo.odds_bp });
      return { ...combo, status: OUTCOME_STATUS[outcome], rate };
    });
    // Plain int8 arithmetic is exact as long as no stake × rate can overflow it; only absurd odds on
    // absurd stakes need the slower numeric path.
    const exactInInt8 = rates.every((r) => BigInt(r.largest) * r.rate < INT8_MAX);
    await repo.lockRoundWagering(trx, block.height);
    const { rows, levelUps } = await repo.settlePageBets(trx, block.height, rates, RATE_SCALE, exactInInt8, terms);
    await failpoint?.('settle.after_update');

    // Bets drawn partly on bonus money: their stakes leave bonus_at_stake, and their payouts' bonus
    // parts return to bonus while the requirement is live, else to cash (a separate statement from
    // the turnover's, which writes the same wagering rows and may just have met the requirement).
    const bonusRows = rows.filter((row) => row.stake_bonus !== null && BigInt(row.stake_bonus) > 0n);
    const keeps =
      bonusRows.length === 0
        ? new Map<string, boolean>()
        : await repo.settleBonusStakes(
            trx,
            bonusRows.map((row) => ({ playerId: row.player_id, currency: row.currency, stake: BigInt(row.stake_bonus!) })),
          );

    let bets = 0;
    const paidPlayers = new Set<number>();
    const players = new Set<number>();
    const credits: { account: 'player' | 'player_bonus'; playerId: number; currency: 'USDT' | 'TRX'; amount: bigint }[] = [];
    for (const row of rows) {
      bets += Number(row.bets);
      players.add(row.player_id);
      const paid = BigInt(row.paid);
      if (paid === 0n) continue;
      paidPlayers.add(row.player_id);
      const bonus = row.paid_bonus === null ? 0n : BigInt(row.paid_bonus);
      if (bonus > 0n && keeps.get(`${row.player_id}:${row.currency}`)) {
        credits.push({ account: 'player_bonus', playerId: row.player_id, currency: row.currency, amount: bonus });
        if (paid > bonus) credits.push({ account: 'player', playerId: row.player_id, currency: row.currency, amount: paid - bonus });
      } else {
        credits.push({ account: 'player', playerId: row.player_id, currency: row.currency, amount: paid });
      }
    }
    if (credits.length > 0) {
      const house = new Map<'USDT' | 'TRX', bigint>();
      const legs: TransferLeg[] = credits.map((credit) => {
        house.set(credit.currency, (house.get(credit.currency) ?? 0n) + credit.amount);
        return { account: { kind: credit.account, playerId: credit.playerId }, currency: credit.currency, amount: credit.amount };
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
    // A requirement whose bonus was all lost (none left, none at stake) has nothing left to release.
    await dropSpentRequirements(
      trx,
      bonusRows.map((row) => ({ playerId: row.player_id, currency: row.currency })),
    );
    await repo.recordSettledBets(trx, block.height, bets);
    await failpoint?.('settle.before_commit');
    return { height: block.height, bets, paidPlayers: [...paidPlayers], players: [...players], levelUps };
  });
}
