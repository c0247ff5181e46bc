import { ErrorCode, formatMicro } from '@lobby/contract';
import { decodeTransferBet, hashGame, resultOf, settle, transferRefund, type Level, type TransferRefusal } from '@lobby/hash-games';
import type { FastifyBaseLogger } from 'fastify';
import type { TronClient } from '../../chain/tron-client.ts';
import type { Db } from '../../db/database.ts';
import { Ledger, TRANSFER_BETS_ACCOUNT } from '../../money/ledger.service.ts';
import type { HashGameRepository, StoredBlock } from './hash-game.repo.ts';
import type { GameRules, TransferTarget } from './rules.ts';
import { OUTCOME_STATUS } from './settlement.ts';
import { TransferBetsRepository } from './transfer-bets.repo.ts';
import type { TurnoverHooks } from '../turnover/turnover.repo.ts';
import type { SanctionsCheck } from '../sanctions/sanctions-screen.ts';
import { isProtectionRefusal, type ProtectionGate } from '../protection/protection-gate.ts';
import { recordHistory } from '../protection/protection-history.ts';
import { DEFAULT_TURNOVER_TERMS } from '../vip/vip-terms.ts';

type Currency = 'USDT' | 'TRX';

/** A transfer into a game address, from either history. */
interface Incoming {
  txId: string;
  from: string;
  to: string;
  amount: bigint;
  currency: Currency;
  timestamp: number;
  /** Known for TRX from the history; looked up for USDT. */
  blockNumber?: number;
}

export interface RecordedTransfer {
  txId: string;
  playerId: number | null;
  betId: bigint | null;
  /** A payout or refund is waiting to be sent. */
  owed: boolean;
}

/** Who bound an address for transfer bets (the wallet's bet addresses); null when no one did. */
export type BetAddressOwner = (address: string) => Promise<number | null>;

const REFUSAL_CODE: Record<TransferRefusal | 'gameClosed', number> = {
  belowMin: ErrorCode.TRANSFER_BET_BELOW_LIMIT,
  aboveMax: ErrorCode.TRANSFER_BET_ABOVE_LIMIT,
  invalidAmount: ErrorCode.ILLEGAL_BET_AMOUNT,
  invalidDigit: ErrorCode.FORBIDDEN_BET_AREA,
  notTransferGame: ErrorCode.NO_GAME_FOR_ADDRESS,
  gameClosed: ErrorCode.NO_GAME_FOR_ADDRESS,
};

/** A transfer another scan acted on meanwhile: its transaction rolls back. */
class ActedOnBefore extends Error {}

const HISTORY_PAGE = 200;
const SCAN_CONCURRENCY = 8;

/**
 * Turns transfers into the game addresses into bets (GAMES.md, transfer bets). Each transfer is read
 * from the address's TRX and USDT history and acted on once: its transaction id is the primary key
 * of a receipt written in the same transaction as the bet or refund it causes, so a transfer seen on
 * every scan (the scans overlap on purpose, for history indexed late) still counts once.
 *
 * The deciding block is the one holding the transfer, so a transfer is only taken once the engine
 * has stored that block; it is settled on the spot, and what it returns is queued for the payout
 * sender. Transfers in blocks from before the engine first ran are none of its business.
 */
export class TransferWatcher {
  private readonly transfers: TransferBetsRepository;

  constructor(
    private readonly db: Db,
    private readonly client: TronClient,
    private readonly repo: HashGameRepository,
    private readonly rules: GameRules,
    private readonly ownerOf: BetAddressOwner,
    private readonly ownAddresses: ReadonlySet<string>,
    private readonly rescanMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly turnover?: TurnoverHooks,
    /** A transfer from a sanctioned address is neither played nor sent back: it is held for review. */
    private readonly sanctions?: Pick<SanctionsCheck, 'listsOf' | 'holdTransfer'>,
    /** Limits, time-outs and self-exclusions: a refused transfer bet is sent back whole. */
    private readonly protection?: Pick<ProtectionGate, 'admitStake'>,
  ) {
    this.transfers = new TransferBetsRepository(db);
  }

  async scan(): Promise<RecordedTransfer[]> {
    const [head, oldest] = await Promise.all([this.repo.head(), this.repo.oldest()]);
    if (!head || !oldest) return [];
    const targets = await this.rules.transferTargets();
    const internal = new Set([...this.ownAddresses, ...targets.map((t) => t.address)]);
    const cursorOf = await this.transfers.cursors();

    const jobs = targets.flatMap((target) => (['TRX', 'USDT'] as const).map((currency) => ({ target, currency })));
    const recorded: RecordedTransfer[] = [];
    const moved: { address: string; currency: Currency; cursor: number }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const { target, currency } = jobs[next++];
        try {
          const since = cursorOf.get(`${target.address}/${currency}`) ?? oldest.time;
          const scanned = await this.scanAddress(target, currency, since, head, oldest, internal);
          recorded.push(...scanned.recorded);
          if (scanned.cursor !== since) moved.push({ address: target.address, currency, cursor: scanned.cursor });
        } catch (error) {
          this.log.warn({ err: error, address: target.address, currency }, 'transfer-bet scan failed; retrying on the next scan');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SCAN_CONCURRENCY, jobs.length) }, worker));
    await this.transfers.moveCursors(moved);
    // No later scan reads a transfer older than every cursor less the rescan window (an address never
    // read starts from the oldest block): the rounds of the blocks before that are complete.
    const movedTo = new Map(moved.map((m) => [`${m.address}/${m.currency}`, m.cursor]));
    const reach = jobs.map(
      ({ target, currency }) => movedTo.get(`${target.address}/${currency}`) ?? cursorOf.get(`${target.address}/${currency}`) ?? oldest.time,
    );
    await this.closeRounds((reach.length === 0 ? head.time + 1 : Math.min(...reach)) - this.rescanMs);
    return recorded;
  }

  /** Records the turnover of the hash rounds of every settled block before `beforeMs` (chain time), once. */
  async closeRounds(beforeMs: number): Promise<void> {
    const levelUps = await this.repo.closeHashRounds(beforeMs, this.turnover?.terms() ?? DEFAULT_TURNOVER_TERMS);
    if (levelUps.length > 0) void this.turnover?.levelsReached(levelUps);
  }

  private async scanAddress(
    target: TransferTarget,
    currency: Currency,
    since: number,
    head: StoredBlock,
    oldest: StoredBlock,
    internal: ReadonlySet<string>,
  ): Promise<{ recorded: RecordedTransfer[]; cursor: number }> {
    const incoming = (await this.history(target.address, currency, Math.max(0, since - this.rescanMs))).filter(
      (t) => t.to === target.address && t.amount > 0n && !internal.has(t.from),
    );
    const known = await this.transfers.receiptsOf(incoming.map((t) => t.txId));

    const recorded: RecordedTransfer[] = [];
    let heldFrom: number | null = null;
    for (const transfer of incoming) {
      if (known.has(transfer.txId)) continue;
      const height = transfer.blockNumber ?? (await this.client.getTransactionInfo(transfer.txId))?.blockNumber;
      if (height === undefined || height > head.height) {
        // Its block is not stored yet: take it on a later scan, and keep the cursor before it.
        heldFrom = Math.min(heldFrom ?? transfer.timestamp, transfer.timestamp);
        continue;
      }
      if (height < oldest.height) continue;
      const block = await this.repo.block(height);
      if (!block) {
        heldFrom = Math.min(heldFrom ?? transfer.timestamp, transfer.timestamp);
        continue;
      }
      const result = await this.record(target, transfer, block);
      if (result) recorded.push(result);
    }

    return { recorded, cursor: heldFrom ?? Math.max(since, head.time) };
  }

  /** Oldest first, every page. */
  private async history(address: string, currency: Currency, minTimestamp: number): Promise<Incoming[]> {
    const out: Incoming[] = [];
    let fingerprint: string | undefined;
    do {
      const options = { onlyTo: true, order: 'asc' as const, limit: HISTORY_PAGE, minTimestamp, ...(fingerprint ? { fingerprint } : {}) };
      if (currency === 'TRX') {
        const page = await this.client.listTrxTransfers(address, options);
        for (const t of page.items) {
          out.push({ txId: t.txId, from: t.from, to: t.to, amount: t.amount, currency, timestamp: t.blockTimestamp, blockNumber: t.blockNumber });
        }
        fingerprint = page.fingerprint ?? undefined;
      } else {
        const page = await this.client.listTrc20Transfers(address, options);
        for (const t of page.items) {
          if (t.contract !== this.client.usdtContract) continue;
          out.push({ txId: t.txId, from: t.from, to: t.to, amount: t.amount, currency, timestamp: t.blockTimestamp });
        }
        fingerprint = page.fingerprint ?? undefined;
      }
    } while (fingerprint);
    return out;
  }

  /** Acts on one transfer exactly once; null when it had been acted on already. */
  private async record(target: TransferTarget, transfer: Incoming, block: StoredBlock): Promise<RecordedTransfer | null> {
    const game = hashGame(target.gameId);
    const level = target.level as Level;
    const config = this.rules.config(game.id, level);
    const limit = target.limits[transfer.currency];
    const decoded = target.enabled ? decodeTransferBet({ game: game.id, amount: transfer.amount, limit }) : ({ ok: false, reason: 'gameClosed' } as const);
    const playerId = await this.ownerOf(transfer.from);
    const sanctioned = this.sanctions?.listsOf(transfer.from) ?? [];

    let recorded: RecordedTransfer | null;
    try {
      recorded = await this.db.transaction().execute(async (trx): Promise<RecordedTransfer | null> => {
        const receipt = {
          tx_id: transfer.txId,
          game_id: game.id,
          level,
          currency: transfer.currency,
          from_address: transfer.from,
          to_address: transfer.to,
          amount: transfer.amount,
          block_height: BigInt(block.height),
          player_id: playerId,
        };

        if (sanctioned.length > 0) {
          // Its receipt says refused (10064) with nothing refunded: paying a sanctioned address back is a
          // transfer to it too. The coins stay on the game address until staff decide.
          if (!(await this.transfers.insertReceipt(trx, { ...receipt, outcome: 'refund', refund_amount: 0n, refund_code: ErrorCode.SANCTIONED_ADDRESS })))
            return null;
          await this.sanctions!.holdTransfer(
            trx,
            { txId: transfer.txId, playerId, from: transfer.from, currency: transfer.currency, amount: transfer.amount },
            sanctioned,
          );
          return { txId: transfer.txId, playerId, betId: null, owed: false };
        }

        if (!decoded.ok) {
          const refund = transferRefund(transfer.amount, config.refundFee[transfer.currency]);
          if (!(await this.transfers.insertReceipt(trx, { ...receipt, outcome: 'refund', refund_amount: refund, refund_code: REFUSAL_CODE[decoded.reason] })))
            return null;
          const kept = transfer.amount - refund;
          if (kept !== 0n)
            await new Ledger(trx).transfer(
              {
                idempotencyKey: `hash:tfee:${transfer.txId}`,
                kind: 'hash_transfer_refund_fee',
                reference: transfer.txId,
                legs: [
                  { account: { kind: TRANSFER_BETS_ACCOUNT }, currency: transfer.currency, amount: -kept },
                  { account: { kind: 'house' }, currency: transfer.currency, amount: kept },
                ],
              },
              trx,
            );
          if (refund > 0n) {
            await this.transfers.queuePayout(trx, {
              receipt_tx_id: transfer.txId,
              bet_id: null,
              purpose: 'refund',
              to_address: transfer.from,
              currency: transfer.currency,
              amount: refund,
            });
          }
          return { txId: transfer.txId, playerId, betId: null, owed: refund > 0n };
        }

        // PROTECTION.md: a player in a time-out or self-exclusion, or past a loss or wager limit, does not
        // play; the whole transfer goes back to the sender (no refund fee) and the receipt says why.
        let admitted = false;
        if (playerId !== null && this.protection) {
          try {
            await this.protection.admitStake(playerId, transfer.currency, transfer.amount, trx);
            admitted = true;
          } catch (error) {
            if (!isProtectionRefusal(error)) throw error;
            if (!(await this.transfers.insertReceipt(trx, { ...receipt, outcome: 'refund', refund_amount: transfer.amount, refund_code: error.code })))
              return null;
            await this.transfers.queuePayout(trx, {
              receipt_tx_id: transfer.txId,
              bet_id: null,
              purpose: 'refund',
              to_address: transfer.from,
              currency: transfer.currency,
              amount: transfer.amount,
            });
            await recordHistory(
              trx,
              playerId,
              'transfer_bet_refunded',
              { txId: transfer.txId, currency: transfer.currency, amount: formatMicro(transfer.amount), code: error.code },
              'system',
            );
            return { txId: transfer.txId, playerId, betId: null, owed: true };
          }
        }

        if (!(await this.transfers.insertReceipt(trx, { ...receipt, outcome: 'bet' }))) {
          // Acted on before: the stake just counted must not stay counted.
          if (admitted) throw new ActedOnBefore();
          return null;
        }
        const odds = config.odds[decoded.area]!;
        const result = resultOf(game.id, block.blockId, block.height);
        const { outcome, payout } = settle({ area: decoded.area, result, odds, stake: transfer.amount });
        const betId = await this.transfers.insertSettledBet(trx, {
          source: 'transfer',
          player_id: playerId,
          game_id: game.id,
          level,
          round: BigInt(block.height),
          area: decoded.area,
          currency: transfer.currency,
          amount: transfer.amount,
          odds_bp: odds,
          status: OUTCOME_STATUS[outcome],
          payout,
          tx_id: transfer.txId,
          from_address: transfer.from,
          settled_at: new Date(),
        });
        await new Ledger(trx).transfer(
          {
            idempotencyKey: `hash:tbet:${transfer.txId}`,
            kind: 'hash_transfer_bet',
            reference: String(betId),
            legs: [
              { account: { kind: TRANSFER_BETS_ACCOUNT }, currency: transfer.currency, amount: -transfer.amount },
              { account: { kind: 'house' }, currency: transfer.currency, amount: transfer.amount },
            ],
          },
          trx,
        );
        if (payout > 0n) {
          await new Ledger(trx).transfer(
            {
              idempotencyKey: `hash:tpay:${transfer.txId}`,
              kind: 'hash_transfer_payout',
              reference: String(betId),
              legs: [
                { account: { kind: 'house' }, currency: transfer.currency, amount: -payout },
                { account: { kind: TRANSFER_BETS_ACCOUNT }, currency: transfer.currency, amount: payout },
              ],
            },
            trx,
          );
          await this.transfers.queuePayout(trx, {
            receipt_tx_id: transfer.txId,
            bet_id: betId,
            purpose: 'payout',
            to_address: transfer.from,
            currency: transfer.currency,
            amount: payout,
          });
        }
        // Its turnover joins the player's round of this block (every hash bet the block decides), which
        // closes once every scan has passed the block (closeRounds).
        if (playerId !== null) {
          await this.repo.openTransferRound(trx, { height: block.height, playerId, currency: transfer.currency, stake: transfer.amount, payout });
        }
        return { txId: transfer.txId, playerId, betId, owed: payout > 0n };
      });
    } catch (error) {
      if (error instanceof ActedOnBefore) return null;
      throw error;
    }
    return recorded;
  }
}
