import type { Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/column-types.ts';

export interface BannersTable {
  id: Generated<number>;
  image_url: string;
  link: string | null;
  sort: Generated<number>;
  language: string | null;
  promotion_channel: string | null;
  enabled: Generated<boolean>;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  created_at: Generated<Date>;
}

/** `banners` as migration 0003 made it: the columns the global `Database` knows. */
export interface BannerBaseTables {
  banners: BannersTable;
}

/** Columns migration 0021 adds to `banners` (0003), and the audit of operator changes. */
export type BannerTables = {
  banners: {
    title: Generated<string>;
    media_id: string | null;
    updated_at: Generated<Date>;
  };
  banner_audit: {
    id: Generated<bigint>;
    banner_id: number;
    action: BannerAuditAction;
    old_value: unknown;
    new_value: unknown;
    changed_by: string;
    created_at: Generated<Date>;
  };
};

export type BannerAuditAction = 'create' | 'edit' | 'order' | 'schedule' | 'enable' | 'disable';
