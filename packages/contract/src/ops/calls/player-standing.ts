import { z } from 'zod';
import { isoTime } from '../../calls/common.ts';
import { defineOpsCall, opsBody } from '../define.ts';
import { playerIdField, reasonField } from './common.ts';

/** Whether a player is frozen now, and every freeze and unfreeze, newest first. */
const standing = z.object({
  playerId: z.number().int(),
  frozen: z.boolean(),
  history: z
    .array(
      z.object({
        id: z.number().int(),
        frozen: z.boolean().describe('True: a freeze; false: an unfreeze'),
        reason: z.string(),
        by: z.string().describe('The staff member or key that decided'),
        at: isoTime,
      }),
    )
    .describe('Newest first'),
});

/** A player's standing from the operator's side: freeze, unfreeze, sign out everywhere. */
export const playerStandingOpsCalls = {
  standing: defineOpsCall({
    path: '/ops/v1/players/standing',
    access: 'players.read',
    audit: 'read',
    summary: 'Whether the player is frozen, and every freeze and unfreeze with its reason and who decided',
    request: opsBody({ playerId: playerIdField }),
    response: standing,
  }),
  freeze: defineOpsCall({
    path: '/ops/v1/players/freeze',
    access: 'players.freeze',
    audit: 'change',
    summary: 'Freezes a player: their sessions, game sessions and auto-bets end at once on every instance, and sign-in is refused (10005)',
    request: opsBody({ playerId: playerIdField, reason: reasonField }),
    response: standing,
  }),
  unfreeze: defineOpsCall({
    path: '/ops/v1/players/unfreeze',
    access: 'players.freeze',
    audit: 'change',
    stepUp: true,
    summary: 'Unfreezes a player: they may sign in again',
    request: opsBody({ playerId: playerIdField, reason: reasonField }),
    response: standing,
  }),
  endSessions: defineOpsCall({
    path: '/ops/v1/players/endSessions',
    access: 'players.security',
    audit: 'change',
    summary: 'Signs a player out everywhere (their sockets are told); they may sign in again',
    request: opsBody({ playerId: playerIdField, reason: reasonField }),
    response: standing,
  }),
} as const;
