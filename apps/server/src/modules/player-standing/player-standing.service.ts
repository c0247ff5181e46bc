import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { StaffActor } from '../../http/ops-call.ts';
import { SessionRepository } from '../player/session.repo.ts';
import { PlayerStandingRepo } from './player-standing.repo.ts';

/** players.status: 0 in good standing; 1 frozen by staff. Anything but 0 refuses sign-in (10005). */
export const PlayerStatus = { ACTIVE: 0, FROZEN: 1 } as const;

/** What ending a player's play reaches beyond the database: every instance's sessions and auto-bets. */
export interface PlayEnders {
  /** After the sessions' rows are ended: every instance drops the cached tokens and closes sockets. */
  sessionsEnded(playerId: number): Promise<void>;
  stopAutoBets(playerId: number): Promise<void>;
}

/**
 * Freezing and unfreezing players, and ending their sessions, by staff. A freeze ends, at once and on
 * every instance: the player's sessions (their sockets are told), their third-party game sessions (the
 * database trigger on players.status) and their auto-bets; the player cannot sign in until unfrozen.
 */
export class PlayerStandingService {
  private readonly repo: PlayerStandingRepo;

  constructor(
    private readonly db: Db,
    private readonly enders: PlayEnders,
  ) {
    this.repo = new PlayerStandingRepo(db);
  }

  async freeze(playerId: number, actor: StaffActor, reason: string) {
    await this.change(playerId, PlayerStatus.ACTIVE, PlayerStatus.FROZEN, actor, reason, true);
    await this.enders.stopAutoBets(playerId);
    await this.enders.sessionsEnded(playerId);
    return this.standing(playerId);
  }

  async unfreeze(playerId: number, actor: StaffActor, reason: string) {
    await this.change(playerId, PlayerStatus.FROZEN, PlayerStatus.ACTIVE, actor, reason, false);
    return this.standing(playerId);
  }

  /** Signs the player out everywhere; they may sign in again. */
  async endSessions(playerId: number) {
    if ((await this.repo.statusOf(playerId)) === undefined) throw fail('PLAYER_MISSING');
    await new SessionRepository(this.db).endActive(playerId, 'logout');
    await this.enders.sessionsEnded(playerId);
    return this.standing(playerId);
  }

  async standing(playerId: number) {
    const status = await this.repo.statusOf(playerId);
    if (status === undefined) throw fail('PLAYER_MISSING');
    const history = await this.repo.history(playerId, 50);
    return {
      playerId,
      frozen: status !== PlayerStatus.ACTIVE,
      history: history.map((row) => ({
        id: Number(row.id),
        frozen: row.to_status !== PlayerStatus.ACTIVE,
        reason: row.reason,
        by: row.actor_name,
        at: row.at.toISOString(),
      })),
    };
  }

  private async change(playerId: number, from: number, to: number, actor: StaffActor, reason: string, endSessions: boolean): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const repo = new PlayerStandingRepo(trx);
      const moved = await repo.setStatus(playerId, from, to);
      if (!moved) {
        if ((await repo.statusOf(playerId)) === undefined) throw fail('PLAYER_MISSING');
        // Already frozen (or already active): nothing changes, and saying so is the answer.
        throw fail('NO_PLAYER_DATA', from === PlayerStatus.ACTIVE ? 'the player is frozen already' : 'the player is not frozen');
      }
      await repo.record({ playerId, from, to, reason, actorKind: actor.kind, actorId: actor.id, actorName: actor.name });
      if (endSessions) await new SessionRepository(trx).endActive(playerId, 'logout');
    });
  }
}
