/** The game types a third-party category may be shown as (hash games are the lobby's own). */
export const THIRD_PARTY_GAME_TYPES = [2, 10, 11, 12, 13, 14, 15] as const;
