import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { SharedCopy } from '../../events/shared-copy.ts';
import { ACTIVITY_DEFAULTS, DEFAULTS_START, newActivityValues } from './activity-defaults.ts';
import { activityOf, type Activity } from './activity.model.ts';
import { ActivityRepository } from './activity.repo.ts';

const CHANGED_CHANNEL = 'activity.catalogue.changed';

/**
 * Every activity, held in memory by each instance and read again when any instance announces a
 * change on the event bus, so an operator's edit applies everywhere without a restart. Claims never
 * trust this copy for money: they read the row again inside their transaction.
 */
export class ActivityCatalogue {
  private activities: Activity[] = [];
  private readonly copy: SharedCopy;

  constructor(
    private readonly db: Db,
    bus?: EventBus,
  ) {
    this.copy = new SharedCopy(CHANGED_CHANNEL, () => this.reload(), bus);
  }

  /** Writes the seven default activities the first time (a type already present is left alone), loads, and follows changes. */
  async start(): Promise<void> {
    const repo = new ActivityRepository(this.db);
    const present = new Set(await repo.typesPresent());
    for (const seed of ACTIVITY_DEFAULTS) {
      if (present.has(seed.type)) continue;
      await repo.insert(newActivityValues(seed, seed.texts, DEFAULTS_START), 'defaults');
    }
    await this.copy.follow();
  }

  stop(): void {
    this.copy.stop();
  }

  async reload(): Promise<void> {
    this.activities = (await new ActivityRepository(this.db).all()).map(activityOf);
  }

  /** Every activity, enabled or not, in display order. */
  all(): readonly Activity[] {
    return this.activities;
  }

  get(id: number): Activity | undefined {
    return this.activities.find((a) => a.id === id);
  }

  /** Reloads here and tells every other instance to. */
  async changed(): Promise<void> {
    await this.copy.changed();
  }
}
