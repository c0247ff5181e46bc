import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { EventBus } from '../events/event-bus.ts';
import { balancesView, emptyWallet, playersWallets, type PlayerWallet } from './balances.ts';

/** Why a balance is announced: `play` when a game round moved it. */
export type AnnounceCause = DomainEvents['balance.changed']['cause'];

/**
 * Tells everyone concerned that a player's balance changed, after the change committed: the cached
 * `/v1/player/load` snapshot is dropped on every instance (`player.changed`), the player's open
 * sockets get a `balance` frame with the new balances (the contract's `balances`: totals, cash and
 * bonus apart), and this instance's modules hear `balance.changed` (an experience account ends below
 * 3 USDT, an activity reward becomes claimable). Every module that moves a player's money (the wallet,
 * the hash games) announces through here, so the frame the web app listens for has one shape.
 */
export class BalanceEvents {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Announces balances the caller already read (a settled round reads all its players' at once, a
   * page bet answers its own); `cause.play` when a game round moved them.
   */
  async announce(playerId: number, wallet: PlayerWallet, cause: AnnounceCause = {}): Promise<void> {
    await this.bus.publish('player.changed', { playerId });
    await this.push(playerId, wallet);
    await this.bus.publish('balance.changed', { playerId, wallet, cause });
  }

  /**
   * Reads every player's balances in one query and announces each. The money has moved by then, so a failure here
   * (Redis away) is logged, never turned into an error for the call that moved it. `cause.play`: a
   * game round moved it (a third-party game moves a balance many times a minute).
   */
  async changed(playerIds: Iterable<number>, cause: AnnounceCause = {}): Promise<void> {
    const players = [...new Set(playerIds)];
    let all: Map<number, PlayerWallet>;
    try {
      all = await playersWallets(this.db, players);
    } catch (error) {
      this.log.warn({ err: error, players }, 'balance changes not announced');
      return;
    }
    for (const playerId of players) {
      const wallet = all.get(playerId) ?? emptyWallet();
      try {
        await this.announce(playerId, wallet, cause);
      } catch (error) {
        this.log.warn({ err: error, playerId }, 'balance change not announced');
      }
    }
  }

  private push(playerId: number, wallet: PlayerWallet): Promise<void> {
    return this.bus.publish('push.player', { playerId, event: 'balance', data: balancesView(wallet) });
  }
}
