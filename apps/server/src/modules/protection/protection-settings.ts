import { protectionSettingsSchema } from '@lobby/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { SharedCopy } from '../../events/shared-copy.ts';
import { fail } from '../../http/app-error.ts';
import type { TrxPerUsdt } from '../turnover/turnover.repo.ts';
import { parseRational } from '../wallet/settings.ts';
import { isKnownZone } from './periods.ts';

export type ProtectionSettingsValue = z.infer<typeof protectionSettingsSchema>;

/** PROTECTION.md's defaults: Asia/Shanghai periods, hourly reality checks, 24 h and 7 days of cooling-off. */
export const DEFAULT_PROTECTION_SETTINGS: ProtectionSettingsValue = {
  periodZone: 'Asia/Shanghai',
  realityCheckDefaultMinutes: 60,
  coolingOffHours: 24,
  returnCoolingOffDays: 7,
  // Dearer than TRX has traded: while no rate is configured, limits err on the player's side.
  fallbackTrxPerUsdt: '3',
};

/** The operator's protection settings, kept by every instance and reloaded on every instance when one changes them. */
export class ProtectionSettings {
  private value: ProtectionSettingsValue = DEFAULT_PROTECTION_SETTINGS;
  private loads = 0;
  private readonly copy: SharedCopy<'protection.settings.changed'>;

  constructor(
    private readonly db: Db,
    bus?: EventBus,
  ) {
    this.copy = new SharedCopy('protection.settings.changed', () => this.reload(), bus);
  }

  start(): Promise<void> {
    return this.copy.follow();
  }

  stop(): void {
    this.copy.stop();
  }

  current(): ProtectionSettingsValue {
    return this.value;
  }

  private async reload(): Promise<void> {
    const load = ++this.loads;
    const { rows } = await sql<{ settings: unknown }>`select settings from protection_settings where id = 1`.execute(this.db);
    const parsed = rows[0] ? protectionSettingsSchema.partial().safeParse(rows[0].settings) : undefined;
    if (load === this.loads) this.value = { ...DEFAULT_PROTECTION_SETTINGS, ...(parsed?.success ? parsed.data : {}) };
  }

  /** Changes the settings named; returns what was and what is. */
  async set(changes: Partial<ProtectionSettingsValue>): Promise<{ before: ProtectionSettingsValue; after: ProtectionSettingsValue }> {
    if (changes.periodZone !== undefined && !isKnownZone(changes.periodZone))
      throw fail('INVALID_PARAMETERS', `periodZone: ${changes.periodZone} is not a time zone`);
    const before = this.value;
    const after = protectionSettingsSchema.parse({ ...before, ...changes });
    await sql`
      insert into protection_settings (id, settings, updated_at) values (1, ${JSON.stringify(after)}::jsonb, now())
      on conflict (id) do update set settings = excluded.settings, updated_at = now()`.execute(this.db);
    await this.copy.changed();
    return { before, after };
  }
}

/** The rate limits count TRX at: the turnover's (exchange, else VIP setting), else the operator's fallback. */
export function protectionRate(turnoverRate: TrxPerUsdt, settings: Pick<ProtectionSettingsValue, 'fallbackTrxPerUsdt'>): TrxPerUsdt {
  return turnoverRate.den === 0n ? parseRational(settings.fallbackTrxPerUsdt) : turnoverRate;
}
