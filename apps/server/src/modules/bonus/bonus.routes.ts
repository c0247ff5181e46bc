import { activityCalls, bonusCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail } from '../../http/app-error.ts';
import { opsTokenGuard } from '../../http/ops-guard.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import { forfeitView, type BonusForfeits } from './bonus-forfeit.service.ts';
import type { BonusService } from './bonus.service.ts';
import { ECONOMY_SETTING_KEYS, InvalidEconomySettingError, type EconomySettingKey, type EconomySettings } from './economy-settings.ts';

/**
 * The player's bonus calls: bonus money and its wagering, giving it up, the multipliers a claim will
 * ask, and the bonus record.
 */
export function registerBonusRoutes(http: FastifyInstance, sessions: SessionService, bonus: BonusService, forfeits: BonusForfeits, settings: EconomySettings): void {
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

const playerCurrency = { playerId: z.number().int().positive(), currency: z.enum(['USDT', 'TRX']) };
const decisionBody = z
  .object({
    ...playerCurrency,
    reason: z.string().trim().min(3).max(500).describe('Why, for the audit and the player record'),
    by: z.string().trim().min(1).max(100).describe('Who decides, for the audit'),
  })
  .strict();
const stateBody = z.object({ playerId: playerCurrency.playerId }).strict();

/**
 * Operator endpoints behind `x-ops-token` (absent without OPS_TOKEN) on a player's bonus money: read
 * the requirements and their history, forfeit a bonus (it returns to the house) or waive a requirement
 * (the bonus becomes cash), each with a reason, recorded in `bonus_forfeits` and logged.
 */
export function registerBonusOpsRoutes(http: FastifyInstance, forfeits: BonusForfeits, opsToken: string | undefined): void {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);
  const parse = <T extends z.ZodTypeAny>(schema: T, body: unknown, shape: string): z.infer<T> => {
    const parsed = schema.safeParse(body ?? {});
    if (!parsed.success) throw fail('INVALID_PARAMETERS', `send ${shape}`);
    return parsed.data;
  };

  http.post('/ops/bonus/state', async (request) => {
    guard(request);
    const { playerId } = parse(stateBody, request.body, '{playerId}');
    return { code: 0, msg: 'success', data: await forfeits.stateOf(playerId) };
  });

  http.post('/ops/bonus/forfeit', async (request) => {
    guard(request);
    const body = parse(decisionBody, request.body, '{playerId, currency: USDT | TRX, reason, by}');
    const { row } = await forfeits.forfeit(body.playerId, body.currency, { player: false, operator: body.by, reason: body.reason });
    request.log.info({ audit: 'bonus_forfeit', playerId: body.playerId, currency: body.currency, by: body.by, amount: String(row.amount) }, 'bonus forfeited by an operator');
    return { code: 0, msg: 'success', data: { forfeit: { id: Number(row.id), ...forfeitView(row) }, state: await forfeits.stateOf(body.playerId) } };
  });

  http.post('/ops/bonus/waive', async (request) => {
    guard(request);
    const body = parse(decisionBody, request.body, '{playerId, currency: USDT | TRX, reason, by}');
    const row = await forfeits.waive(body.playerId, body.currency, body.by, body.reason);
    request.log.info({ audit: 'bonus_waive', playerId: body.playerId, currency: body.currency, by: body.by, amount: String(row.amount) }, 'wagering waived by an operator');
    return { code: 0, msg: 'success', data: { waiver: { id: Number(row.id), ...forfeitView(row) }, state: await forfeits.stateOf(body.playerId) } };
  });
}

const setBody = z
  .object({
    key: z.enum(ECONOMY_SETTING_KEYS as [EconomySettingKey, ...EconomySettingKey[]]),
    value: z.unknown(),
    by: z.string().trim().min(1).max(100).describe('Who makes the change, for the audit'),
  })
  .strict();
const auditBody = z.object({ key: z.enum(ECONOMY_SETTING_KEYS as [EconomySettingKey, ...EconomySettingKey[]]), limit: z.number().int().min(1).max(500).default(50) }).strict();

/**
 * Operator endpoints behind `x-ops-token` (absent without OPS_TOKEN): read and change the VIP ladder,
 * rebate rates, wagering multipliers and the TRX rate for XP. A change is validated whole, stored with
 * an audit row, logged, and applied at once on every instance.
 */
export function registerEconomyOpsRoutes(http: FastifyInstance, settings: EconomySettings, opsToken: string | undefined): void {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);

  http.post('/ops/economy/settings', async (request) => {
    guard(request);
    return { code: 0, msg: 'success', data: { settings: await settings.list() } };
  });

  http.post('/ops/economy/settings/set', async (request) => {
    guard(request);
    const parsed = setBody.safeParse(request.body ?? {});
    if (!parsed.success || !('value' in (request.body as object))) {
      throw fail('INVALID_PARAMETERS', `send {key: ${ECONOMY_SETTING_KEYS.join(' | ')}, value, by}`);
    }
    try {
      await settings.set(parsed.data.key, parsed.data.value, parsed.data.by);
    } catch (error) {
      if (error instanceof InvalidEconomySettingError) throw fail('INVALID_PARAMETERS', error.message);
      throw error;
    }
    request.log.info({ audit: 'economy_setting', key: parsed.data.key, by: parsed.data.by }, 'economy setting changed');
    return { code: 0, msg: 'success', data: { settings: await settings.list() } };
  });

  http.post('/ops/economy/settings/audit', async (request) => {
    guard(request);
    const parsed = auditBody.safeParse(request.body ?? {});
    if (!parsed.success) throw fail('INVALID_PARAMETERS', `send {key: ${ECONOMY_SETTING_KEYS.join(' | ')}, limit?: 1-500}`);
    const rows = await settings.audit(parsed.data.key, parsed.data.limit);
    return {
      code: 0,
      msg: 'success',
      data: {
        changes: rows.map((row) => ({
          id: Number(row.id),
          key: row.key,
          oldValue: row.old_value,
          newValue: row.new_value,
          by: row.updated_by,
          at: row.created_at.toISOString(),
        })),
      },
    };
  });
}
