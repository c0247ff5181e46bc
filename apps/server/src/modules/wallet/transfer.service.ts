import { ErrorCode, UserType, type CallParsedRequest, type CallResponse, type bankCalls } from '@lobby/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PlayerTransfersTable } from './tables.ts';
import { fail } from '../../http/app-error.ts';
import { RequestReplay } from '../../http/request-replay.ts';
import { playerBalances, playerBalancesView } from '../../money/balances.ts';
import { InsufficientFundsError, type Ledger } from '../../money/ledger.service.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import type { PlayerService } from '../player/player.service.ts';
import type { ExperienceRules } from './experience.ts';
import type { FundPasswordService } from './fund-password.service.ts';
import { toTradeRecord } from './records.service.ts';
import { TransferRepository } from './transfer.repo.ts';
import { assertCashFree } from '../bonus/wagering.ts';

type SubmitInput = CallParsedRequest<typeof bankCalls.transferSubmit>;
type MoneyMoved = CallResponse<typeof bankCalls.transferSubmit>;
type TransferRow = Selectable<PlayerTransfersTable>;

/**
 * Transfers between players. Every transfer has a merchant (players.user_type 1) on exactly one
 * side: merchants sell and buy balance for ordinary players, and ordinary players never pay each
 * other directly.
 * - ordinary → merchant, merchant → ordinary: allowed;
 * - ordinary → ordinary: 10049 (only to a merchant);
 * - merchant → merchant: 10050 (only to an ordinary player);
 * - ordinary → a merchant account that is suspended (status ≠ 0): 10051, it is not acting as a
 *   merchant; any other suspended receiver is treated as missing (10047).
 * The sender confirms with the fund password (10045).
 */
export class TransferService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly fundPasswords: FundPasswordService,
    private readonly experience: ExperienceRules,
    private readonly notifier: BalanceEvents,
    private readonly players: Pick<PlayerService, 'find' | 'findByAccountOrEmail' | 'nicknames'>,
  ) {}

  async submit(senderId: number, input: SubmitInput): Promise<MoneyMoved> {
    // Before the replay: a replay answers the first result, which only the PIN's holder may read.
    await this.fundPasswords.verify(senderId, input.fundPassword);
    const request = new RequestReplay(
      'transfer',
      input.requestId,
      () => new TransferRepository(this.db).findByRequest(senderId, input.requestId),
      (row) => row.currency === input.currency && row.amount === input.amount && (input.receiverId === undefined || input.receiverId === row.receiver_id),
    );
    const replay = await request.earlier();
    if (replay) return this.result(replay);

    const sender = await this.players.find(senderId);
    if (!sender) throw fail('PLAYER_MISSING');
    const receiver =
      input.receiverId !== undefined ? await this.players.find(input.receiverId) : await this.players.findByAccountOrEmail(input.receiverAccount!);
    if (!receiver) throw fail('TRANSFER_RECEIVER_MISSING');
    if (receiver.id === senderId) throw fail('CANNOT_TRANSFER_TO_SELF');
    const senderIsMerchant = sender.user_type === UserType.BUSINESS;
    const receiverIsMerchant = receiver.user_type === UserType.BUSINESS;
    if (receiver.status !== 0) {
      if (receiverIsMerchant && !senderIsMerchant) throw fail('NOT_A_MERCHANT', 'the merchant account is suspended');
      throw fail('TRANSFER_RECEIVER_MISSING');
    }
    if (!senderIsMerchant && !receiverIsMerchant) throw fail('ONLY_TO_MERCHANT');
    if (senderIsMerchant && receiverIsMerchant) throw fail('ONLY_TO_ORDINARY');
    await this.experience.check(sender, (await playerBalances(this.db, senderId)).USDT, ErrorCode.BANK_TRANSFER_REJECTED);

    let created: TransferRow | null;
    try {
      created = await this.db.transaction().execute(async (trx) => {
        // Transfers move cash only (the ledger debits the cash account); a requirement from before the
        // split still guards cash, as for a withdrawal.
        await assertCashFree(trx, senderId, input.currency);
        const row = await new TransferRepository(trx).insert({
          senderId,
          receiverId: receiver.id,
          requestId: input.requestId,
          currency: input.currency,
          amount: input.amount,
          remark: input.remark ?? null,
        });
        if (!row) return null;
        await this.ledger.transfer(
          {
            idempotencyKey: `transfer:${senderId}:${input.requestId}`,
            kind: 'player_transfer',
            reference: String(row.id),
            legs: [
              { account: { kind: 'player', playerId: senderId }, currency: input.currency, amount: -input.amount },
              { account: { kind: 'player', playerId: receiver.id }, currency: input.currency, amount: input.amount },
            ],
          },
          trx,
        );
        return row;
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw fail('INSUFFICIENT_BALANCE');
      throw error;
    }
    if (!created) return this.result(await request.winner());
    await this.notifier.changed([senderId, receiver.id]);
    return this.result(created);
  }

  private async result(row: TransferRow): Promise<MoneyMoved> {
    const [balances, nicknames] = await Promise.all([playerBalancesView(this.db, row.sender_id), this.players.nicknames([row.receiver_id])]);
    const record = toTradeRecord(
      {
        type: 'transfer',
        id: row.id,
        raw_status: 'completed',
        direction: 'out',
        currency: row.currency,
        amount: row.amount,
        fee: 0n,
        to_currency: null,
        to_amount: null,
        rate: null,
        address: null,
        tx_id: null,
        counterparty_id: row.receiver_id,
        remark: row.remark,
        created_at: row.created_at,
        completed_at: row.created_at,
      },
      { id: row.receiver_id, nickname: nicknames.get(row.receiver_id) ?? '' },
    );
    return { record, balances };
  }
}
