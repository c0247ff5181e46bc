/**
 * bench:sweep — TREASURY.md "Sweeps": planning and signing a sweep of 10,000 deposit addresses (half
 * holding TRX, half USDT) on the devnet, through the real path: the sweeper plans each cycle (candidates
 * from the database, balances and accounts read from the chain, unsigned transactions built and
 * recorded), and the signer process signs them over its authenticated channel, decoding and checking
 * every transaction and logging every signature. Budget (issue 27): <= 60 s on this machine, most of it
 * signing.
 *
 * Beside it, the same run measures bare secp256k1 signatures of as many transaction ids in this process
 * (the floor any signer pays), so the figure can be read against the machine of the day: the signing
 * overhead is printed as a ratio of that floor. BENCH_ADDRESSES changes the count; DATABASE_URL names
 * the PostgreSQL server (default the local one), the run uses a scratch database it drops.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sql } from 'kysely';
import { createDepositDeriver } from '../apps/server/src/chain/hd.ts';
import { SignerClient } from '../apps/server/src/signer/signer-client.ts';
import { DEFAULT_PG, report } from './support.ts';

process.env.DATABASE_URL ??= DEFAULT_PG;
const { micro, startSweepTestApp } = await import('../apps/server/src/modules/treasury/sweeps/test-support.ts');

const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 10_000);
const BUDGET_S = 60;
/** Derivation indexes of the bench's addresses, far above what players were handed. */
const FIRST_INDEX = 1_000_000;
/** Sweeps per request to the signer (its maximum is 2,000). */
const SIGN_CHUNK = 2_000;

const t = await startSweepTestApp({
  TREASURY_SWEEP_THRESHOLD_USDT: '5',
  TREASURY_SWEEP_THRESHOLD_TRX: '5',
  TREASURY_SWEEP_BATCH: '2000',
  TREASURY_HOT_FLOOR_USDT: '0',
  TREASURY_HOT_TARGET_USDT: '1000',
  TREASURY_HOT_FLOOR_TRX: '0',
  TREASURY_HOT_TARGET_TRX: '1000',
  LOG_LEVEL: 'silent',
});
let ok = false;
try {
  const db = t.app.database.db;
  const deriver = createDepositDeriver(t.env.DEPOSIT_XPUB!);
  console.log(`setting up ${ADDRESSES} deposit addresses with credited deposits…`);
  const { rows: players } = await sql<{ id: number }>`
    insert into players (account, password_hash, nickname, invite_code, register_ip)
    select 'sweep' || g, 'x', 'sweep ' || g, 'S' || g, '127.0.0.1' from generate_series(1, ${ADDRESSES}::int4) g
    returning id`.execute(db);
  const addresses = players.map((_, i) => deriver.address(FIRST_INDEX + i));
  // Even addresses received TRX, odd ones USDT (and a little TRX that made the account, below the TRX threshold).
  const currencyOf = (i: number) => (i % 2 === 0 ? 'TRX' : 'USDT');
  await sql`
    insert into deposit_addresses (player_id, derivation_index, address, trx_cursor, usdt_cursor)
    select * from unnest(${players.map((p) => p.id)}::int4[], ${players.map((_, i) => FIRST_INDEX + i)}::int4[], ${addresses}::text[], ${players.map(() => '0')}::int8[], ${players.map(() => '0')}::int8[])`.execute(
    db,
  );
  await sql`
    insert into deposits (player_id, currency, tx_id, address, from_address, amount, block_number, block_timestamp, status, credited_at)
    select p, c, tx, a, a, 100000000, 1, 0, 'credited', now()
    from unnest(${players.map((p) => p.id)}::int4[], ${players.map((_, i) => currencyOf(i))}::text[], ${players.map(() => randomBytes(32).toString('hex'))}::text[], ${addresses}::text[]) as d(p, c, tx, a)`.execute(
    db,
  );
  for (const [i, address] of addresses.entries())
    t.devnet.faucet(address, currencyOf(i) === 'TRX' ? { trx: micro('100') } : { usdt: micro('100'), trx: micro('1') });
  // The operator's hot and cold addresses exist on chain, as they do once in use.
  t.fundHotWallet({ trx: '100' });
  t.devnet.faucet(t.cold, { trx: micro('1') });
  t.devnet.produceBlock();

  const signer = new SignerClient({ url: t.signer.url, sharedKey: t.env.TREASURY_SIGNER_KEY! });
  const txIds: string[] = [];
  let planMs = 0;
  let signMs = 0;
  for (let cycle = 0; cycle < 20; cycle++) {
    const planning = performance.now();
    const batch = await t.sweeper.exportBatch('bench');
    planMs += performance.now() - planning;
    if (batch.sweeps.length === 0) break;
    for (let start = 0; start < batch.sweeps.length; start += SIGN_CHUNK) {
      const signing = performance.now();
      const signed = await signer.sign({ batchId: `${batch.batchId}-${start}`, sweeps: batch.sweeps.slice(start, start + SIGN_CHUNK) });
      signMs += performance.now() - signing;
      txIds.push(...signed.signatures.map((s) => s.txId));
    }
  }

  // The floor: as many bare signatures in this process, with keys of the same kind.
  const key = secp256k1.utils.randomSecretKey();
  const bare = performance.now();
  for (const txId of txIds) secp256k1.sign(Buffer.from(txId, 'hex'), key, { prehash: false });
  const bareMs = performance.now() - bare;

  const totalS = (planMs + signMs) / 1000;
  console.log(`planning: ${(planMs / 1000).toFixed(1)} s; signing over the signer's channel: ${(signMs / 1000).toFixed(1)} s (${txIds.length} sweeps)`);
  console.log(
    `bare secp256k1 signatures of as many transaction ids in this process: ${(bareMs / 1000).toFixed(2)} s; signing costs ${(signMs / bareMs).toFixed(1)}x that floor`,
  );
  ok = report([
    { name: `sweeps planned and signed of ${ADDRESSES} addresses`, value: String(txIds.length), budget: `${ADDRESSES}`, ok: txIds.length === ADDRESSES },
    { name: 'planning + signing', value: `${totalS.toFixed(1)} s`, budget: `<= ${BUDGET_S} s`, ok: totalS <= BUDGET_S },
  ]);
} finally {
  await t.close();
}
process.exitCode = ok ? 0 : 1;
