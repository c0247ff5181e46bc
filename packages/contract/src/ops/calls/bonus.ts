import { defineOpsCall, opsBody } from '../define.ts';
import { currencyField, opsData, playerIdField, reasonField } from './common.ts';

const decision = opsBody({ playerId: playerIdField, currency: currencyField, reason: reasonField });

/** A player's bonus money from the operator's side: read it, forfeit a bonus, waive its wagering. */
export const bonusOpsCalls = {
  state: defineOpsCall({
    path: '/ops/v1/bonus/state',
    access: 'players.read',
    audit: 'read',
    summary: "A player's bonus balances, wagering requirements and their history",
    request: opsBody({ playerId: playerIdField }),
    response: opsData('{ requirements, forfeits } per currency'),
  }),
  forfeit: defineOpsCall({
    path: '/ops/v1/bonus/forfeit',
    access: 'risk.decide',
    audit: 'change',
    stepUp: true,
    summary: "Forfeits a player's bonus money in one currency: it returns to the house",
    request: decision,
    response: opsData('{ forfeit, state }'),
  }),
  waive: defineOpsCall({
    path: '/ops/v1/bonus/waive',
    access: 'risk.decide',
    audit: 'change',
    stepUp: true,
    summary: "Waives a player's outstanding wagering in one currency: the bonus becomes cash",
    request: decision,
    response: opsData('{ waiver, state }'),
  }),
} as const;
