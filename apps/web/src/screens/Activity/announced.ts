/** Where a device remembers which rewards the lobby's bonus popup has announced. */
export const ANNOUNCED_KEY = 'lobby.activity.announced';

/**
 * One reward is announced once: a claim moves `lastParticipatedAt` on, so the next period's reward of
 * the same activity is a new one.
 */
export const announcementKey = (playerId: number, state: { activityId: number; lastParticipatedAt: string | null }) =>
  `${playerId}:${state.activityId}:${state.lastParticipatedAt ?? '-'}`;
