/**
 * Announces changed balances at most once per `delayMs`, all players changed meanwhile together (one
 * read of their balances), never holding up the caller (the money has moved already). A game sends a
 * bet and a win per round, many a second: a player's screen needs the last balance, not every one.
 */
export function coalesced(announce: (playerIds: number[]) => Promise<void>, delayMs: number): (playerId: number) => void {
  const pending = new Set<number>();
  return (playerId) => {
    if (pending.size === 0) {
      setTimeout(() => {
        const players = [...pending];
        pending.clear();
        void announce(players).catch(() => undefined);
      }, delayMs).unref();
    }
    pending.add(playerId);
  };
}
