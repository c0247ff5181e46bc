import type { CallDefinition } from './define.ts';
import { appCalls, keypointCalls, noticeCalls } from './app.ts';
import { playerCalls } from './player.ts';

export * from './define.ts';
export * from './player.ts';
export * from './app.ts';

/** Every call of SPEC section 7, grouped as the URL is. One source for server routes, client and OpenAPI. */
export const CALL_GROUPS = {
  player: playerCalls,
  app: appCalls,
  notice: noticeCalls,
  keypoint: keypointCalls,
} as const;

export const ALL_CALLS: readonly CallDefinition[] = Object.values(CALL_GROUPS).flatMap(
  (group) => Object.values(group) as CallDefinition[],
);
