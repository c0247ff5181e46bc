import { activityCalls, bonusCalls, bonusOpsCalls, economyOpsCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../http/app-error.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import { forfeitView, type BonusForfeits } from './bonus-forfeit.service.ts';
import type { BonusService } from './bonus.service.ts';
import { InvalidEconomySettingError, type EconomySettings } from './economy-settings.ts';

/**
 * The player's bonus calls: bonus money and its wagering, giving it up, the multipliers a claim will
 * ask, and the bonus record.
 */
export function registerBonusRoutes(
  http: FastifyInstance,
  sessions: SessionService,
  bonus: BonusService,
  forfeits: BonusForfeits,
  settings: EconomySettings,
): void {
  registerCall(http, sessions, bonusCalls.wagering, (ctx) => bonus.wageringView(ctx.session.playerId));
  registerCall(http, sessions, bonusCalls.forfeit, (ctx) => forfeits.forfeitByPlayer(ctx.session.playerId, ctx.body.currency, ctx.body.requestId));
  registerCall(http, sessions, bonusCalls.terms, async () => ({
    multipliers: {
      rebate: settings.multiplier('rebate'),
      referral: settings.multiplier('referral'),
      vipLevelGift: settings.multiplier('vip_level_gift'),
      vipMonthGift: settings.multiplier('vip_month_gift'),
      activity: settings.multiplier('activity'),
    },
  }));
  registerCall(http, sessions, activityCalls.activityForm, (ctx) => bonus.records(ctx.session.playerId, ctx.body, ctx.lang));
}

/**
 * Operator calls on a player's bonus money: read the requirements and their history, forfeit a bonus
 * (it returns to the house) or waive a requirement (the bonus becomes cash), each with a reason,
 * recorded in `bonus_forfeits` under the staff member's name and in the audit.
 */
export function registerBonusOpsRoutes(ops: OpsRegistrar, forfeits: BonusForfeits): void {
  ops.register(bonusOpsCalls.state, (ctx) => forfeits.stateOf(ctx.body.playerId));

  ops.register(bonusOpsCalls.forfeit, async ({ body, actor }) => {
    const { row } = await forfeits.forfeit(body.playerId, body.currency, { player: false, operator: actor.name, reason: body.reason });
    return { forfeit: { id: Number(row.id), ...forfeitView(row) }, state: await forfeits.stateOf(body.playerId) };
  });

  ops.register(bonusOpsCalls.waive, async ({ body, actor }) => {
    const row = await forfeits.waive(body.playerId, body.currency, actor.name, body.reason);
    return { waiver: { id: Number(row.id), ...forfeitView(row) }, state: await forfeits.stateOf(body.playerId) };
  });
}

/**
 * Operator calls on the VIP ladder, rebate rates, wagering multipliers and the TRX rate for XP. A
 * change is validated whole, stored with its own history row, audited, and applied at once on every
 * instance.
 */
export function registerEconomyOpsRoutes(ops: OpsRegistrar, settings: EconomySettings): void {
  ops.register(economyOpsCalls.settings, async () => ({ settings: await settings.list() }));

  ops.register(economyOpsCalls.set, async ({ body, actor, audit }) => {
    audit.target = `setting:${body.key}`;
    try {
      await settings.set(body.key, body.value, actor.name);
    } catch (error) {
      if (error instanceof InvalidEconomySettingError) throw fail('INVALID_PARAMETERS', error.message);
      throw error;
    }
    return { settings: await settings.list() };
  });

  ops.register(economyOpsCalls.audit, async ({ body }) => {
    const rows = await settings.audit(body.key, body.limit);
    return {
      changes: rows.map((row) => ({
        id: Number(row.id),
        key: row.key,
        oldValue: row.old_value,
        newValue: row.new_value,
        by: row.updated_by,
        at: row.created_at.toISOString(),
      })),
    };
  });
}
