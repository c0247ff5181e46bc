import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { AutoBetStopReason } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from '../../chain/address.ts';
import { checkLedger } from '../../money/ledger-check.ts';
import { MARTINGALE, startAutoBetTestApp, type AutoBetTestApp } from '../auto-bet/test-support.ts';
import { USDT } from '../hash-game/test-support.ts';
import { walletPlayer } from '../third-game/provider-wallet.test-support.ts';

// PROTECTION.md: a time-out, a self-exclusion or a limit stops money going into play on every path,
// not just page bets: auto-bets, transfer bets (sent back whole), the third-party entry and its
// seamless wallet's bets.

let t: AutoBetTestApp;
beforeAll(async () => {
  t = await startAutoBetTestApp();
  t.app.chain.devnet!.faucet(t.app.chain.hotWallet.address, { trx: USDT(1_000_000), usdt: USDT(1_000_000) });
  await t.advance();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.database.db;
const timeOut = (token: string) => t.call('/v1/player/protection/time_out', { days: 1 }, { token });

describe('auto-bets', () => {
  it('stop with reason 6 when a time-out begins, and place nothing more', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(500) });
    expect((await t.start(token, {})).code).toBe(0);
    await t.round();
    await timeOut(token);
    const log = await t.log(token, 1, false);
    expect(log.isOpen).toBe(false);
    const bets = await db().selectFrom('hash_bets').select('id').where('player_id', '=', playerId).execute();
    await t.round();
    await t.round();
    expect(await db().selectFrom('hash_bets').select('id').where('player_id', '=', playerId).execute()).toHaveLength(bets.length);
  });

  it('stop with reason 6 when the next stake would pass a wager limit', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(500) });
    await t.call('/v1/player/protection/limit_set', { kind: 'wager', period: 'day', amount: '2.5' }, { token });
    await t.start(token, { strategy: { ...MARTINGALE, progression: 'flat' } });
    const log = await t.untilClosed(token, 1, false, { max: 6 });
    expect(log.result[0].stopType).toBe(AutoBetStopReason.PLAYER_PROTECTION);
    // Two stakes of 1 fit under 2.5; the third would not.
    expect(await db().selectFrom('hash_bets').select('amount').where('player_id', '=', playerId).execute()).toEqual([{ amount: USDT(1) }, { amount: USDT(1) }]);
  });
});

describe('the third-party entry and wallet', () => {
  async function demoSlot() {
    const home = await t.call('/v1/app/home', {});
    return home.data.slotGames.find((g: { aggregator: string }) => g.aggregator === 'hub88');
  }

  it('refuses entry with 10062 during a time-out', async () => {
    const player = await t.registerPlayer();
    await t.app.services.players.markFirstRecharge(db(), player.playerId);
    await timeOut(player.token);
    const game = await demoSlot();
    const reply = await t.call(
      '/v1/thirdGame/enter',
      {
        aggregator: game.aggregator,
        manufacturer: game.manufacturer,
        gameCode: game.gameCode,
        gameId: game.id,
        gameType: game.gameType,
        language: 'en_US',
        currency: 'USD',
        platformCode: 'android',
      },
      { token: player.token },
    );
    expect(reply.code).toBe(10062);
  });

  it('answers RS_ERROR_USER_DISABLED to a bet during a time-out or past a limit, and moves nothing', async () => {
    const wallet = t.app.services.providerWallet;
    const paused = await walletPlayer(t, 1_000_000n);
    await t.app.services.protection.service.timeOut(paused.playerId, 1);
    const refused = await wallet.bet(paused.bet(10_000n));
    expect(refused).toEqual({ status: 'RS_ERROR_USER_DISABLED', balance: 1_000_000n });

    const limited = await walletPlayer(t, 1_000_000n);
    await t.app.services.protection.service.setLimit(limited.playerId, 'loss', 'day', USDT(1));
    expect((await wallet.bet(limited.bet(60_000n))).status).toBe('RS_OK');
    const over = await wallet.bet(limited.bet(50_000n));
    expect(over).toEqual({ status: 'RS_ERROR_USER_DISABLED', balance: 940_000n });
    // A win brings the net loss down, and the room it leaves can be staked again.
    const first = limited.bet(30_000n);
    expect((await wallet.bet(first)).status).toBe('RS_OK');
    expect((await wallet.win(limited.win(first, 90_000n))).status).toBe('RS_OK');
    expect((await wallet.bet(limited.bet(50_000n))).status).toBe('RS_OK');
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});

describe('transfer bets', () => {
  it('send a transfer from a timed-out player back whole, with the refusal on its receipt', async () => {
    const { token, playerId } = await t.player();
    const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
    const address = privateKeyToAddress(privateKey);
    t.app.chain.devnet!.faucet(address, { trx: USDT(1000), usdt: USDT(100) });
    await db()
      .insertInto('bet_addresses')
      .values({ player_id: playerId, address, status: 1, activation_amount: 1_000_000n, expires_at: new Date(), activated_at: new Date() })
      .execute();
    await timeOut(token);
    await t.advance();
    const state = await t.app.services.lobby.hashGameState();
    const to = state.transferAddresses.find((row) => row.game_id === 5 && row.level === 0)!.address;
    const { txId } = await t.app.chain.client.sendUsdt(privateKey, to, 7_000_000n);
    for (let i = 0; i < 4; i++) await t.advance();
    const receipt = await db().selectFrom('hash_transfer_receipts').selectAll().where('tx_id', '=', txId).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ outcome: 'refund', refund_amount: 7_000_000n, refund_code: 10062, player_id: playerId });
    expect(await db().selectFrom('hash_bets').select('id').where('tx_id', '=', txId).execute()).toEqual([]);
    const payouts = await db().selectFrom('hash_chain_payouts').selectAll().where('receipt_tx_id', '=', txId).execute();
    expect(payouts).toEqual([expect.objectContaining({ purpose: 'refund', to_address: address, amount: 7_000_000n })]);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
