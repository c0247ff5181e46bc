import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { ErrorCode } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from '../../chain/address.ts';
import { checkLedger } from '../../money/ledger-check.ts';
import { startHashTestApp, USDT, type HashTestApp } from '../hash-game/test-support.ts';

let t: HashTestApp;
const devnet = () => t.app.chain.devnet!;
const db = () => t.app.database.db;

function wallet() {
  const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
  const address = privateKeyToAddress(privateKey);
  devnet().faucet(address, { trx: USDT(1000), usdt: USDT(100) });
  return { privateKey, address };
}

async function transferAddress(gameId: number): Promise<string> {
  const state = await t.app.services.lobby.hashGameState();
  return state.transferAddresses.find((row) => row.game_id === gameId && row.level === 0)!.address;
}

/** The transfers' block, the payouts' block, then the engine confirms them. */
async function settleTransfers() {
  await t.advance();
  await t.advance();
  await t.advance();
}

beforeAll(async () => {
  t = await startHashTestApp();
  devnet().faucet(t.app.chain.hotWallet.address, { trx: USDT(1_000_000), usdt: USDT(1_000_000) });
  await t.advance();
});
afterAll(async () => {
  await t?.close();
});

describe('transfer bets from a listed address', () => {
  it('are not played nor sent back but held for review, once however often the watcher reads them; an unlisted sender plays', async () => {
    const listed = wallet();
    const clean = wallet();
    devnet().produceBlock();
    expect((await t.ops('/ops/v1/sanctions/upload', { list: 'test-transfers', text: listed.address })).code).toBe(0);

    const to = await transferAddress(1);
    const { txId: heldTx } = await t.app.chain.client.sendUsdt(listed.privateKey, to, 5_000_000n);
    const { txId: playedTx } = await t.app.chain.client.sendUsdt(clean.privateKey, to, 5_000_000n);
    await settleTransfers();
    // The scans overlap on purpose: read again, the held transfer adds nothing.
    await t.app.services.hashGame.watcher.scan();

    const receipt = await db().selectFrom('hash_transfer_receipts').selectAll().where('tx_id', '=', heldTx).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ outcome: 'refund', refund_amount: 0n, refund_code: ErrorCode.SANCTIONED_ADDRESS, bet_id: null });
    expect(await db().selectFrom('hash_chain_payouts').select('id').where('receipt_tx_id', '=', heldTx).execute()).toEqual([]);
    expect(await db().selectFrom('hash_bets').select('id').where('tx_id', '=', heldTx).execute()).toEqual([]);
    expect(await db().selectFrom('hash_bets').select('id').where('tx_id', '=', playedTx).execute()).toHaveLength(1);

    const hits = await t.ops('/ops/v1/sanctions/hits', { kind: 'transfer_bet' });
    expect(hits.data.list).toEqual([
      expect.objectContaining({ state: 'held', address: listed.address, amount: '5', reference: `tx:${heldTx}`, txId: heldTx, lists: ['test-transfers'] }),
    ]);

    const id = hits.data.list[0].id;
    expect((await t.ops('/ops/v1/sanctions/decide', { id, decision: 'credit', reason: 'play it after all' })).code).toBe(ErrorCode.INVALID_PARAMETERS);
    expect((await t.ops('/ops/v1/sanctions/decide', { id, decision: 'keep', reason: 'confirmed sanctioned' })).data).toMatchObject({
      decidedNow: true,
      hit: { state: 'kept' },
    });
    expect((await t.ops('/ops/v1/sanctions/decide', { id, decision: 'refund', reason: 'second thoughts' })).code).toBe(ErrorCode.UPDATE_FAILED);
    expect(await db().selectFrom('hash_chain_payouts').select('id').where('receipt_tx_id', '=', heldTx).execute()).toEqual([]);

    const ledger = await checkLedger(db());
    expect(ledger.problems).toEqual([]);
  });

  it('go back to their sender in full, once, when staff decide so after review', async () => {
    const sender = wallet();
    devnet().produceBlock();
    expect((await t.ops('/ops/v1/sanctions/upload', { list: 'test-transfers', text: sender.address })).code).toBe(0);
    const { txId } = await t.app.chain.client.sendTrx(sender.privateKey, await transferAddress(2), 50_000_000n);
    await settleTransfers();
    const [hit] = (await t.ops('/ops/v1/sanctions/hits', { kind: 'transfer_bet', state: 'held' })).data.list;
    expect(hit).toMatchObject({ txId, amount: '50', currency: 'TRX' });
    const before = await t.app.chain.client.getTrxBalance(sender.address);

    const decided = await t.ops('/ops/v1/sanctions/decide', { id: hit.id, decision: 'refund', reason: 'the address was delisted' });
    expect(decided.data).toMatchObject({ decidedNow: true, hit: { state: 'refunded', decidedBy: t.opsName } });
    expect((await t.ops('/ops/v1/sanctions/decide', { id: hit.id, decision: 'refund', reason: 'the address was delisted' })).data.decidedNow).toBe(false);
    expect(
      await db().selectFrom('hash_transfer_receipts').select(['refund_amount', 'refund_code']).where('tx_id', '=', txId).executeTakeFirstOrThrow(),
    ).toEqual({ refund_amount: 50_000_000n, refund_code: ErrorCode.SANCTIONED_ADDRESS });
    // The engine's next runs send the refund and see it confirmed.
    await settleTransfers();
    const payouts = await db().selectFrom('hash_chain_payouts').selectAll().where('receipt_tx_id', '=', txId).execute();
    expect(payouts).toEqual([expect.objectContaining({ purpose: 'refund', to_address: sender.address, amount: 50_000_000n, status: 'confirmed' })]);
    expect(await t.app.chain.client.getTrxBalance(sender.address)).toBe(before + 50_000_000n);
    expect(await db().selectFrom('hash_bets').select('id').where('tx_id', '=', txId).execute()).toEqual([]);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
