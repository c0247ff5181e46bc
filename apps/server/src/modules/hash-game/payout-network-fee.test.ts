import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from '../../chain/address.ts';
import { checkLedger } from '../../money/ledger-check.ts';
import { startHashTestApp, USDT, type HashTestApp } from './test-support.ts';

// The devnet burns 13.5 TRX from the sender of every USDT transfer, as mainnet does without staked energy.
const FEE = USDT('13.5');
let t: HashTestApp;
beforeAll(async () => {
  t = await startHashTestApp({ DEVNET_USDT_FEE_TRX: '13.5' });
  t.app.chain.devnet!.faucet(t.app.chain.hotWallet.address, { trx: USDT(1_000), usdt: USDT(100_000) });
  await t.advance();
});
afterAll(async () => {
  await t?.close();
});

describe('transfer-bet payouts on a chain that charges for them', () => {
  it('record what each payout burnt and book it to chain_fees once', async () => {
    const devnet = t.app.chain.devnet!;
    const client = t.app.chain.client;
    const privateKey = bytesToHex(secp256k1.utils.randomSecretKey());
    const player = privateKeyToAddress(privateKey);
    devnet.faucet(player, { trx: USDT(1_000), usdt: USDT(1_000) });
    devnet.produceBlock();
    const state = await t.app.services.lobby.hashGameState();
    const to = state.transferAddresses.find((row) => row.game_id === 1 && row.level === 0)!.address;
    // Both sides of big/small in one block: one of them wins and is paid back on chain.
    await client.sendUsdt(privateKey, to, 3_500_000n);
    await client.sendUsdt(privateKey, to, 7_250_000n);
    const hot = t.app.chain.hotWallet.address;
    const hotTrxBefore = await client.getTrxBalance(hot);
    const db = t.app.database.db;
    const feesBefore = await t.app.services.ledger.balance({ kind: 'chain_fees' }, 'TRX');
    await t.advance();
    await t.advance();
    await t.advance();
    await t.advance();

    const payouts = await db.selectFrom('hash_chain_payouts').selectAll().where('status', '=', 'confirmed').execute();
    expect(payouts).toHaveLength(1);
    for (const payout of payouts) expect(payout.network_fee).toBe(FEE);
    const burnt = FEE * BigInt(payouts.length);
    expect(await client.getTrxBalance(hot)).toBe(hotTrxBefore - burnt);
    expect(await t.app.services.ledger.balance({ kind: 'chain_fees' }, 'TRX')).toBe(feesBefore - burnt);

    // Another pass of the sender finds nothing left to book.
    await t.advance();
    expect(await t.app.services.ledger.balance({ kind: 'chain_fees' }, 'TRX')).toBe(feesBefore - burnt);
    expect((await checkLedger(db)).problems).toEqual([]);
  });
});
