import { z } from 'zod';
import { isoTime } from '../../calls/common.ts';
import { defineOpsCall, opsBody } from '../define.ts';
import { settingChange } from './common.ts';

export const ECONOMY_SETTING_NAMES = ['vip.levels', 'rebate.rates', 'referral.rates', 'wagering.multipliers', 'vip.trxPerUsdt'] as const;
const settingKey = z.enum(ECONOMY_SETTING_NAMES);

/** Every economy setting with its value in force: the stored one, or the default when none was ever set. */
const settingsReply = z.object({
  settings: z.array(
    z.object({
      key: settingKey,
      value: z.unknown().describe("The setting's value, as its key defines it"),
      isDefault: z.boolean().describe('Never set: the default is in force'),
      updatedAt: isoTime.nullable(),
      updatedBy: z.string().nullable(),
    }),
  ),
});

/** The operator's economy settings: VIP ladder, rebate and referral rates, wagering multipliers, TRX rate for XP. */
export const economyOpsCalls = {
  settings: defineOpsCall({
    path: '/ops/v1/economy/settings',
    access: 'economy.settings',
    audit: 'read',
    summary: 'Every economy setting with its current value',
    request: opsBody({}),
    response: settingsReply,
  }),
  set: defineOpsCall({
    path: '/ops/v1/economy/set',
    access: 'economy.settings',
    audit: 'change',
    stepUp: true,
    summary: 'Replaces one economy setting, validated whole and applied at once on every instance',
    request: opsBody({ key: settingKey, value: z.unknown() }).refine((body) => body.value !== undefined, { message: 'value is required', path: ['value'] }),
    response: settingsReply,
  }),
  audit: defineOpsCall({
    path: '/ops/v1/economy/audit',
    access: 'economy.settings',
    audit: 'read',
    summary: "One setting's changes, newest first",
    request: opsBody({ key: settingKey, limit: z.number().int().min(1).max(500).default(50) }),
    response: z.object({ changes: z.array(settingChange.extend({ key: settingKey })) }),
  }),
} as const;
