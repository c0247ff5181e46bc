import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { resultOf, settle } from '@lobby/hash-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from '../../chain/address.ts';
import { checkLedger } from '../../money/ledger-check.ts';
import { transferAddressIndex } from './hash-game.module.ts';
import { TRANSFER_BETS_ACCOUNT } from '../../money/ledger.service.ts';
import { startHashTestApp, USDT, type HashTestApp } from './test-support.ts';

let t: HashTestApp;
const client = () => t.app.chain.client;
const devnet = () => t.app.chain.devnet!;
const db = () => t.app.database.db;

/** Where game `gameId` takes transfers at level `level`, as the lobby lists it. */
async function addressOf(gameId: number, level = 0): Promise<string> {
  const state = await t.app.services.lobby.hashGameState();
  return state.transferAddresses.find((row) => row.game_id === gameId && row.level === level)!.address;
}

function wallet(funds: { trx?: bigint; usdt?: bigint }) {
  const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
  const address = privateKeyToAddress(privateKey);
  devnet().faucet(address, funds);
  return { privateKey, address };
}

/** Sends and returns the transaction id; it lands in the next block. */
async function send(from: { privateKey: string }, to: string, currency: 'USDT' | 'TRX', amount: bigint): Promise<string> {
  const { txId } = currency === 'USDT' ? await client().sendUsdt(from.privateKey, to, amount) : await client().sendTrx(from.privateKey, to, amount);
  return txId;
}

/** One block for the transfers, one for the payouts they cause, then the engine confirms them. */
async function settleTransfers() {
  await t.advance();
  await t.advance();
  await t.advance();
}

const receipt = (txId: string) => db().selectFrom('hash_transfer_receipts').selectAll().where('tx_id', '=', txId).executeTakeFirstOrThrow();
const payoutsOf = (txId: string) => db().selectFrom('hash_chain_payouts').selectAll().where('receipt_tx_id', '=', txId).execute();
const betOf = (txId: string) => db().selectFrom('hash_bets').selectAll().where('tx_id', '=', txId).executeTakeFirstOrThrow();
const chainBalance = (address: string, currency: 'USDT' | 'TRX') => (currency === 'USDT' ? client().getUsdtBalance(address) : client().getTrxBalance(address));

beforeAll(async () => {
  t = await startHashTestApp({ HASH_TRANSFER_REFUND_FEE_USDT: '0.1' });
  devnet().faucet(t.app.chain.hotWallet.address, { trx: USDT(10_000_000), usdt: USDT(10_000_000) });
  await t.advance();
});
afterAll(async () => {
  await t?.close();
});

describe('transfer addresses', () => {
  it('replace the seeded addresses by ones derived from the operator key, one per game and level', async () => {
    for (const gameId of [1, 2, 3, 4, 5, 6, 7]) {
      for (const level of [0, 1]) {
        expect(await addressOf(gameId, level)).toBe(t.app.chain.deposits.address(transferAddressIndex(gameId, level)));
      }
    }
    const home = await t.call('/v1/app/home');
    const first = home.data.hashGames.find((g: { id: number }) => g.id === 1);
    expect(first.transferBetAddress).toEqual([await addressOf(1, 0), await addressOf(1, 1)]);
  });
});

describe('transfer bets on the devnet', () => {
  it('decide a win and a loss by the block holding them, and pay the win back to the sender once', async () => {
    const player = wallet({ trx: USDT(1000), usdt: USDT(100) });
    devnet().produceBlock();
    const to = await addressOf(1);
    const small = await send(player, to, 'USDT', 3_500_000n);
    const big = await send(player, to, 'USDT', 7_250_000n);
    await settleTransfers();

    const [smallBet, bigBet] = [await betOf(small), await betOf(big)];
    expect(smallBet.round).toBe(bigBet.round);
    const block = (await t.app.services.hashGame.repo.block(Number(smallBet.round)))!;
    const info = await client().getTransactionInfo(small);
    expect(info!.blockNumber).toBe(Number(smallBet.round));
    const result = resultOf(1, block.blockId, block.height);
    let returned = 0n;
    for (const [bet, area, stake] of [
      [smallBet, 'small', 3_500_000n],
      [bigBet, 'big', 7_250_000n],
    ] as const) {
      const expected = settle({ area, result, stake });
      expect(bet.area).toBe(area);
      expect(bet.payout).toBe(expected.payout);
      expect(bet.status).toBe(expected.outcome === 'win' ? 5 : 6);
      const payouts = await payoutsOf(bet.tx_id!);
      expect(payouts).toHaveLength(expected.payout > 0n ? 1 : 0);
      if (expected.payout > 0n) {
        expect(payouts[0]).toMatchObject({ status: 'confirmed', amount: expected.payout, to_address: player.address, currency: 'USDT' });
        returned += expected.payout;
      }
    }
    expect(returned).toBe(settle({ area: result.winner as 'small' | 'big', result, stake: result.winner === 'small' ? 3_500_000n : 7_250_000n }).payout);
    expect(await chainBalance(player.address, 'USDT')).toBe(USDT(100) - 10_750_000n + returned);
  });

  it('pays a draw back in full, in the currency it came in', async () => {
    const player = wallet({ trx: USDT(1000), usdt: USDT(1000) });
    devnet().produceBlock();
    const to = await addressOf(4);
    // A tie cannot be ordered: bet banker in block after block until one ends in a tie.
    const sent: { txId: string; amount: bigint }[] = [];
    for (let i = 0; i < 400; i++) {
      const amount = 1_000_000n + BigInt(i);
      sent.push({ txId: await send(player, to, 'USDT', amount), amount });
      const block = devnet().produceBlock();
      if (resultOf('bankerPlayer', block.id, block.height).winner === 'tie') break;
    }
    await settleTransfers();
    const last = sent[sent.length - 1];
    const draw = await betOf(last.txId);
    expect(draw.status).toBe(4);
    expect(draw.payout).toBe(last.amount);
    expect((await payoutsOf(last.txId))[0]).toMatchObject({ status: 'confirmed', amount: last.amount, purpose: 'payout' });
    let returned = 0n;
    for (const { txId } of sent) returned += (await betOf(txId)).payout!;
    expect(await chainBalance(player.address, 'USDT')).toBe(USDT(1000) - sent.reduce((sum, s) => sum + s.amount, 0n) + returned);
  });

  it('refunds a transfer below the minimum, above the maximum or with a digit that means nothing, minus the refund fee', async () => {
    const player = wallet({ trx: USDT(10_000), usdt: USDT(5_000) });
    devnet().produceBlock();
    const below = await send(player, await addressOf(1), 'USDT', 500_000n);
    const above = await send(player, await addressOf(1), 'USDT', 1_000_500_000n);
    const digit = await send(player, await addressOf(4), 'USDT', 5_000_000n);
    const belowTrx = await send(player, await addressOf(2), 'TRX', 5_000_000n);
    await settleTransfers();

    const cases = [
      [below, 21008, 400_000n],
      [above, 21009, 1_000_400_000n],
      [digit, 21005, 4_900_000n],
      [belowTrx, 21008, 5_000_000n],
    ] as const;
    for (const [txId, code, refund] of cases) {
      expect(await receipt(txId)).toMatchObject({ outcome: 'refund', refund_code: code, refund_amount: refund, bet_id: null });
      expect(await payoutsOf(txId)).toMatchObject([{ purpose: 'refund', amount: refund, status: 'confirmed' }]);
      expect(await db().selectFrom('hash_bets').select('id').where('tx_id', '=', txId).execute()).toEqual([]);
    }
    expect(await chainBalance(player.address, 'USDT')).toBe(USDT(5_000) - 300_000n);
  });

  it('counts a transaction seen again once: no second bet, no second payout', async () => {
    const player = wallet({ trx: USDT(1000), usdt: USDT(100) });
    devnet().produceBlock();
    const txId = await send(player, await addressOf(2), 'TRX', 11_000_000n);
    await settleTransfers();
    const before = await chainBalance(player.address, 'TRX');
    // Forget where every scan got to, so the whole history is read again, then scan repeatedly.
    await db().deleteFrom('hash_transfer_cursors').execute();
    for (let i = 0; i < 3; i++) {
      await t.app.services.hashGame.watcher.scan();
      await t.advance();
    }
    expect(await db().selectFrom('hash_bets').select('id').where('tx_id', '=', txId).execute()).toHaveLength(1);
    expect((await payoutsOf(txId)).length).toBeLessThanOrEqual(1);
    expect(await chainBalance(player.address, 'TRX')).toBe(before);
    const receipts = await db().selectFrom('hash_transfer_receipts').select('tx_id').execute();
    const payouts = await db().selectFrom('hash_chain_payouts').select('receipt_tx_id').execute();
    expect(new Set(payouts.map((p) => p.receipt_tx_id)).size).toBe(payouts.length);
    expect(payouts.length).toBeLessThanOrEqual(receipts.length);
  });

  it("records a transfer from a player's bound address as that player's bet", async () => {
    const { token, playerId } = await t.player();
    const player = wallet({ trx: USDT(1000), usdt: USDT(100) });
    await db()
      .insertInto('bet_addresses')
      .values({ player_id: playerId, address: player.address, status: 1, activation_amount: 1_000_000n, expires_at: new Date(), activated_at: new Date() })
      .execute();
    devnet().produceBlock();
    const txId = await send(player, await addressOf(5), 'USDT', 7_000_000n);
    await settleTransfers();
    const records = await t.call('/v1/hashGame/betRecord', {}, { token });
    expect(records.data.list).toHaveLength(1);
    const [bet] = records.data.list;
    expect(bet).toMatchObject({ gameId: 5, area: '7', amount: '7', currency: 'USDT', source: 'transfer', txId, fromAddress: player.address });
    if (bet.status === 5) expect(bet.payoutTxId).toMatch(/^[0-9a-f]{64}$/);
    const detail = await t.call('/v1/hashGame/betDetail', { betId: bet.id }, { token });
    expect(detail.data.blockId).toMatch(new RegExp(`^${bet.round.toString(16).padStart(16, '0')}`));
  });

  it('keeps the ledger balanced, with the house holding exactly what transfer bets left it', async () => {
    expect((await checkLedger(db())).problems).toEqual([]);
    for (const currency of ['USDT', 'TRX'] as const) {
      const bets = await db().selectFrom('hash_bets').select(['amount', 'payout']).where('source', '=', 'transfer').where('currency', '=', currency).execute();
      const refunds = await db()
        .selectFrom('hash_transfer_receipts')
        .select(['amount', 'refund_amount'])
        .where('outcome', '=', 'refund')
        .where('currency', '=', currency)
        .execute();
      const kept = bets.reduce((sum, b) => sum + b.amount - (b.payout ?? 0n), 0n) + refunds.reduce((sum, r) => sum + r.amount - (r.refund_amount ?? 0n), 0n);
      const account = await db()
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('kind', '=', TRANSFER_BETS_ACCOUNT)
        .where('currency', '=', currency)
        .executeTakeFirst();
      expect(-(account?.balance ?? 0n), currency).toBe(kept);
    }
  });
});
