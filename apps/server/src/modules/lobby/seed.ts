import type { Db } from '../../db/database.ts';
import { LobbyRepository } from './lobby.repo.ts';

/**
 * Fills each lobby table that is still empty with the starting catalogue (see
 * LobbyRepository.seedEmptyTables); returns the tables it filled.
 */
export async function seedLobby(db: Db): Promise<string[]> {
  return new LobbyRepository(db).seedEmptyTables();
}
