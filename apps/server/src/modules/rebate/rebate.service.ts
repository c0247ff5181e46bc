import { BonusRecordType, formatMicro, parseMicro, REBATE_MIN_CLAIM, type GameTypeCode } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { RequestReplay } from '../../http/request-replay.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import { playerBalancesView } from '../../money/balances.ts';
import type { LedgerCurrency } from '../../money/ledger.service.ts';
import type { BonusService } from '../bonus/bonus.service.ts';
import { RebateRepository, type RebateClaimRow } from './rebate.repo.ts';

const CURRENCIES = ['USDT', 'TRX'] as const;
const MIN_CLAIM = parseMicro(REBATE_MIN_CLAIM)!;

function claimRecord(row: RebateClaimRow) {
  return {
    id: Number(row.id),
    currency: row.currency,
    amount: formatMicro(BigInt(row.amount)),
    byGameType: Object.entries(row.details)
      .map(([gameType, amount]) => ({ gameType: Number(gameType) as GameTypeCode, amount: formatMicro(BigInt(amount)) }))
      .sort((a, b) => a.gameType - b.gameType),
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Rebates (ECONOMY.md "Rebates"): turnover recording accrues them per currency and game type; a claim
 * pays everything accrued in a currency up to that instant as one bonus credit (source `rebate`, so it
 * raises wagering), once per request id and never twice for the same accrual.
 */
export class RebateService {
  constructor(
    private readonly db: Db,
    private readonly bonus: BonusService,
    private readonly announce: Pick<BalanceEvents, 'changed'>,
  ) {}

  async summary(playerId: number) {
    const repo = new RebateRepository(this.db);
    const [accruals, claimed, last] = await Promise.all([
      repo.accruals(playerId),
      repo.claimedTotals(playerId),
      repo.claims(playerId, undefined, { offset: 0, limit: 1 }),
    ]);
    const currencies = CURRENCIES.map((currency) => {
      const rows = accruals.filter((row) => row.currency === currency);
      const accrued = rows.reduce((sum, row) => sum + BigInt(row.accrued), 0n);
      const total = rows.reduce((sum, row) => sum + BigInt(row.total_accrued), 0n);
      return {
        currency,
        accrued: formatMicro(accrued),
        claimable: accrued >= MIN_CLAIM,
        minClaim: REBATE_MIN_CLAIM,
        totalAccrued: formatMicro(total),
        totalClaimed: formatMicro(claimed.get(currency) ?? 0n),
        byGameType: rows.map((row) => ({
          gameType: row.game_type as GameTypeCode,
          accrued: formatMicro(BigInt(row.accrued)),
          totalAccrued: formatMicro(BigInt(row.total_accrued)),
        })),
      };
    });
    return { currencies, lastClaim: last.rows[0] ? claimRecord(last.rows[0]) : null };
  }

  /**
   * Pays what is accrued in `currency`. The same request id again answers the first claim and moves
   * nothing; below the minimum (or with nothing accrued) the answer is code 14 and nothing changes.
   */
  async claim(playerId: number, input: { requestId: string; currency: LedgerCurrency }) {
    const outcome = await this.db
      .transaction()
      .execute(async (trx) => {
        const repo = new RebateRepository(trx);
        // Taking the accruals first locks them: a copy of this request that got there first has
        // committed by now, and its claim row is visible below. Accruals, then wagering, then the
        // ledger: the order settlement locks them in, so a claim and a settling round never deadlock.
        const taken = await repo.takeAccrued(playerId, input.currency);
        const previous = await claimReplay(repo, playerId, input).earlier();
        if (previous) {
          if (taken.length > 0) throw new RetryAsReplay();
          return { claim: previous, wageringAdded: await this.wageringOf(trx, playerId, previous.id), playerIds: [] as number[] };
        }
        const amount = taken.reduce((sum, row) => sum + row.amount, 0n);
        if (amount < MIN_CLAIM) throw fail('NO_REWARD', `accrued ${formatMicro(amount)} ${input.currency} is below ${REBATE_MIN_CLAIM}`);
        const details = Object.fromEntries(taken.map((row) => [String(row.gameType), String(row.amount)]));
        const claim = await repo.insertClaim({ playerId, currency: input.currency, amount, requestId: input.requestId, details });
        const credit = await this.bonus.credit(trx, {
          playerId,
          bonusType: BonusRecordType.REBATE,
          source: 'rebate',
          sourceRef: `claim:${claim.id}`,
          currency: input.currency,
          amount,
        });
        return { claim, wageringAdded: credit.wageringAdded, playerIds: credit.playerIds };
      })
      .catch(async (error: unknown) => {
        // The accruals this transaction emptied were put back by the rollback; answer as the earlier claim did.
        if (!(error instanceof RetryAsReplay)) throw error;
        const previous = await claimReplay(new RebateRepository(this.db), playerId, input).winner();
        return { claim: previous, wageringAdded: await this.wageringOf(this.db, playerId, previous.id), playerIds: [] as number[] };
      });
    if (outcome.playerIds.length > 0) await this.announce.changed(outcome.playerIds);
    return {
      claim: claimRecord(outcome.claim),
      wageringAdded: formatMicro(outcome.wageringAdded),
      balances: await playerBalancesView(this.db, playerId),
    };
  }

  async history(playerId: number, input: { page: number; pageSize: number; currency?: LedgerCurrency }) {
    const { rows, total } = await new RebateRepository(this.db).claims(playerId, input.currency, {
      offset: (input.page - 1) * input.pageSize,
      limit: input.pageSize,
    });
    return { list: rows.map(claimRecord), total, page: input.page, pageSize: input.pageSize };
  }

  private async wageringOf(db: Db, playerId: number, claimId: bigint): Promise<bigint> {
    return (await this.bonus.recordOf(db, { source: 'rebate', playerId, sourceRef: `claim:${claimId}` }))?.wageringAdded ?? 0n;
  }
}

/** The request id was already claimed while new accruals arrived: roll back and answer the first claim. */
class RetryAsReplay extends Error {}

/** A rebate claim's request id read back: the same id for another currency is another request. */
function claimReplay(repo: RebateRepository, playerId: number, input: { requestId: string; currency: LedgerCurrency }) {
  return new RequestReplay<RebateClaimRow>(
    'claim',
    input.requestId,
    () => repo.findClaim(playerId, input.requestId),
    (row) => row.currency === input.currency,
  );
}
