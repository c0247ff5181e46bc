import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('SessionService', () => {
  it("does not cache a session it read while the player's sessions were being ended", async () => {
    const { token, playerId } = await t.registerPlayer();
    const sessions = t.app.services.sessions;
    // The read starts before the end is announced and returns the row as it was before it.
    const reading = sessions.authenticate(token);
    void sessions.announceEnded(playerId);
    expect((await reading).playerId).toBe(playerId);

    await t.app.database.db.updateTable('player_sessions').set({ ended_at: new Date(), end_reason: 'logout' }).where('player_id', '=', playerId).execute();
    await expect(sessions.authenticate(token)).rejects.toThrow('unauthorized');
  });

  it('reads standings past the cache: active, ended with its code, or unknown', async () => {
    const { token, playerId } = await t.registerPlayer();
    const { sessionId } = await t.app.services.sessions.authenticate(token);
    expect(await t.app.services.sessions.standings([sessionId, 999_999_999n])).toEqual(
      new Map([
        [sessionId, { endCode: null, expiresAt: expect.any(Number) }],
        [999_999_999n, { endCode: 10009, expiresAt: 0 }],
      ]),
    );
    await t.app.database.db.updateTable('player_sessions').set({ ended_at: new Date(), end_reason: 'replaced' }).where('player_id', '=', playerId).execute();
    expect((await t.app.services.sessions.standings([sessionId])).get(sessionId)?.endCode).toBe(10032);
  });
});
