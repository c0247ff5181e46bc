import { FAVOURITE_GAMES_CAP, RECENT_GAMES_CAP, type Game } from '@lobby/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { advisoryKey } from '../../db/leader-lock.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { fail } from '../../http/app-error.ts';
import type { LobbyService } from './lobby.service.ts';

/** Rows of recently played kept per player: the row shows fewer, so games hidden meanwhile leave no gap. */
const RECENT_KEPT = RECENT_GAMES_CAP * 2;

/**
 * A player's own rows of games: favourites and recently played. Both name games by id and answer
 * only the games the lobby still shows (a game switched off or hidden drops out of the rows, and comes
 * back with it). Adding and removing are idempotent; favourites are capped.
 */
export class ShelvesService {
  /** With `bus`, every game a player enters (`game.entered`) joins their recently played. */
  constructor(
    private readonly db: Db,
    private readonly lobby: Pick<LobbyService, 'shownGames' | 'visibleGame'>,
    bus?: EventBus,
  ) {
    bus?.subscribe('game.entered', ({ playerId, gameId }) => this.recordPlayed(playerId, gameId));
  }

  async favourites(playerId: number): Promise<Game[]> {
    return this.lobby.shownGames(await this.latestIds('player_favourite_games', playerId));
  }

  /**
   * Marks a game the lobby shows. One player's adds run one at a time (a lock of theirs), so two
   * taps at once cannot pass the cap; the cap counts the favourites the player can see and remove.
   */
  async addFavourite(playerId: number, gameId: number): Promise<void> {
    if (!(await this.lobby.visibleGame(gameId))) throw fail('GAME_NOT_FOUND', `game ${gameId}`);
    await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${advisoryKey(`favourites:${playerId}`)})`.execute(trx);
      const rows = await trx.selectFrom('player_favourite_games').select('game_id').where('player_id', '=', playerId).execute();
      const ids = rows.map((row) => row.game_id);
      if (ids.includes(gameId)) return;
      if ((await this.lobby.shownGames(ids)).length >= FAVOURITE_GAMES_CAP) {
        throw fail('QUOTA_REACHED', `at most ${FAVOURITE_GAMES_CAP} favourite games; remove one first`);
      }
      await trx
        .insertInto('player_favourite_games')
        .values({ player_id: playerId, game_id: gameId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
  }

  async removeFavourite(playerId: number, gameId: number): Promise<void> {
    await this.db.deleteFrom('player_favourite_games').where('player_id', '=', playerId).where('game_id', '=', gameId).execute();
  }

  async recentGames(playerId: number): Promise<Game[]> {
    return (await this.lobby.shownGames(await this.latestIds('player_recent_games', playerId, RECENT_KEPT))).slice(0, RECENT_GAMES_CAP);
  }

  /** The games of one of a player's rows, latest first. */
  private async latestIds(table: 'player_favourite_games' | 'player_recent_games', playerId: number, limit?: number): Promise<number[]> {
    const at = table === 'player_favourite_games' ? 'created_at' : 'played_at';
    let query = this.db.selectFrom(table).select('game_id').where('player_id', '=', playerId).orderBy(sql.ref(at), 'desc').orderBy('game_id', 'desc');
    if (limit !== undefined) query = query.limit(limit);
    return (await query.execute()).map((row) => row.game_id);
  }

  /** The player entered a game: it moves to the front of their recently played, and the oldest beyond what is kept go. */
  async recordPlayed(playerId: number, gameId: number, at: Date = new Date()): Promise<void> {
    if (!(await this.lobby.visibleGame(gameId))) throw fail('GAME_NOT_FOUND', `game ${gameId}`);
    await this.db
      .insertInto('player_recent_games')
      .values({ player_id: playerId, game_id: gameId, played_at: at })
      .onConflict((oc) => oc.columns(['player_id', 'game_id']).doUpdateSet({ played_at: sql`greatest(player_recent_games.played_at, excluded.played_at)` }))
      .execute();
    await this.db
      .deleteFrom('player_recent_games')
      .where('player_id', '=', playerId)
      .where(
        'game_id',
        'not in',
        this.db
          .selectFrom('player_recent_games')
          .select('game_id')
          .where('player_id', '=', playerId)
          .orderBy('played_at', 'desc')
          .orderBy('game_id', 'desc')
          .limit(RECENT_KEPT),
      )
      .execute();
  }
}
