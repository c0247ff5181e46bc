import type { Migration } from 'kysely';
import * as players from './0001_players.ts';
import * as ledger from './0002_ledger.ts';

/** Every migration, by name. Names sort in the order they must run; never rename or edit a released one. */
export const migrations: Record<string, Migration> = {
  '0001_players': players,
  '0002_ledger': ledger,
};
