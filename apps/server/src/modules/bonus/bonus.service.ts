import { BonusRecordType, formatMicro, type Language } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { ProtectionGate } from '../protection/protection-gate.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import { playerWallet } from '../../money/balances.ts';
import type { Ledger, LedgerCurrency, SystemAccountKind } from '../../money/ledger.service.ts';
import { bonusTitle } from './bonus-titles.ts';
import { BonusRepository, type WageringRow } from './bonus.repo.ts';
import { guardsCash } from './wagering.ts';
import type { EconomySettings } from './economy-settings.ts';

/** Where bonus money of a source comes from; sources not named here are activity bonuses. */
const SOURCE_ACCOUNT: Record<string, SystemAccountKind> = {
  vip_level_gift: 'vip_gifts',
  vip_month_gift: 'vip_gifts',
  rebate: 'rebates',
  referral: 'referral_commissions',
};

export type BonusRecordTypeCode = (typeof BonusRecordType)[keyof typeof BonusRecordType];

export interface BonusCreditInput {
  playerId: number;
  /** What the bonus record shows (BonusRecordType: an activity's type, a VIP gift, a rebate, ...). */
  bonusType: BonusRecordTypeCode;
  /** What paid it: 'vip_level_gift', 'vip_month_gift', 'rebate', 'referral', 'sign_in', ... (lowercase). */
  source: string;
  /** The credit's own reference within its source (level number, 'YYYY-MM', claim id, ...): one credit per (player, source, sourceRef). */
  sourceRef: string;
  currency: LedgerCurrency;
  /** Micro-units, above zero. */
  amount: bigint;
  /** Key of `wagering.multipliers` to apply; the source when absent. */
  multiplierKey?: string;
  /** A multiplier of the credit's own (an activity's), taking precedence over `multiplierKey`. */
  multiplier?: number;
  /** Experience gold: bonus money that never becomes cash (no requirement, never released). */
  locked?: boolean;
  /** The account paying it, when not the source's own (experience gold: `experience_pool`). */
  from?: SystemAccountKind;
}

export interface BonusCreditResult {
  creditId: bigint;
  /** True when this credit had been made before: nothing moved this time. */
  replayed: boolean;
  amount: bigint;
  wageringAdded: bigint;
  /** Players whose balance changed, to announce after commit; empty on a replay. */
  playerIds: number[];
}

export interface WageringState {
  currency: LedgerCurrency;
  /** Micro-units still to wager before the bonus balance of this currency becomes cash. */
  outstanding: bigint;
  /** Micro-units of the current requirement (progress = required - outstanding). */
  required: bigint;
  /** The bonus is experience gold: never released. */
  experience: boolean;
  /** A requirement from before cash and bonus were apart: it still guards cash. */
  guardsCash: boolean;
}

/**
 * Bonus money (ECONOMY.md "Bonus money and wagering"): every bonus is one ledger transfer from its
 * house account to the player's bonus balance (`player_bonus`), a bonus record, and a rise of the
 * player's outstanding wagering by amount × the source's multiplier, all in the caller's transaction
 * and all keyed by one ledger key (`bonus:<source>:<player>:<sourceRef>`), so a retry, a race or a
 * crash pays once. A multiplier of 0 pays cash. Valid turnover lowers the requirement; at 0 the
 * database releases the bonus balance to cash (functions/wagering_release.sql).
 */
export class BonusService {
  /** PROTECTION.md: no bonus is claimed or credited while a time-out or self-exclusion runs (10062). */
  protection?: Pick<ProtectionGate, 'assertMayPlay'>;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly settings: EconomySettings,
    private readonly announce?: Pick<BalanceEvents, 'changed'>,
  ) {}

  /** The wagering multiplier a credit from `source` gets when it names none of its own. */
  multiplierOf(source: string): number {
    return this.settings.multiplier(source);
  }

  static ledgerKey(input: Pick<BonusCreditInput, 'source' | 'playerId' | 'sourceRef'>): string {
    return `bonus:${input.source}:${input.playerId}:${input.sourceRef}`;
  }

  /**
   * Credits a bonus inside `trx` (the caller commits it, then announces `playerIds`). A second credit
   * with the same (source, player, sourceRef) waits for the first to commit and moves nothing.
   */
  async credit(trx: Db, input: BonusCreditInput): Promise<BonusCreditResult> {
    if (input.amount <= 0n) throw new Error(`a bonus credit must be above zero, not ${input.amount}`);
    this.protection?.assertMayPlay(input.playerId);
    if (!/^[a-z_]{1,40}$/.test(input.source)) throw new Error(`bonus source ${input.source} is not a lowercase name`);
    const ledgerKey = BonusService.ledgerKey(input);
    const wageringAdded = input.amount * BigInt(input.multiplier ?? this.settings.multiplier(input.multiplierKey ?? input.source));
    const repo = new BonusRepository(trx);
    const creditId = await repo.insertCredit({
      player_id: input.playerId,
      bonus_type: input.bonusType,
      source: input.source,
      source_ref: input.sourceRef,
      currency: input.currency,
      amount: input.amount,
      wagering_added: wageringAdded,
      ledger_key: ledgerKey,
    });
    if (creditId === undefined) {
      const previous = await repo.findCredit(ledgerKey);
      if (!previous) throw new Error(`bonus credit ${ledgerKey} vanished`);
      return { creditId: previous.id, replayed: true, amount: previous.amount, wageringAdded: previous.wagering_added, playerIds: [] };
    }
    // Wagering before the ledger: settlement locks wagering rows before the player's balance too, so
    // a credit and a settling round of the same player never wait on each other in a circle. With a
    // requirement the money is bonus money; without one it is cash at once.
    const asBonus = wageringAdded > 0n || input.locked === true;
    if (asBonus) await repo.addWagering(input.playerId, input.currency, wageringAdded, input.locked === true);
    const transfer = await this.ledger.transfer(
      {
        idempotencyKey: ledgerKey,
        kind: 'bonus',
        reference: String(creditId),
        metadata: { source: input.source, bonusType: input.bonusType, to: asBonus ? 'bonus' : 'cash' },
        legs: [
          { account: { kind: input.from ?? SOURCE_ACCOUNT[input.source] ?? 'activity_bonuses' }, currency: input.currency, amount: -input.amount },
          { account: { kind: asBonus ? 'player_bonus' : 'player', playerId: input.playerId }, currency: input.currency, amount: input.amount },
        ],
      },
      trx,
    );
    return { creditId, replayed: transfer.replayed, amount: input.amount, wageringAdded, playerIds: transfer.playerIds };
  }

  /** `credit` in a transaction of its own, with the balance announced after the commit. */
  async creditNow(input: BonusCreditInput): Promise<BonusCreditResult> {
    const result = await this.db.transaction().execute((trx) => this.credit(trx, input));
    if (result.playerIds.length > 0) await this.announce?.changed(result.playerIds);
    return result;
  }

  /** The credit made for (source, player, sourceRef), if any. */
  async recordOf(db: Db, key: Pick<BonusCreditInput, 'source' | 'playerId' | 'sourceRef'>): Promise<{ amount: bigint; wageringAdded: bigint } | undefined> {
    const row = await new BonusRepository(db).findCredit(BonusService.ledgerKey(key));
    return row && { amount: row.amount, wageringAdded: row.wagering_added };
  }

  /** Wagering per currency, both currencies always listed. */
  async wagering(playerId: number, trx: Db = this.db): Promise<WageringState[]> {
    const rows = await new BonusRepository(trx).wagering(playerId);
    return (['USDT', 'TRX'] as const).map((currency) => {
      const row: WageringRow | undefined = rows.find((r) => r.currency === currency);
      return {
        currency,
        outstanding: row?.outstanding ?? 0n,
        required: row?.required ?? 0n,
        experience: row?.locked ?? false,
        guardsCash: guardsCash(row),
      };
    });
  }

  /** Bonus money and wagering as the wallet, Withdraw and Exchange screens show them, money as decimal strings. */
  async wageringView(playerId: number) {
    const [states, wallet] = await Promise.all([this.wagering(playerId), playerWallet(this.db, playerId)]);
    return states.map((w) => ({
      currency: w.currency,
      outstanding: formatMicro(w.outstanding),
      required: formatMicro(w.required),
      wagered: formatMicro(w.required - w.outstanding),
      cash: formatMicro(wallet.cash[w.currency]),
      bonus: formatMicro(wallet.bonus[w.currency]),
      experience: w.experience,
      guardsCash: w.guardsCash,
    }));
  }

  /** A page of the player's bonus records, newest first, titled in `language`. */
  async records(
    playerId: number,
    input: { page: number; pageSize: number; bonusType?: number; currency?: LedgerCurrency; from?: string; to?: string },
    language: Language,
  ) {
    const { rows, total } = await new BonusRepository(this.db).credits(
      playerId,
      {
        bonusType: input.bonusType,
        currency: input.currency,
        from: input.from === undefined ? undefined : new Date(input.from),
        to: input.to === undefined ? undefined : new Date(input.to),
      },
      { offset: (input.page - 1) * input.pageSize, limit: input.pageSize },
    );
    return {
      list: rows.map((row) => ({
        id: Number(row.id),
        activityId: null,
        bonusType: row.bonus_type as BonusRecordTypeCode,
        title: bonusTitle(row.bonus_type, language),
        amount: formatMicro(row.amount),
        currency: row.currency,
        wageringAdded: formatMicro(row.wagering_added),
        createdAt: row.created_at.toISOString(),
      })),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }
}
