import type { FastifyBaseLogger } from 'fastify';
import type { LeaderLock } from '../../db/leader-lock.ts';

/**
 * A job that runs every `intervalMs` on the one instance holding its leader lock. Runs never
 * overlap: a run asked for while another is going (the timer, a nudge after a new withdrawal, a
 * test calling `runOnce`) waits for it. A failed run is logged and retried on the next tick.
 */
export class BackgroundWorker {
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    readonly name: string,
    private readonly intervalMs: number,
    private readonly lock: LeaderLock,
    private readonly step: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Runs soon instead of at the next tick (a no-op on an instance that does not lead). */
  nudge(): void {
    if (this.stopped) return;
    this.schedule(0);
  }

  /** One run under the lock; resolves to false when another instance leads. */
  runOnce(): Promise<boolean> {
    const run = this.queue.then(() => this.tick());
    this.queue = run.catch(() => undefined);
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.queue;
    await this.lock.close();
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runOnce()
        .catch(() => undefined)
        .finally(() => {
          if (!this.stopped && !this.timer) this.schedule(this.intervalMs);
        });
    }, delay);
    this.timer.unref?.();
  }

  private async tick(): Promise<boolean> {
    let leading: boolean;
    try {
      leading = (await this.lock.ensure()) !== null;
    } catch (error) {
      this.log.warn({ err: error, worker: this.name }, 'could not reach the database for the leader lock');
      return false;
    }
    if (!leading) return false;
    try {
      await this.step();
    } catch (error) {
      this.log.error({ err: error, worker: this.name }, 'background run failed; retrying on the next tick');
      throw error;
    }
    return true;
  }
}
