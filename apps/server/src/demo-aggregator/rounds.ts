import { randomUUID } from 'node:crypto';
import { DEMO_STUDIO, type DemoGame, type RoundResult } from './games/types.ts';
import type { WalletOutbox } from './outbox.ts';
import { roundRng } from './rng.ts';
import type { GameSession } from './sessions.ts';
import type { WalletClient } from './wallet-client.ts';

/** Bet statuses after which the wallet surely moved nothing: the round simply does not happen. */
const BET_REFUSALS = new Set([
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_DUPLICATE_TRANSACTION',
]);

/** What the page is told about a round. */
export type PlayAnswer =
  | { ok: true; round: string; stake: number; payout: number; result: Record<string, unknown>; balance: number | null; currency: string }
  | { ok: false; error: 'not_enough_money' | 'session_expired' | 'refused' | 'round_cancelled'; balance?: number; status?: string };

/**
 * Rounds of the demo studio: the outcome is drawn first (HMAC-SHA256 of the seed and the round
 * number), then the stake is debited by a `bet` and the payout credited by a `win` that closes the
 * round, even when it is 0. A bet whose fate stays unknown after its retries is rolled back.
 */
export class RoundRunner {
  private counter = 0;

  constructor(
    private readonly wallet: WalletClient,
    private readonly outbox: WalletOutbox,
    private readonly seed: string,
    private readonly roundPrefix: string,
    private readonly log: (msg: string, extra?: object) => void,
    /** Called when a round that happened changed the session's game state. */
    private readonly saveState: (session: GameSession) => void = () => {},
  ) {}

  async play<C>(session: GameSession, game: DemoGame<C>, stake: number, choice: C): Promise<PlayAnswer> {
    const number = ++this.counter;
    const round = `${this.roundPrefix}-${number}`;
    const result: RoundResult = game.play(roundRng(this.seed, number), stake, choice, session.state);
    const common = {
      user: session.user,
      token: session.token,
      round,
      game_code: game.code,
      currency: session.currency,
      is_free: false,
      supplier_user: session.user,
      meta: { studio: (game.studio ?? DEMO_STUDIO).code, choice },
    };

    const betUuid = randomUUID();
    const bet = await this.wallet.call('/transaction/bet', {
      ...common,
      transaction_uuid: betUuid,
      supplier_transaction_id: `${round}-bet`,
      bet: describeChoice(game, choice),
      amount: stake,
      round_closed: false,
    });
    if (bet.answered && BET_REFUSALS.has(bet.reply.status)) {
      const status = bet.reply.status;
      if (status === 'RS_ERROR_NOT_ENOUGH_MONEY') return { ok: false, error: 'not_enough_money', balance: bet.reply.balance, status };
      if (status === 'RS_ERROR_INVALID_TOKEN' || status === 'RS_ERROR_TOKEN_EXPIRED') return { ok: false, error: 'session_expired', status };
      return { ok: false, error: 'refused', status };
    }
    if (!bet.answered || bet.reply.status !== 'RS_OK') {
      this.log('demo aggregator: bet outcome unknown, rolling back', {
        round,
        transaction_uuid: betUuid,
        status: bet.answered ? bet.reply.status : bet.reason,
      });
      const rollbackFields = {
        ...common,
        transaction_uuid: randomUUID(),
        supplier_transaction_id: `${round}-rollback`,
        reference_transaction_uuid: betUuid,
        round_closed: true,
      };
      const rollback = await this.wallet.call('/transaction/rollback', rollbackFields);
      if (!rollback.answered) this.outbox.add('/transaction/rollback', rollbackFields);
      const balance = rollback.answered ? rollback.reply.balance : undefined;
      return { ok: false, error: 'round_cancelled', ...(typeof balance === 'number' ? { balance } : {}) };
    }

    if (result.state !== undefined) {
      session.state = result.state;
      this.saveState(session);
    }
    const winFields = {
      ...common,
      transaction_uuid: randomUUID(),
      supplier_transaction_id: `${round}-win`,
      reference_transaction_uuid: betUuid,
      bet: describeChoice(game, choice),
      amount: result.payout,
      round_closed: true,
    };
    const win = await this.wallet.call('/transaction/win', winFields);
    let balance: number | null = null;
    if (!win.answered) this.outbox.add('/transaction/win', winFields);
    else if (win.reply.status !== 'RS_OK') this.log('demo aggregator: win refused', { round, status: win.reply.status });
    else if (typeof win.reply.balance === 'number') balance = win.reply.balance;
    return { ok: true, round, stake, payout: result.payout, result: result.detail, balance, currency: session.currency };
  }
}

function describeChoice(game: DemoGame<unknown>, choice: unknown): string {
  const text = JSON.stringify(choice ?? {});
  return text === '{}' ? game.code : `${game.code} ${text}`;
}
