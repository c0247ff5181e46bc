import { formatMicro } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { playerBalances } from '../../ledger/balances.ts';
import { pushToPlayer } from '../../realtime/realtime.ts';
import type { PlayerService } from '../player/player.service.ts';

/**
 * After a committed balance change: drop the cached `/v1/player/load` snapshot on every instance and
 * push the new balances to the player's open sockets. The money has moved by then, so a failure
 * here (Redis away) is logged, never turned into an error for the call that moved it.
 */
export class BalanceNotifier {
  constructor(
    private readonly db: Db,
    private readonly players: PlayerService,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  async changed(playerIds: Iterable<number>): Promise<void> {
    for (const playerId of new Set(playerIds)) {
      try {
        await this.players.announceChanged(playerId);
        const balances = await playerBalances(this.db, playerId);
        await pushToPlayer(this.bus, {
          playerId,
          event: 'balance',
          data: { usdt: formatMicro(balances.USDT), trx: formatMicro(balances.TRX) },
        });
      } catch (error) {
        this.log.warn({ err: error, playerId }, 'balance change not announced');
      }
    }
  }
}
