import { z } from 'zod';
import { defineOpsCall, opsBody } from '../define.ts';
import { opsData } from './common.ts';

export const ECONOMY_SETTING_NAMES = ['vip.levels', 'rebate.rates', 'referral.rates', 'wagering.multipliers', 'vip.trxPerUsdt'] as const;
const settingKey = z.enum(ECONOMY_SETTING_NAMES);

/** The operator's economy settings: VIP ladder, rebate and referral rates, wagering multipliers, TRX rate for XP. */
export const economyOpsCalls = {
  settings: defineOpsCall({
    path: '/ops/v1/economy/settings',
    access: 'economy.settings',
    audit: 'read',
    summary: 'Every economy setting with its current value',
    request: opsBody({}),
    response: opsData('{ settings }'),
  }),
  set: defineOpsCall({
    path: '/ops/v1/economy/set',
    access: 'economy.settings',
    audit: 'change',
    stepUp: true,
    summary: 'Replaces one economy setting, validated whole and applied at once on every instance',
    request: opsBody({ key: settingKey, value: z.unknown() }).refine((body) => body.value !== undefined, { message: 'value is required', path: ['value'] }),
    response: opsData('{ settings }'),
  }),
  audit: defineOpsCall({
    path: '/ops/v1/economy/audit',
    access: 'economy.settings',
    audit: 'read',
    summary: "One setting's changes, newest first",
    request: opsBody({ key: settingKey, limit: z.number().int().min(1).max(500).default(50) }),
    response: opsData('{ changes: [{ id, key, oldValue, newValue, by, at }] }'),
  }),
} as const;
