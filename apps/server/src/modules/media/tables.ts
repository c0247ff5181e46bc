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

/** The media store's table (migration 0021), declared beside the module that owns it. */
export type MediaTables = {
  media: MediaTable;
};
