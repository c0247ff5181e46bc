import { GameType } from '@lobby/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { fund } from '../../money/test-support.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TEST_AGGREGATOR_PUBLIC_KEY_PEM } from '../third-game/hub88/test-key-pair.ts';
import { callbacks, newToken, walletCall } from '../third-game/hub88/wallet-test-support.ts';
import { ThirdGameRepository } from '../third-game/third-game.repo.ts';

// A third-party round counts once it closes: min(stake, |payout − stake|) over the aggregator's round,
// in the player's backing currency (1/100000 USD = 10 micro-USDT).

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ HUB88_PUBLIC_KEY: TEST_AGGREGATOR_PUBLIC_KEY_PEM, HUB88_CURRENCY: 'USD' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
});

async function player(usd: number) {
  const { playerId } = await t.registerPlayer();
  await fund(t.app.services.ledger, playerId, BigInt(usd) * 1_000_000n);
  const token = newToken();
  await new ThirdGameRepository(t.app.database.db).createSession({
    token,
    playerId,
    aggregator: 'hub88',
    gameCode: 'demo_slot',
    gameType: GameType.SLOT,
    manufacturer: 'Demo Studio',
  });
  return { playerId, ...callbacks(playerId, token, 'demo_slot') };
}

const post = (path: string, body: unknown) => walletCall(t.url, path, body);
const records = (playerId: number) =>
  t.app.database.db
    .selectFrom('turnover_records')
    .select(['round_key', 'game_type', 'currency', 'stake', 'payout', 'valid'])
    .where('player_id', '=', playerId)
    .execute();

describe('valid turnover of third-party rounds', () => {
  it('records a round when its closing win arrives: two bets of 100 and a win of 150 count 50, once', async () => {
    const p = await player(500);
    const first = p.bet(10_000_000);
    expect((await post('/transaction/bet', first)).json.status).toBe('RS_OK');
    expect((await post('/transaction/bet', p.bet(10_000_000, { round: first.round }))).json.status).toBe('RS_OK');
    expect(await records(p.playerId)).toEqual([]);
    const win = p.win(first, 15_000_000);
    expect((await post('/transaction/win', win)).json.status).toBe('RS_OK');
    expect((await post('/transaction/win', win)).json.status).toBe('RS_OK');
    expect(await records(p.playerId)).toEqual([
      { round_key: `tp:hub88:${first.round}`, game_type: GameType.SLOT, currency: 'USDT', stake: 200_000_000n, payout: 150_000_000n, valid: 50_000_000n },
    ]);
    // Rebate at level 0 for slots, 0.4 %: 0.2 USDT.
    const accrued = await t.app.database.db.selectFrom('rebate_accruals').select('accrued').where('player_id', '=', p.playerId).executeTakeFirstOrThrow();
    expect(accrued.accrued).toBe(200_000n);
  });

  it('counts a lost round closed by its bet, and nothing for a round still open', async () => {
    const p = await player(500);
    const lost = p.bet(30_000_000, { round_closed: true });
    expect((await post('/transaction/bet', lost)).json.status).toBe('RS_OK');
    expect((await post('/transaction/bet', p.bet(5_000_000))).json.status).toBe('RS_OK');
    expect((await records(p.playerId)).map((r) => [r.round_key, r.valid])).toEqual([[`tp:hub88:${lost.round}`, 300_000_000n]]);
    const xp = await t.app.database.db.selectFrom('player_vip').select('xp').where('player_id', '=', p.playerId).executeTakeFirstOrThrow();
    expect(xp.xp).toBe(300_000_000n);
  });
});
