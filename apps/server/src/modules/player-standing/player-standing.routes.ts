import { playerStandingOpsCalls } from '@lobby/contract';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import type { PlayerStandingService } from './player-standing.service.ts';

export function registerPlayerStandingOpsRoutes(ops: OpsRegistrar, standing: PlayerStandingService): void {
  ops.register(playerStandingOpsCalls.standing, ({ body }) => standing.standing(body.playerId));
  ops.register(playerStandingOpsCalls.freeze, ({ body, actor }) => standing.freeze(body.playerId, actor, body.reason));
  ops.register(playerStandingOpsCalls.unfreeze, ({ body, actor }) => standing.unfreeze(body.playerId, actor, body.reason));
  ops.register(playerStandingOpsCalls.endSessions, ({ body }) => standing.endSessions(body.playerId));
}
