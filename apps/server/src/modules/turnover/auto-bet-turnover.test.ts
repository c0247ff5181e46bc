import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { MARTINGALE, startAutoBetTestApp, type AutoBetTestApp } from '../auto-bet/test-support.ts';

// Auto-bets: a real run's bets are page bets and count like any other; a simulated run plays with
// a virtual balance and counts nothing.

let t: AutoBetTestApp;
beforeAll(async () => {
  t = await startAutoBetTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const turnover = async (playerId: number) =>
  (await t.app.database.db.selectFrom('turnover_records').select(['stake', 'valid']).where('player_id', '=', playerId).execute()).reduce(
    (sum, r) => ({ stake: sum.stake + r.stake, valid: sum.valid + r.valid }),
    { stake: 0n, valid: 0n },
  );

describe('valid turnover of auto-bets', { timeout: 180_000 }, () => {
  it('counts 0 for a simulated run and every settled bet of a real one', async () => {
    const simulated = await t.player();
    const real = await t.player();
    const flat = { ...MARTINGALE, progression: 'flat' };
    expect((await t.start(simulated.token, { simulate: true, strategy: flat })).code).toBe(0);
    expect((await t.start(real.token, { simulate: false, strategy: flat })).code).toBe(0);
    for (let i = 0; i < 6; i++) await t.round();
    await t.call('/v1/auto_bet/stop', {}, { token: simulated.token });
    await t.call('/v1/auto_bet/stop', {}, { token: real.token });
    for (let i = 0; i < 2; i++) await t.round();

    expect((await t.log(simulated.token, 1, true)).record.length).toBeGreaterThan(0);
    expect(await turnover(simulated.playerId)).toEqual({ stake: 0n, valid: 0n });

    const settled = await t.app.database.db.selectFrom('hash_bets').select(['amount']).where('player_id', '=', real.playerId).where('status', '>', 1).execute();
    expect(settled.length).toBeGreaterThan(0);
    const counted = await turnover(real.playerId);
    expect(counted.stake).toBe(settled.reduce((sum, b) => sum + b.amount, 0n));
    // One 1-unit bet a round on big: a loss counts 1, a win at 1.95 counts 0.95.
    expect(counted.valid).toBeGreaterThan(0n);
    expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
  });
});
