/** What the lock order and the overdraft rules need to know of a leg. */
export interface OrderedLegKey {
  kind: string;
  ownerId: bigint;
  currency: string;
  amount: bigint;
  /** 0 players (cash and bonus accounts), 1 system accounts, 2 house shards. */
  rank: number;
}

/**
 * THE LOCK ORDER, the one rule every posting follows: accounts are locked by rank (players, then
 * system accounts, then house shards), then kind, owner and currency, so two transfers never wait
 * on each other in a cycle. House shards come last: they are the contended rows, and locking them
 * last holds them for the shortest time. Every posting from TypeScript goes through ledger.service.ts,
 * which sorts its legs with this function; the one posting written in SQL,
 * db/functions/hash_place_bets.sql, locks its players' wallets by player id first and passes its
 * legs to `ledger_post_transfers` in this same order (see the comment at its head).
 */
export function compareLockOrder(a: OrderedLegKey, b: OrderedLegKey): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  if (a.ownerId !== b.ownerId) return a.ownerId < b.ownerId ? -1 : 1;
  return a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0;
}

/** The CHECK of migrations 0002 and 0022 that keeps players' cash and bonus balances from going negative. */
const PLAYER_BALANCE_CONSTRAINT = 'ledger_player_balance_non_negative';

/** True when the database refused a posting because a player's balance would go below zero. */
export function isPlayerOverdraft(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23514' && e.constraint === PLAYER_BALANCE_CONSTRAINT;
}

/** The players a posting takes money from, each once. */
export function debitedPlayers(legs: readonly OrderedLegKey[]): number[] {
  return [...new Set(legs.filter((l) => l.rank === 0 && l.amount < 0n).map((l) => Number(l.ownerId)))];
}
