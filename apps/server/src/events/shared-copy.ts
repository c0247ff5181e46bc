import type { CopyChangedEvent, DomainEvents } from './domain-events.ts';
import type { EventBus } from './event-bus.ts';

/**
 * What each instance keeps in memory of something operators change (the activities, the economy
 * settings, the bulletins): loaded at start, loaded again whenever any instance announces a change
 * on `channel`, so an edit applies everywhere without a restart. A failed reload keeps the copy held
 * and is told to `onReloadError`; the next announcement tries again.
 */
export class SharedCopy<K extends CopyChangedEvent = CopyChangedEvent> {
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly channel: K,
    private readonly load: () => Promise<void>,
    private readonly bus?: EventBus,
    private readonly onReloadError: (error: unknown) => void = () => undefined,
  ) {}

  /** Loads, then follows every instance's announcements. */
  async follow(): Promise<void> {
    await this.load();
    this.unsubscribe ??= this.bus?.subscribe(this.channel, () => void this.load().catch(this.onReloadError));
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** Loads here and tells every other instance to. */
  async changed(message?: DomainEvents[K]): Promise<void> {
    await this.load();
    await this.bus?.publish(this.channel, message ?? ({} as DomainEvents[K]));
  }
}
