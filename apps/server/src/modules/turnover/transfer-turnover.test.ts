import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { GameType } from '@lobby/contract';
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
  t = await startHashTestApp();
  t.app.chain.devnet!.faucet(t.app.chain.hotWallet.address, { trx: USDT(1_000_000), usdt: USDT(1_000_000) });
  await t.advance();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('valid turnover of transfer bets', () => {
  it("records a bound address's transfer bet for its player: min(stake, |payout − stake|)", async () => {
    const { playerId } = await t.player();
    const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
    const address = privateKeyToAddress(privateKey);
    t.app.chain.devnet!.faucet(address, { trx: USDT(1000), usdt: USDT(100) });
    await db().insertInto('bet_addresses').values({ player_id: playerId, address, status: 1, activation_amount: 1_000_000n, expires_at: new Date(), activated_at: new Date() }).execute();
    t.app.chain.devnet!.produceBlock();
    const state = await t.app.services.lobby.hashGameState();
    const to = state.transferAddresses.find((row) => row.game_id === 1 && row.level === 0)!.address;
    const { txId } = await t.app.chain.client.sendUsdt(privateKey, to, 20_000_000n);
    await t.advance();
    await t.advance();

    const bet = await db().selectFrom('hash_bets').select(['game_id', 'level', 'round', 'amount', 'payout']).where('tx_id', '=', txId).executeTakeFirstOrThrow();
    const records = await db().selectFrom('turnover_records').select(['round_key', 'game_type', 'stake', 'payout', 'valid']).where('player_id', '=', playerId).execute();
    expect(records).toEqual([
      { round_key: `hash:1:0:${bet.round}:tx:${txId}`, game_type: GameType.HASH, stake: 20_000_000n, payout: bet.payout, valid: valid(20_000_000n, bet.payout!) },
    ]);
    expect((await checkLedger(db())).problems).toEqual([]);
  }, 60_000);
});
