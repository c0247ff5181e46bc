import type { Generated } from 'kysely';

export type MediaKind = 'png' | 'jpeg' | 'webp' | 'gif';

export type MediaTable = {
  id: string;
  kind: MediaKind;
  size: number;
  bytes: Uint8Array;
  purpose: string;
  created_at: Generated<Date>;
};

/** Who stored which media, and its size, for the per-player cap of the store (migration 0022). */
export type MediaOwnersTable = {
  player_id: number;
  media_id: string;
  size: number;
  created_at: Generated<Date>;
};

/** The bytes a player has stored in all. */
export type MediaUsageTable = {
  player_id: number;
  bytes: bigint;
};

/** The media store's tables (migrations 0021 and 0022), declared beside the module that owns them. */
export type MediaTables = {
  media: MediaTable;
  media_owners: MediaOwnersTable;
  media_usage: MediaUsageTable;
};
