import { activityFields, formatMicro, OPS_IMAGE_MAX_BYTES } from '@lobby/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { MediaService } from '../media/media.service.ts';
import type { MediaKind } from '../media/tables.ts';
import type { ActivityCatalogue } from './activity-catalogue.ts';
import { ActivityRepository, type ActivityRow, type ActivityValues } from './activity.repo.ts';
import { ACTIVITY_TYPES, InvalidActivityError, parseRules, type ActivityType } from './activity-rules.ts';
import { ACTIVITY_DEFAULTS, newActivityValues } from './activity-defaults.ts';

export const ACTIVITY_BANNER_MAX_BYTES = OPS_IMAGE_MAX_BYTES;
const BANNER_KINDS: readonly MediaKind[] = ['png', 'jpeg', 'webp'];

export type ActivityFields = z.output<typeof activityFields>;

/** An activity as operators read it, money as decimal strings. */
export function opsView(row: ActivityRow) {
  return {
    id: row.id,
    type: row.type,
    texts: row.texts,
    imageUrl: row.image_url,
    sort: row.sort,
    startAt: row.start_at.toISOString(),
    endAt: row.end_at?.toISOString() ?? null,
    currency: row.currency,
    rules: row.rules,
    wageringMultiplier: row.wagering_multiplier,
    perPlayerLimit: row.per_player_limit,
    budgetCap: row.budget_cap === null ? null : formatMicro(BigInt(row.budget_cap)),
    paidTotal: formatMicro(BigInt(row.paid_total)),
    requiresRecharge: row.requires_recharge,
    enabled: row.enabled,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

function valuesOf(row: ActivityRow): ActivityValues {
  return {
    type: row.type,
    texts: row.texts,
    image_url: row.image_url,
    sort: row.sort,
    start_at: row.start_at,
    end_at: row.end_at,
    currency: row.currency,
    rules: row.rules,
    wagering_multiplier: row.wagering_multiplier,
    per_player_limit: row.per_player_limit,
    budget_cap: row.budget_cap === null ? null : BigInt(row.budget_cap),
    requires_recharge: row.requires_recharge,
    enabled: row.enabled,
  };
}

function merged(base: ActivityValues, fields: ActivityFields): ActivityValues {
  const next: ActivityValues = {
    ...base,
    ...(fields.texts !== undefined && { texts: fields.texts }),
    ...(fields.imageUrl !== undefined && { image_url: fields.imageUrl }),
    ...(fields.sort !== undefined && { sort: fields.sort }),
    ...(fields.startAt !== undefined && { start_at: fields.startAt }),
    ...(fields.endAt !== undefined && { end_at: fields.endAt }),
    ...(fields.currency !== undefined && { currency: fields.currency }),
    ...(fields.rules !== undefined && { rules: fields.rules }),
    ...(fields.wageringMultiplier !== undefined && { wagering_multiplier: fields.wageringMultiplier }),
    ...(fields.perPlayerLimit !== undefined && { per_player_limit: fields.perPlayerLimit }),
    ...(fields.budgetCap !== undefined && { budget_cap: fields.budgetCap }),
    ...(fields.requiresRecharge !== undefined && { requires_recharge: fields.requiresRecharge }),
    ...(fields.enabled !== undefined && { enabled: fields.enabled }),
  };
  parseRules(next.type as ActivityType, next.rules);
  if (next.end_at !== null && next.end_at <= next.start_at) throw new InvalidActivityError('endAt must be after startAt');
  return next;
}

/** JSON of an activity's settings for the audit (dates and money as strings). */
const auditJson = (values: ActivityValues) => ({
  ...values,
  start_at: values.start_at.toISOString(),
  end_at: values.end_at?.toISOString() ?? null,
  budget_cap: values.budget_cap === null ? null : formatMicro(values.budget_cap),
});

/**
 * The operator's activity console: create, edit, schedule, enable or disable, each validated whole
 * (rules against the type's schema, the window, the budget against what is already paid), written
 * with an audit row (old and new values, who, when), then announced so every instance applies it.
 */
export class ActivityOpsService {
  constructor(
    private readonly db: Db,
    private readonly catalogue: ActivityCatalogue,
    private readonly media: Pick<MediaService, 'store'>,
  ) {}

  /** Stores a banner image through the media store (checked by size and magic bytes) and sets it on the activity. */
  async banner(id: number, image: { bytes: Uint8Array; declaredType?: string }, by: string) {
    const stored = await this.media.store({
      bytes: image.bytes,
      declaredType: image.declaredType,
      maxBytes: ACTIVITY_BANNER_MAX_BYTES,
      kinds: BANNER_KINDS,
      purpose: 'activity_banner',
    });
    return this.change(id, { imageUrl: stored.url }, by, 'banner');
  }

  async list() {
    return (await new ActivityRepository(this.db).all()).map(opsView);
  }

  async create(type: number, fields: ActivityFields, by: string) {
    if (!ACTIVITY_TYPES.includes(type as ActivityType)) throw new InvalidActivityError(`type ${type} is not an activity type (1-7)`);
    if (fields.texts === undefined) throw new InvalidActivityError('texts are required (en_US at least)');
    const seed = ACTIVITY_DEFAULTS.find((d) => d.type === type)!;
    const values = merged(newActivityValues(seed, fields.texts, new Date()), fields);
    const row = await this.db.transaction().execute(async (trx) => {
      const repo = new ActivityRepository(trx);
      const inserted = await repo.insert(values, by);
      await repo.audit({ activityId: inserted.id, action: 'create', oldValue: undefined, newValue: auditJson(values), by });
      return inserted;
    });
    await this.catalogue.changed();
    return opsView(row);
  }

  /** Applies `fields` to activity `id`; `action` names the change in the audit (edit, schedule, disable, banner). */
  async change(id: number, fields: ActivityFields, by: string, action: string) {
    const row = await this.db.transaction().execute(async (trx) => {
      const repo = new ActivityRepository(trx);
      const current = await repo.find(id, { lock: true });
      if (!current) throw new InvalidActivityError(`activity ${id} does not exist`);
      const before = valuesOf(current);
      const after = merged(before, fields);
      if (after.budget_cap !== null && after.budget_cap < BigInt(current.paid_total)) {
        throw new InvalidActivityError(`budgetCap ${formatMicro(after.budget_cap)} is below what is already paid (${formatMicro(BigInt(current.paid_total))})`);
      }
      const updated = await repo.update(id, after, by);
      await repo.audit({ activityId: id, action, oldValue: auditJson(before), newValue: auditJson(after), by });
      return updated;
    });
    await this.catalogue.changed();
    return opsView(row);
  }

  async audit(id: number, limit: number) {
    const rows = await new ActivityRepository(this.db).auditOf(id, limit);
    return rows.map((row) => ({
      id: Number(row.id),
      action: row.action,
      oldValue: row.old_value,
      newValue: row.new_value,
      by: row.updated_by,
      at: row.created_at.toISOString(),
    }));
  }
}
