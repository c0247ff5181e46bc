import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/column-types.ts';

export interface GamesTable {
  /** Catalogue games carry their fixed id; aggregator games take the next of games_id_seq. */
  id: ColumnType<number, number | undefined, number>;
  game_type: number;
  aggregator: string;
  manufacturer: string;
  game_code: string;
  name_zh: string;
  name_en: string;
  logo_zh: string;
  logo_en: string;
  sort: Generated<number>;
  is_hot: Generated<boolean>;
  is_new: Generated<boolean>;
  period: number | null;
  reward_rate: string | null;
  requires_login: Generated<boolean>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** 'catalogue' (the starting catalogue: hash games) or 'aggregator' (synced from its game list). */
  source: Generated<'catalogue' | 'aggregator'>;
  /** False once the aggregator stopped listing the game (or disabled it): hidden, not deleted. */
  listed: Generated<boolean>;
  hot_override: boolean | null;
  new_override: boolean | null;
  sort_override: number | null;
  synced_at: NullableTimestamp;
  /** The aggregator's category as it wrote it ('' for the catalogue's own games). */
  category: Generated<string>;
}

/** An operator's decision about an aggregator category, by its key (game-categories.ts). */
export interface GameCategoryRulesTable {
  category_key: string;
  game_type: number | null;
  hidden: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface PlayerFavouriteGamesTable {
  player_id: number;
  game_id: number;
  created_at: Generated<Date>;
}

export interface PlayerRecentGamesTable {
  player_id: number;
  game_id: number;
  played_at: Generated<Date>;
}

/** Limits are inclusive, in micro-units. */
export interface GameTransferAddressesTable {
  game_id: number;
  level: number;
  address: string;
  trx_min: bigint;
  trx_max: bigint;
  usdt_min: bigint;
  usdt_max: bigint;
  updated_at: Generated<Date>;
}

export interface NavConfigTable {
  nav_id: number;
  status: Generated<number>;
  sort: Generated<number>;
}

export interface ManufacturersTable {
  abbr: string;
  name: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface PromotionChannelsTable {
  channel_md5: string;
  promotion_channel: string;
  client_version: string;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface CustomerServiceTable {
  id: Generated<number>;
  kind: string;
  name: ColumnType<Record<string, string>, string, string>;
  url: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface SiteConfigVersionsTable {
  scope: string;
  version: Generated<number>;
}

export interface SiteConfigTable {
  scope: string;
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}

export interface KeypointsTable {
  id: Generated<bigint>;
  kind: number;
  player_id: number | null;
  client_version: string | null;
  promotion_channel: string | null;
  domain: string | null;
  client_ip: string | null;
  client_device_os: string | null;
  client_device_code: string | null;
  custom_data: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  ip: string;
  created_at: Generated<Date>;
}

export interface RankingWinsTable {
  id: Generated<bigint>;
  player_id: number;
  display_name: string;
  game_id: number;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  reference: string;
  won_at: Generated<Date>;
}

export interface LobbyTables {
  games: GamesTable;
  game_transfer_addresses: GameTransferAddressesTable;
  nav_config: NavConfigTable;
  manufacturers: ManufacturersTable;
  promotion_channels: PromotionChannelsTable;
  customer_service: CustomerServiceTable;
  site_config_versions: SiteConfigVersionsTable;
  site_config: SiteConfigTable;
  keypoints: KeypointsTable;
  ranking_wins: RankingWinsTable;
  game_category_rules: GameCategoryRulesTable;
  player_favourite_games: PlayerFavouriteGamesTable;
  player_recent_games: PlayerRecentGamesTable;
}
