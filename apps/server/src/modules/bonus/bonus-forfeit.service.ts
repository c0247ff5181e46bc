import { formatMicro } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import { playerBalancesView } from '../../money/balances.ts';
import type { Ledger, LedgerCurrency, TransferLeg } from '../../money/ledger.service.ts';
import { BonusRepository, type BonusForfeitRow } from './bonus.repo.ts';
import { guardsCash } from './wagering.ts';

/** Who gives a bonus up: the player (confirmed on screen, once per request id) or an operator (with a reason). */
export type ForfeitActor = { player: true; requestId: string } | { player: false; operator: string; reason: string };

export interface ForfeitOutcome {
  row: BonusForfeitRow;
  /** True when the request had been answered before: nothing moved this time. */
  replayed: boolean;
}

/**
 * Giving bonus money up, and waiving a requirement (ECONOMY.md "Bonus money and wagering"):
 * - forfeit: the bonus balance of a currency returns to the house (`bonus_pool`) and the outstanding
 *   wagering drops to 0. A requirement from before cash and bonus were apart (`legacy`) was paid to
 *   cash: its unwagered share of those credits (credits × outstanding / required, at most the cash)
 *   returns from cash.
 * - waive (operators only): the requirement drops to 0, which releases the bonus balance to cash
 *   (the database's release trigger).
 * Refused while a bet staked with bonus money is open (its payout would return as cash once the
 * requirement is gone) and for experience gold (it ends with the experience). Each is one
 * transaction: the requirement row locked first, then the ledger, as every writer of wagering does.
 */
export class BonusForfeits {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly announce?: Pick<BalanceEvents, 'changed'>,
  ) {}

  /** The player's forfeit, answered as `/v1/bonus/forfeit` answers it. */
  async forfeitByPlayer(playerId: number, currency: LedgerCurrency, requestId: string) {
    const outcome = await this.forfeit(playerId, currency, { player: true, requestId });
    if (outcome.replayed && outcome.row.currency !== currency) throw fail('INVALID_PARAMETERS', 'requestId: already used for another currency');
    return { forfeit: forfeitView(outcome.row), balances: await playerBalancesView(this.db, playerId) };
  }

  async forfeit(playerId: number, currency: LedgerCurrency, actor: ForfeitActor): Promise<ForfeitOutcome> {
    if (actor.player) {
      const previous = await new BonusRepository(this.db).findForfeit(playerId, actor.requestId);
      if (previous) return { row: previous, replayed: true };
    }
    const outcome = await this.db.transaction().execute(async (trx): Promise<ForfeitOutcome> => {
      const repo = new BonusRepository(trx);
      const requirement = await this.lockRequirement(trx, playerId, currency);
      // A copy of the same request that held the lock before us has committed by now: answer it.
      const copy = actor.player ? await repo.findForfeit(playerId, actor.requestId) : undefined;
      if (copy) return { row: copy, replayed: true };
      const bonus = await this.ledger.balance({ kind: 'player_bonus', playerId }, currency, trx);
      let fromCash = 0n;
      if (guardsCash(requirement)) {
        const credited = await repo.creditsOfRequirement(playerId, currency, requirement.required);
        const unwagered = requirement.required === 0n ? 0n : (credited * requirement.outstanding) / requirement.required;
        const cash = await this.ledger.balance({ kind: 'player', playerId }, currency, trx);
        fromCash = min(cash, unwagered > bonus ? unwagered - bonus : 0n);
      }
      if (bonus === 0n && fromCash === 0n && requirement.outstanding === 0n) throw fail('NO_REWARD', 'there is no bonus to forfeit');
      const row = await repo.insertForfeit({
        action: 'forfeit',
        player_id: playerId,
        currency,
        amount: bonus + fromCash,
        outstanding: requirement.outstanding,
        by_player: actor.player,
        request_id: actor.player ? actor.requestId : null,
        operator: actor.player ? null : actor.operator,
        reason: actor.player ? null : actor.reason,
      });
      // A copy of the same request committed first: this one waited on its key and answers it.
      if (!row) return { row: (await repo.findForfeit(playerId, (actor as { requestId: string }).requestId))!, replayed: true };
      const legs: TransferLeg[] = [];
      if (bonus > 0n) legs.push({ account: { kind: 'player_bonus', playerId }, currency, amount: -bonus });
      if (fromCash > 0n) legs.push({ account: { kind: 'player', playerId }, currency, amount: -fromCash });
      if (legs.length > 0) {
        legs.push({ account: { kind: 'bonus_pool' }, currency, amount: bonus + fromCash });
        await this.ledger.transfer(
          { idempotencyKey: `bonus:forfeit:${row.id}`, kind: 'bonus_forfeit', reference: String(row.id), metadata: { byPlayer: actor.player }, legs },
          trx,
        );
      }
      // The bonus is gone first, so the requirement reaching 0 releases nothing.
      await repo.clearWagering(playerId, currency);
      return { row, replayed: false };
    });
    if (!outcome.replayed) await this.announce?.changed([playerId]);
    return outcome;
  }

  /** An operator drops a requirement: what bonus is left becomes cash at once. */
  async waive(playerId: number, currency: LedgerCurrency, operator: string, reason: string): Promise<BonusForfeitRow> {
    const row = await this.db.transaction().execute(async (trx) => {
      const repo = new BonusRepository(trx);
      const requirement = await this.lockRequirement(trx, playerId, currency);
      if (requirement.outstanding === 0n) throw fail('NO_REWARD', 'nothing is outstanding');
      const bonus = await this.ledger.balance({ kind: 'player_bonus', playerId }, currency, trx);
      const inserted = await repo.insertForfeit({
        action: 'waive',
        player_id: playerId,
        currency,
        amount: bonus,
        outstanding: requirement.outstanding,
        by_player: false,
        request_id: null,
        operator,
        reason,
      });
      // Reaching 0 releases the bonus balance to cash (functions/wagering_release.sql).
      await repo.clearWagering(playerId, currency);
      return inserted!;
    });
    await this.announce?.changed([playerId]);
    return row;
  }

  /** A player's requirements and their forfeits and waivers, for an operator. */
  async stateOf(playerId: number) {
    const repo = new BonusRepository(this.db);
    const [requirements, history, balances] = await Promise.all([repo.wagering(playerId), repo.forfeits(playerId, 50), playerBalancesView(this.db, playerId)]);
    return {
      balances,
      requirements: requirements.map((w) => ({
        currency: w.currency,
        outstanding: formatMicro(w.outstanding),
        required: formatMicro(w.required),
        bonusAtStake: formatMicro(w.bonus_at_stake),
        experience: w.locked,
        guardsCash: guardsCash(w),
      })),
      history: history.map((row) => ({
        id: Number(row.id),
        action: row.action,
        ...forfeitView(row),
        byPlayer: row.by_player,
        operator: row.operator,
        reason: row.reason,
      })),
    };
  }

  private async lockRequirement(trx: Db, playerId: number, currency: LedgerCurrency) {
    const requirement = (await new BonusRepository(trx).wagering(playerId, true)).find((w) => w.currency === currency);
    if (!requirement) throw fail('NO_REWARD', `there is no ${currency} bonus`);
    if (requirement.locked) throw fail('NO_REWARD', 'experience gold ends with the experience and cannot be forfeited');
    if (requirement.bonus_at_stake > 0n) throw fail('FAILURE', 'a bet staked with bonus money is still open: try again once it has settled');
    return requirement;
  }
}

export function forfeitView(row: BonusForfeitRow) {
  return { currency: row.currency, amount: formatMicro(row.amount), outstanding: formatMicro(row.outstanding), createdAt: row.created_at.toISOString() };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
