import type { Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/column-types.ts';

export type SanctionSource = 'shipped' | 'upload';
export type SanctionHitKind = 'withdrawal' | 'withdrawal_address' | 'bet_address' | 'deposit' | 'transfer_bet';
export type SanctionHitState = 'refused' | 'held' | 'credited' | 'refunded' | 'kept';

/** One address on one list (migration 0039). */
export type SanctionedAddressesTable = {
  list: string;
  address: string;
  source: SanctionSource;
  added_at: Generated<Date>;
  /** The staff member or key that uploaded it; null for shipped rows. */
  added_by: string | null;
};

/** A listed address met by a withdrawal, a saved address, a binding, a deposit or a transfer bet (0039). */
export type SanctionHitsTable = {
  id: Generated<bigint>;
  kind: SanctionHitKind;
  state: SanctionHitState;
  player_id: number | null;
  address: string;
  lists: string[];
  currency: 'USDT' | 'TRX' | null;
  amount: bigint | null;
  reference: string | null;
  tx_id: string | null;
  decided_by: string | null;
  decision_reason: string | null;
  decided_at: NullableTimestamp;
  created_at: Generated<Date>;
};

export type SanctionsTables = {
  sanctioned_addresses: SanctionedAddressesTable;
  sanction_hits: SanctionHitsTable;
};
