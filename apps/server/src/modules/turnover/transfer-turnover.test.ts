import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { GameType } from '@lobby/contract';
import { resultOf } from '@lobby/hash-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from '../../chain/address.ts';
import { checkLedger } from '../../money/ledger-check.ts';
import { startHashTestApp, USDT, type HashTestApp } from '../hash-game/test-support.ts';
import { valid } from './turnover.repo.ts';

// A transfer bet from a player's bound address is settled on its own when it is seen: its valid
// turnover is recorded then, as a round of its own; a transfer from an unknown address counts for nobody.

let t: HashTestApp;
const db = () => t.app.database.db;

beforeAll(async () => {
  // Transfers are read again over no window: a block's round closes once the scan has passed it.
  t = await startHashTestApp({ HASH_TRANSFER_RESCAN_SECONDS: '0' });
  t.app.chain.devnet!.faucet(t.app.chain.hotWallet.address, { trx: USDT(1_000_000), usdt: USDT(1_000_000) });
  await t.advance();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A player with a bound transfer-bet address holding 1,000 TRX and 100 USDT on chain. */
async function boundPlayer() {
  const { playerId } = await t.player();
  const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
  const address = privateKeyToAddress(privateKey);
  t.app.chain.devnet!.faucet(address, { trx: USDT(1000), usdt: USDT(100) });
  await db()
    .insertInto('bet_addresses')
    .values({ player_id: playerId, address, status: 1, activation_amount: 1_000_000n, expires_at: new Date(), activated_at: new Date() })
    .execute();
  t.app.chain.devnet!.produceBlock();
  return { playerId, privateKey };
}

async function gameAddress(gameId: number, level: number) {
  const state = await t.app.services.lobby.hashGameState();
  return state.transferAddresses.find((row) => row.game_id === gameId && row.level === level)!.address;
}

const records = (playerId: number) =>
  db().selectFrom('turnover_records').select(['round_key', 'game_type', 'stake', 'payout', 'valid']).where('player_id', '=', playerId).execute();

describe('valid turnover of transfer bets', () => {
  it("records a bound address's transfer bet for its player once its block's round closes: min(stake, |payout − stake|)", async () => {
    const { playerId, privateKey } = await boundPlayer();
    const { txId } = await t.app.chain.client.sendUsdt(privateKey, await gameAddress(1, 0), 20_000_000n);
    await t.advance();
    await t.advance();
    await t.advance();

    const bet = await db()
      .selectFrom('hash_bets')
      .select(['game_id', 'level', 'round', 'amount', 'payout'])
      .where('tx_id', '=', txId)
      .executeTakeFirstOrThrow();
    expect(await records(playerId)).toEqual([
      { round_key: `hash:${bet.round}`, game_type: GameType.HASH, stake: 20_000_000n, payout: bet.payout, valid: valid(20_000_000n, bet.payout!) },
    ]);
    expect((await checkLedger(db())).problems).toEqual([]);
  }, 60_000);

  it('counts two transfers on opposite sides in one block as one round: 2.25, not 26.25', async () => {
    const { playerId, privateKey } = await boundPlayer();
    const to = await gameAddress(1, 0);
    // 15 ends in 5 (big), 12 in 2 (small); the block holding both decides big.
    const big = await t.app.chain.client.sendUsdt(privateKey, to, USDT(15));
    const small = await t.app.chain.client.sendUsdt(privateKey, to, USDT(12));
    const next = (await t.app.chain.client.getNowBlock()).height + 1;
    await t.advance(1, (blockId) => (resultOf(1, blockId, next) as { winner?: string }).winner === 'big');
    await t.advance();
    await t.advance();

    const bets = await db()
      .selectFrom('hash_bets')
      .select(['round', 'payout'])
      .where('tx_id', 'in', [big.txId, small.txId])
      .orderBy('amount', 'desc')
      .execute();
    expect(bets.map((b) => [b.round, b.payout])).toEqual([
      [BigInt(next), USDT(29.25)],
      [BigInt(next), 0n],
    ]);
    expect(await records(playerId)).toEqual([{ round_key: `hash:${next}`, game_type: GameType.HASH, stake: USDT(27), payout: USDT(29.25), valid: USDT(2.25) }]);
    expect((await db().selectFrom('player_vip').select('xp').where('player_id', '=', playerId).executeTakeFirstOrThrow()).xp).toBe(USDT(2.25));
    expect((await checkLedger(db())).problems).toEqual([]);
  }, 60_000);
});
