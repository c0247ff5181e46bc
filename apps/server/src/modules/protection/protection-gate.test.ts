import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHashTestApp, type HashTestApp } from '../hash-game/test-support.ts';
import { ProtectionGate } from './protection-gate.ts';

// An instance that missed the announcement of a change (its bus was down, it started in between)
// still learns of it: every instance reloads all guarded players on a timer.

let t: HashTestApp;
beforeAll(async () => {
  t = await startHashTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('ProtectionGate', () => {
  it('learns of a time-out it was never told of at its next full reload, and refuses the player with 10062', async () => {
    const { settings, gate } = t.app.services.protection;
    // A second instance's gate with no bus: it hears of nothing, only reloads.
    const deaf = new ProtectionGate(t.app.database.db, settings, () => ({ num: 1n, den: 1n }), undefined, { fullReloadMs: 100 });
    await deaf.start();
    try {
      const player = await t.registerPlayer();
      expect(deaf.isPaused(player.playerId)).toBe(false);
      const paused = await t.call('/v1/player/protection/time_out', { days: 1 }, { token: player.token });
      expect(paused.code).toBe(0);
      expect(gate.isPaused(player.playerId)).toBe(true);
      await expect.poll(() => deaf.isPaused(player.playerId), { timeout: 5_000, interval: 50 }).toBe(true);
      expect(() => deaf.assertMayPlay(player.playerId)).toThrowError(expect.objectContaining({ code: 10062 }));
    } finally {
      deaf.stop();
    }
  });
});
