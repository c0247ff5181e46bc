import type { Generated } from 'kysely';

export type PlayerStandingChangesTable = {
  id: Generated<bigint>;
  player_id: number;
  from_status: number;
  to_status: number;
  reason: string;
  actor_kind: 'staff' | 'key';
  actor_id: number;
  actor_name: string;
  at: Generated<Date>;
};

export type PlayerStandingTables = {
  player_standing_changes: PlayerStandingChangesTable;
};
