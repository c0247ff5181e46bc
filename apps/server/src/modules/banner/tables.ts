import type { Generated } from 'kysely';

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
