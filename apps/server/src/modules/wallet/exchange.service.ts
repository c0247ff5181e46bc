import { ErrorCode, formatMicro, type CallParsedRequest, type CallResponse, type CurrencyCode, type bankCalls } from '@lobby/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ExchangesTable } from './tables.ts';
import { fail } from '../../http/app-error.ts';
import { RequestReplay } from '../../http/request-replay.ts';
import { assertCashFree } from '../bonus/wagering.ts';
import { playerBalances, playerBalancesView } from '../../money/balances.ts';
import { InsufficientFundsError, type Ledger } from '../../money/ledger.service.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import type { PlayerService } from '../player/player.service.ts';
import { ExchangeRepository } from './exchange.repo.ts';
import type { ExperienceRules } from './experience.ts';
import { toTradeRecord, type RecordRow } from './records.service.ts';
import { parseRational, type Rational, type WalletSettings } from './settings.ts';

type SubmitInput = CallParsedRequest<typeof bankCalls.currencyExchangeSubmit>;
type MoneyMoved = CallResponse<typeof bankCalls.currencyExchangeSubmit>;
type ExchangeRow = Selectable<ExchangesTable>;

const BPS = 10_000n;
const RATE_DECIMALS = 12;

/**
 * The rate a player gets, spread included, as an exact fraction: USDT→TRX pays
 * mid × (1 − spread) TRX per USDT, TRX→USDT pays (1 / mid) × (1 − spread) USDT per TRX. Both
 * currencies have 6 decimals, so the fraction applies to micro-units as it is.
 */
export function effectiveRate(trxPerUsdt: Rational, spreadBps: number, from: CurrencyCode): Rational {
  const keep = BPS - BigInt(spreadBps);
  return from === 'USDT' ? { num: trxPerUsdt.num * keep, den: trxPerUsdt.den * BPS } : { num: trxPerUsdt.den * keep, den: trxPerUsdt.num * BPS };
}

/** Rounded down: a fraction of a micro-unit stays with the house, never the other way. */
export function convert(amount: bigint, rate: Rational): bigint {
  return (amount * rate.num) / rate.den;
}

/** The rate as a decimal, cut (not rounded) to 12 places, so the shown rate never promises more. */
export function formatRate(rate: Rational): string {
  const scaled = (rate.num * 10n ** BigInt(RATE_DECIMALS)) / rate.den;
  const whole = scaled / 10n ** BigInt(RATE_DECIMALS);
  const fraction = (scaled % 10n ** BigInt(RATE_DECIMALS)).toString().padStart(RATE_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

function exchangeRecordRow(row: ExchangeRow): RecordRow {
  return {
    type: 'exchange',
    id: row.id,
    raw_status: 'completed',
    direction: 'out',
    currency: row.from_currency,
    amount: row.amount,
    fee: 0n,
    to_currency: row.to_currency,
    to_amount: row.to_amount,
    rate: row.rate,
    address: null,
    tx_id: null,
    counterparty_id: null,
    remark: null,
    created_at: row.created_at,
    completed_at: row.created_at,
  };
}

/**
 * USDT⇄TRX at the operator's rate and spread, as one atomic ledger transfer: the player's
 * `from` goes to the exchange account and the exchange account pays the player's `to`. The
 * exchange account's balances are the operator's position; a deployment rebalances it on chain.
 */
export class ExchangeService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly experience: ExperienceRules,
    private readonly notifier: BalanceEvents,
    private readonly settings: WalletSettings,
    private readonly players: Pick<PlayerService, 'find'>,
  ) {}

  private limits(from: CurrencyCode, mid: Rational): { min: bigint; max: bigint } {
    const { usdtMin, usdtMax } = this.settings.exchange;
    if (from === 'USDT') return { min: usdtMin, max: usdtMax };
    return { min: (usdtMin * mid.num + mid.den - 1n) / mid.den, max: (usdtMax * mid.num) / mid.den };
  }

  config(): CallResponse<typeof bankCalls.currencyExchangeConfig> {
    const mid = this.settings.exchange.trxPerUsdt;
    const quotedAt = new Date().toISOString();
    if (!mid) return { enabled: false, pairs: [], quotedAt };
    const pairs = (['USDT', 'TRX'] as const).map((from) => {
      const limits = this.limits(from, mid);
      return {
        from,
        to: from === 'USDT' ? ('TRX' as const) : ('USDT' as const),
        rate: formatRate(effectiveRate(mid, this.settings.exchange.spreadBps, from)),
        minAmount: formatMicro(limits.min),
        maxAmount: formatMicro(limits.max),
      };
    });
    return { enabled: true, pairs, quotedAt };
  }

  async submit(playerId: number, input: SubmitInput): Promise<MoneyMoved> {
    const request = new RequestReplay(
      'exchange',
      input.requestId,
      () => new ExchangeRepository(this.db).findByRequest(playerId, input.requestId),
      (row) => row.from_currency === input.from && row.to_currency === input.to && row.amount === input.amount,
    );
    const replay = await request.earlier();
    if (replay) return this.result(replay);

    const mid = this.settings.exchange.trxPerUsdt;
    if (!mid) throw fail('CONFIG_NOT_FOUND', 'exchange is not available');
    const limits = this.limits(input.from, mid);
    if (input.amount < limits.min) throw fail('INVALID_PARAMETERS', `amount: below the minimum of ${formatMicro(limits.min)}`);
    if (input.amount > limits.max) throw fail('INVALID_PARAMETERS', `amount: above the maximum of ${formatMicro(limits.max)}`);
    const rate = effectiveRate(mid, this.settings.exchange.spreadBps, input.from);
    if (input.quotedRate !== undefined) {
      const quoted = parseRational(input.quotedRate);
      // The current rate is worse than the one the player accepted: refuse rather than fill.
      if (rate.num * quoted.den < quoted.num * rate.den) throw fail('FAILURE', 'the rate has changed, please confirm the new rate');
    }
    const received = convert(input.amount, rate);
    if (received <= 0n) throw fail('INVALID_PARAMETERS', 'amount: too small to exchange');
    const player = await this.players.find(playerId);
    if (!player) throw fail('PLAYER_MISSING');
    await this.experience.check(player, (await playerBalances(this.db, playerId)).USDT, ErrorCode.FAILURE);

    let created: ExchangeRow | null;
    try {
      created = await this.db.transaction().execute(async (trx) => {
        // The exchange moves cash only (the ledger debits the cash account, so bonus money cannot
        // leave by this door); a requirement from before the split still guards the cash it was paid to.
        await assertCashFree(trx, playerId, input.from);
        const row = await new ExchangeRepository(trx).insert({
          playerId,
          requestId: input.requestId,
          from: input.from,
          to: input.to,
          amount: input.amount,
          toAmount: received,
          rate: formatRate(rate),
        });
        if (!row) return null;
        await this.ledger.transfer(
          {
            idempotencyKey: `exchange:${playerId}:${input.requestId}`,
            kind: 'exchange',
            reference: String(row.id),
            metadata: { rate: row.rate },
            legs: [
              { account: { kind: 'player', playerId }, currency: input.from, amount: -input.amount },
              { account: { kind: 'exchange' }, currency: input.from, amount: input.amount },
              { account: { kind: 'exchange' }, currency: input.to, amount: -received },
              { account: { kind: 'player', playerId }, currency: input.to, amount: received },
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
    await this.notifier.changed([playerId]);
    return this.result(created);
  }

  private async result(row: ExchangeRow): Promise<MoneyMoved> {
    return { record: toTradeRecord(exchangeRecordRow(row)), balances: await playerBalancesView(this.db, row.player_id) };
  }
}
