const MAX_PLAYER_ID = 2_147_483_647;

/**
 * The opaque `user` id the aggregator knows a player by: `p` and the player id zero-padded to six
 * digits (`p000042`). It carries no personal data and is at least the four characters Hub88 asks for.
 */
export function aggregatorUserId(playerId: number): string {
  if (!Number.isSafeInteger(playerId) || playerId <= 0) throw new Error(`not a player id: ${playerId}`);
  return `p${String(playerId).padStart(6, '0')}`;
}

/** The player id an aggregator `user` names, or null when it is not one of ours. */
export function playerIdFromAggregatorUser(user: unknown): number | null {
  if (typeof user !== 'string') return null;
  const match = /^p(\d{6,10})$/.exec(user);
  if (!match) return null;
  const id = Number(match[1]);
  // Player ids are PostgreSQL integers.
  if (id <= 0 || id > MAX_PLAYER_ID) return null;
  // Only the canonical spelling names a player: `p0000042` is not `p000042`.
  return aggregatorUserId(id) === user ? id : null;
}
