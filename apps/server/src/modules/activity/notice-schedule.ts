/** Events arriving together are looked at once, this long after the first. */
export const NOTICE_DELAY_MS = 1_000;
/** A player is looked at at most this often: an event sooner is looked at when this has passed. */
export const NOTICE_RECHECK_MS = 5_000;
/**
 * A player whose money moves with every game round (a third-party game sends a bet and a win per
 * round) is looked at again at most this often for it: what such rounds add (valid turnover toward a
 * rebate) grows slowly, and looking at every active player every few seconds would cost the database
 * more than their rounds do. An account event (registration, e-mail, a deposit) is still looked at
 * within NOTICE_RECHECK_MS.
 */
export const PLAY_RECHECK_MS = 30_000;
/** Players whose last look an instance remembers. */
const MEMORY = 50_000;

/**
 * When each noticed player is due to be looked at: no sooner than NOTICE_DELAY_MS after the event,
 * and no sooner than the recheck interval after the player was last looked at.
 */
export class NoticeSchedule {
  private readonly due = new Map<number, number>();
  private readonly lastLook = new Map<number, number>();

  /** Notes an event for each player at `now`; `play` marks the frequent kind (a game round's balance). */
  notice(playerIds: readonly number[], now: number, options: { play?: boolean } = {}): void {
    const recheck = options.play ? PLAY_RECHECK_MS : NOTICE_RECHECK_MS;
    for (const id of playerIds) {
      const due = Math.max(now + NOTICE_DELAY_MS, (this.lastLook.get(id) ?? -Infinity) + recheck);
      const pending = this.due.get(id);
      if (pending === undefined || due < pending) this.due.set(id, due);
    }
  }

  /** Up to `limit` players due at `now`, taken off the schedule and marked looked at. */
  take(now: number, limit: number): number[] {
    const players: number[] = [];
    for (const [id, due] of this.due) {
      if (players.length >= limit) break;
      if (due > now) continue;
      this.due.delete(id);
      players.push(id);
    }
    if (this.lastLook.size > MEMORY) this.lastLook.clear();
    for (const id of players) this.lastLook.set(id, now);
    return players;
  }

  /** When the next player is due, or undefined when none is waiting. */
  next(): number | undefined {
    let next: number | undefined;
    for (const due of this.due.values()) if (next === undefined || due < next) next = due;
    return next;
  }

  clear(): void {
    this.due.clear();
  }
}
