import { activityCalls, bonusCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail } from '../../http/app-error.ts';
import { opsTokenGuard } from '../../http/ops-guard.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { BonusService } from './bonus.service.ts';
import { ECONOMY_SETTING_KEYS, InvalidEconomySettingError, type EconomySettingKey, type EconomySettings } from './economy-settings.ts';

/** The player's bonus calls: wagering left before withdrawing, and the bonus record. */
export function registerBonusRoutes(http: FastifyInstance, sessions: SessionService, bonus: BonusService): void {
  registerCall(http, sessions, bonusCalls.wagering, (ctx) => bonus.wageringView(ctx.session.playerId));
  registerCall(http, sessions, activityCalls.activityForm, (ctx) => bonus.records(ctx.session.playerId, ctx.body, ctx.lang));
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
