import { ErrorCode, PAYMENTS_EXPORT_MAX_ROWS } from '@lobby/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { addDays, shanghaiDay } from '../activity/shanghai-day.ts';
import { FUND_PASSWORD, newWallet, requestId, startWalletTestApp, type TestPlayer, type WalletTestApp } from '../wallet/test-support.ts';

let t: WalletTestApp;
/** Asks for a review, then is frozen: the queue's subject. */
let withdrawer: TestPlayer;
/** Registered from the withdrawer's address. */
let sameAddress: TestPlayer;
/** Signed in with the withdrawer's device. */
let sameDevice: TestPlayer;
/** Paid in from the same wallet (the devnet faucet) as the withdrawer. */
let sameWallet: TestPlayer;
/** Shares nothing with anyone. */
let stranger: TestPlayer;
const db = () => t.app.database.db;
const today = shanghaiDay(new Date());
const ADDRESS = '198.51.100.7';
const DEVICE = 'device-3f9c1a7e55';
const PAYEE = newWallet().address;

const withdraw = (p: TestPlayer, currency: 'USDT' | 'TRX', amount: string) =>
  t.call('/v1/bank/cashout/submit', { requestId: requestId(), currency, amount, fundPassword: FUND_PASSWORD, address: PAYEE }, { token: p.token });

async function dailyBets(playerId: number, day: string, currency: 'USDT' | 'TRX', bets: number, stake: bigint, payout: bigint, gameType = 1) {
  await sql`
    insert into player_daily_bets (player_id, day, game_type, currency, bet_count, bet_amount, valid_amount, payout_amount)
    values (${playerId}, ${day}::date, ${gameType}, ${currency}, ${bets}, ${stake}, ${stake}, ${payout})`.execute(db());
}

beforeAll(async () => {
  t = await startWalletTestApp();
  t.fundHotWallet({ trx: '1000', usdt: '100000' });
  [withdrawer, sameAddress, sameDevice, sameWallet, stranger] = [await t.player(), await t.player(), await t.player(), await t.player(), await t.player()];

  await t.deposit(withdrawer, { usdt: '3000', trx: '50' });
  await t.deposit(withdrawer, { usdt: '250.5' });
  await t.deposit(sameWallet, { usdt: '20' });
  // Under the review threshold (1000 USDT): sent at once, so it counts as withdrawn.
  expect((await withdraw(withdrawer, 'USDT', '100.25')).code).toBe(0);
  await t.processWithdrawals();
  // Over it: waits for review, and is not yet withdrawn.
  expect((await withdraw(withdrawer, 'USDT', '1500')).code).toBe(0);
  expect(
    (await t.call('/v1/bank/currency_exchange/submit', { requestId: requestId(), from: 'USDT', to: 'TRX', amount: '8' }, { token: sameWallet.token })).code,
  ).toBe(0);

  // Every test player registers and signs in from 127.0.0.1: give each an address of its own, then share on purpose.
  for (const [index, player] of [withdrawer, sameAddress, sameDevice, sameWallet, stranger].entries()) {
    await sql`update players set register_ip = ${`10.9.0.${index + 1}`} where id = ${player.playerId}`.execute(db());
    await sql`update player_sessions set login_ip = ${`10.9.1.${index + 1}`}, device_code = ${`own-device-${index}`} where player_id = ${player.playerId}`.execute(
      db(),
    );
  }
  await sql`update players set register_ip = ${ADDRESS} where id in (${withdrawer.playerId}, ${sameAddress.playerId})`.execute(db());
  await sql`update player_sessions set device_code = ${DEVICE} where player_id in (${withdrawer.playerId}, ${sameDevice.playerId})`.execute(db());

  await sql`insert into wagering (player_id, currency, outstanding, required) values (${withdrawer.playerId}, 'USDT', 12500000, 40000000)
            on conflict (player_id, currency) do update set outstanding = excluded.outstanding, required = excluded.required`.execute(db());
  await dailyBets(withdrawer.playerId, today, 'USDT', 3, 30_000_000n, 45_000_000n);
  await dailyBets(withdrawer.playerId, today, 'USDT', 1, 5_000_000n, 0n, 10);
  await dailyBets(withdrawer.playerId, addDays(today, -6), 'USDT', 2, 20_000_000n, 1_000_000n);
  await dailyBets(withdrawer.playerId, addDays(today, -7), 'USDT', 9, 900_000_000n, 0n);
  await sql`insert into referral_reviews (player_id, inviter_id, matched) values (${withdrawer.playerId}, ${sameAddress.playerId}, 'address')`.execute(db());
  await sql`insert into referral_reviews (player_id, inviter_id, matched) values (${sameDevice.playerId}, ${withdrawer.playerId}, 'device')`.execute(db());
  await sql`
    insert into provider_held_wins (aggregator, transaction_uuid, player_id, round, game_code, currency, amount, stakes, reason)
    values ('hub88', 'held-1', ${withdrawer.playerId}, 'r1', 'g1', 'USDT', 7000000, 100000, 'multiple'),
           ('hub88', 'held-2', ${withdrawer.playerId}, 'r2', 'g1', 'USDT', 3000000, 100000, 'cap')`.execute(db());
  await sql`update players set status = 1 where id = ${withdrawer.playerId}`.execute(db());
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('/ops/v1/finance/withdrawalQueue', () => {
  it("lists the withdrawal waiting for review with the player's context", async () => {
    const reply = await t.ops('/ops/v1/finance/withdrawalQueue', {});
    expect(reply.code).toBe(0);
    expect(reply.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    const [row] = reply.data.list;
    expect(row).toMatchObject({ playerId: withdrawer.playerId, account: withdrawer.account, currency: 'USDT', amount: '1500', fee: '0', toAddress: PAYEE });
    // By hand: USDT 3000 + 250.5 in, 100.25 out (the 1500 under review is not out yet); TRX 50 in.
    expect(row.context.netDeposits).toEqual(
      expect.arrayContaining([
        { currency: 'USDT', deposited: '3250.5', withdrawn: '100.25', net: '3150.25' },
        { currency: 'TRX', deposited: '50', withdrawn: '0', net: '50' },
      ]),
    );
    expect(row.context.netDeposits).toHaveLength(2);
    expect(row.context.wagering).toEqual([{ currency: 'USDT', outstanding: '12.5', required: '40' }]);
    // Today and six days back; the day before that is left out.
    expect(row.context.recentPlay).toEqual([{ currency: 'USDT', bets: 6, stakes: '55', payouts: '46', net: '-9' }]);
    expect(row.context.linkedAccounts).toEqual({
      total: 3,
      byIp: 1,
      byDevice: 1,
      byWallet: 1,
      playerIds: [sameAddress.playerId, sameDevice.playerId, sameWallet.playerId].sort((a, b) => a - b),
    });
    expect(row.context.riskFlags).toEqual({
      frozen: true,
      selfReferral: { matched: 'address', status: 'held', inviterId: sameAddress.playerId },
      heldInvitees: 1,
      heldWins: [{ currency: 'USDT', count: 2, amount: '10' }],
    });
  });

  it('masks the receiving address for a reviewer without players.pii', async () => {
    const { key } = await createAutomationKey(db(), ['finance.withdrawals.review']);
    const reply = await t.ops('/ops/v1/finance/withdrawalQueue', {}, key);
    expect(reply.data.list[0].toAddress).toMatch(/^T\w{3}…\w{4}$/);
  });

  it('pages: a page past the end is empty but still counts', async () => {
    const reply = await t.ops('/ops/v1/finance/withdrawalQueue', { page: 2, pageSize: 1 });
    expect(reply.data).toMatchObject({ list: [], total: 1, page: 2, pageSize: 1 });
  });

  it('refuses a key without finance.withdrawals.review with 403 and 10055', async () => {
    const { key } = await createAutomationKey(db(), ['finance.read', 'players.pii']);
    const reply = await t.ops('/ops/v1/finance/withdrawalQueue', {}, key);
    expect(reply.status).toBe(403);
    expect(reply.code).toBe(ErrorCode.PERMISSION_DENIED);
  });
});

describe('/ops/v1/finance/payments', () => {
  it('lists payments of a kind newest first, filtered by player, currency and status', async () => {
    const deposits = await t.ops('/ops/v1/finance/payments', { kind: 'deposit', playerId: withdrawer.playerId });
    expect(deposits.code).toBe(0);
    const [newest, ...first] = deposits.data.list.map((row: any) => `${row.currency} ${row.amount} ${row.status}`);
    expect(newest).toBe('USDT 250.5 credited');
    expect(first.sort()).toEqual(['TRX 50 credited', 'USDT 3000 credited']);
    expect(deposits.data.nextBeforeId).toBeNull();
    const usdt = await t.ops('/ops/v1/finance/payments', { kind: 'deposit', currency: 'USDT' });
    expect(usdt.data.list.map((row: any) => [row.playerId, row.amount])).toEqual([
      [sameWallet.playerId, '20'],
      [withdrawer.playerId, '250.5'],
      [withdrawer.playerId, '3000'],
    ]);
    const waiting = await t.ops('/ops/v1/finance/payments', { kind: 'withdrawal', status: 'pending_review' });
    expect(waiting.data.list).toEqual([
      expect.objectContaining({ kind: 'withdrawal', playerId: withdrawer.playerId, amount: '1500', status: 'pending_review', completedAt: null }),
    ]);
    const exchanges = await t.ops('/ops/v1/finance/payments', { kind: 'exchange', currency: 'TRX' });
    expect(exchanges.data.list).toEqual([
      expect.objectContaining({ playerId: sameWallet.playerId, currency: 'USDT', amount: '8', toCurrency: 'TRX', status: 'done' }),
    ]);
    expect((await t.ops('/ops/v1/finance/payments', { kind: 'transfer' })).data.list).toEqual([]);
  });

  it('pages by id: walking with beforeId gives the whole list once', async () => {
    const whole = (await t.ops('/ops/v1/finance/payments', { kind: 'deposit' })).data.list;
    const walked: any[] = [];
    let beforeId: string | undefined;
    do {
      const reply = await t.ops('/ops/v1/finance/payments', { kind: 'deposit', limit: 2, ...(beforeId ? { beforeId } : {}) });
      walked.push(...reply.data.list);
      beforeId = reply.data.nextBeforeId ?? undefined;
    } while (beforeId);
    expect(walked).toEqual(whole);
  });

  it('keeps to the time range [from, to)', async () => {
    const all = (await t.ops('/ops/v1/finance/payments', { kind: 'deposit' })).data.list;
    const newest = all[0].createdAt;
    expect((await t.ops('/ops/v1/finance/payments', { kind: 'deposit', from: newest })).data.list).toEqual([all[0]]);
    expect((await t.ops('/ops/v1/finance/payments', { kind: 'deposit', to: newest })).data.list).toEqual(all.slice(1));
  });

  it('answers 12 for filters that cannot match', async () => {
    for (const body of [
      { kind: 'bonus' },
      {},
      { kind: 'withdrawal', status: 'credited' },
      { kind: 'deposit', currency: 'BTC' },
      { kind: 'deposit', from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      { kind: 'deposit', from: 'yesterday' },
      { kind: 'deposit', beforeId: 'abc' },
      { kind: 'deposit', limit: 101 },
      { kind: 'deposit', by: 'someone' },
    ]) {
      expect((await t.ops('/ops/v1/finance/payments', body)).code, JSON.stringify(body)).toBe(ErrorCode.INVALID_PARAMETERS);
    }
  });
});

describe('/ops/v1/finance/export', () => {
  const parse = (csv: string) =>
    csv
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));

  it('is the listed rows as CSV: a header, then each row with money to 6 decimals', async () => {
    for (const filters of [{ kind: 'deposit' }, { kind: 'withdrawal', playerId: withdrawer.playerId }, { kind: 'exchange' }]) {
      const listed = (await t.ops('/ops/v1/finance/payments', { ...filters, limit: 100 })).data.list;
      const reply = await t.ops('/ops/v1/finance/export', filters);
      expect(reply.code).toBe(0);
      expect(reply.data).toMatchObject({ rows: listed.length, truncated: false });
      const [header, ...rows] = parse(reply.data.csv);
      expect(header).toEqual([
        'kind',
        'id',
        'playerId',
        'currency',
        'amount',
        'fee',
        'status',
        'address',
        'txId',
        'counterpartyId',
        'toCurrency',
        'toAmount',
        'createdAt',
        'completedAt',
      ]);
      const sixDecimals = (amount: string | null) => (amount === null ? '' : `${amount.split('.')[0]}.${(amount.split('.')[1] ?? '').padEnd(6, '0')}`);
      expect(rows).toEqual(
        listed.map((row: any) => [
          row.kind,
          row.id,
          String(row.playerId),
          row.currency,
          sixDecimals(row.amount),
          sixDecimals(row.fee),
          row.status,
          row.address ?? '',
          row.txId ?? '',
          row.counterpartyId === null ? '' : String(row.counterpartyId),
          row.toCurrency ?? '',
          sixDecimals(row.toAmount),
          row.createdAt,
          row.completedAt ?? '',
        ]),
      );
    }
    const withdrawals = parse((await t.ops('/ops/v1/finance/export', { kind: 'withdrawal', playerId: withdrawer.playerId })).data.csv);
    expect(withdrawals.map((row) => row[4])).toEqual(['amount', '1500.000000', '100.250000']);
  });

  it('refuses a key without finance.export with 10055, and bad filters with 12', async () => {
    const { key } = await createAutomationKey(db(), ['finance.read']);
    expect((await t.ops('/ops/v1/finance/export', { kind: 'deposit' }, key)).code).toBe(ErrorCode.PERMISSION_DENIED);
    expect((await t.ops('/ops/v1/finance/export', { kind: 'deposit', beforeId: 5 })).code).toBe(ErrorCode.INVALID_PARAMETERS);
    expect((await t.ops('/ops/v1/finance/export', { kind: 'exchange', status: 'credited' })).code).toBe(ErrorCode.INVALID_PARAMETERS);
  });

  it(`stops at ${PAYMENTS_EXPORT_MAX_ROWS} rows, newest first, and says more matched`, async () => {
    await sql`
      insert into exchanges (player_id, request_id, from_currency, to_currency, amount, to_amount, rate)
      select ${stranger.playerId}, 'bulk-' || n, 'TRX', 'USDT', 4000000, 1000000, '0.25' from generate_series(1, ${PAYMENTS_EXPORT_MAX_ROWS + 1}) n`.execute(
      db(),
    );
    const reply = await t.ops('/ops/v1/finance/export', { kind: 'exchange', playerId: stranger.playerId });
    expect(reply.data).toMatchObject({ rows: PAYMENTS_EXPORT_MAX_ROWS, truncated: true });
    const lines = parse(reply.data.csv);
    expect(lines).toHaveLength(PAYMENTS_EXPORT_MAX_ROWS + 1);
    const newest = (await t.ops('/ops/v1/finance/payments', { kind: 'exchange', playerId: stranger.playerId, limit: 1 })).data.list[0];
    expect(lines[1]![1]).toBe(newest.id);
  }, 60_000);
});

describe('/ops/v1/risk/linkedAccounts', () => {
  it('finds the players sharing an address, a device or a wallet, with what they share', async () => {
    const reply = await t.ops('/ops/v1/risk/linkedAccounts', { playerId: withdrawer.playerId });
    expect(reply.code).toBe(0);
    expect(reply.data.truncated).toBe(false);
    const byPlayer = new Map(reply.data.list.map((row: any) => [row.playerId, row.shares]));
    expect([...byPlayer.keys()].sort()).toEqual([sameAddress.playerId, sameDevice.playerId, sameWallet.playerId].sort());
    expect(byPlayer.get(sameAddress.playerId)).toEqual([{ kind: 'ip', value: ADDRESS, how: 'registration' }]);
    expect(byPlayer.get(sameDevice.playerId)).toEqual([{ kind: 'device', value: DEVICE, how: 'device' }]);
    const [walletShare] = byPlayer.get(sameWallet.playerId) as any[];
    expect(walletShare).toMatchObject({ kind: 'wallet', how: 'deposit source' });
    const { rows } = await sql<{ from_address: string }>`select distinct from_address from deposits where player_id = ${withdrawer.playerId}`.execute(db());
    expect(rows.map((row) => row.from_address)).toContain(walletShare.value);
    expect(reply.data.list.find((row: any) => row.playerId === sameAddress.playerId)).toMatchObject({ account: sameAddress.account, status: 0 });
  });

  it('finds a player through a bound bet address another deposited from, both ways', async () => {
    const { rows } = await sql<{ from_address: string }>`select from_address from deposits where player_id = ${sameWallet.playerId} limit 1`.execute(db());
    await sql`
      insert into bet_addresses (player_id, address, status, activation_amount, expires_at, activated_at)
      values (${stranger.playerId}, ${rows[0]!.from_address}, 2, 1000000, now(), now())`.execute(db());
    try {
      const reply = await t.ops('/ops/v1/risk/linkedAccounts', { playerId: stranger.playerId });
      expect(reply.data.list.map((row: any) => [row.playerId, row.shares[0].how])).toEqual(
        expect.arrayContaining([
          [withdrawer.playerId, 'deposit source'],
          [sameWallet.playerId, 'deposit source'],
        ]),
      );
      const back = await t.ops('/ops/v1/risk/linkedAccounts', { playerId: sameWallet.playerId });
      expect(back.data.list.find((row: any) => row.playerId === stranger.playerId).shares).toEqual([
        { kind: 'wallet', value: rows[0]!.from_address, how: 'bet address' },
      ]);
    } finally {
      await sql`delete from bet_addresses where player_id = ${stranger.playerId}`.execute(db());
    }
  });

  it('finds nobody for a player sharing nothing, masks what is shared without players.pii, and answers 10004 for no such player', async () => {
    expect((await t.ops('/ops/v1/risk/linkedAccounts', { playerId: stranger.playerId })).data).toEqual({ list: [], truncated: false });
    const { key } = await createAutomationKey(db(), ['risk.read']);
    const masked = await t.ops('/ops/v1/risk/linkedAccounts', { playerId: withdrawer.playerId }, key);
    expect(masked.data.list.find((row: any) => row.playerId === sameAddress.playerId).shares[0].value).toBe('198.51.*.*');
    expect((await t.ops('/ops/v1/risk/linkedAccounts', { playerId: 2_000_000_000 })).code).toBe(ErrorCode.PLAYER_MISSING);
  });

  it('refuses a key without risk.read with 10055, and a missing player id with 12', async () => {
    const { key } = await createAutomationKey(db(), ['finance.read']);
    expect((await t.ops('/ops/v1/risk/linkedAccounts', { playerId: withdrawer.playerId }, key)).code).toBe(ErrorCode.PERMISSION_DENIED);
    expect((await t.ops('/ops/v1/risk/linkedAccounts', {})).code).toBe(ErrorCode.INVALID_PARAMETERS);
  });
});

describe('/ops/v1/risk/bigWinners', () => {
  it('ranks players by payouts − stakes over the period, per currency, winners only', async () => {
    const day = addDays(today, -30);
    await dailyBets(sameAddress.playerId, day, 'USDT', 4, 100_000_000n, 400_000_000n);
    await dailyBets(sameAddress.playerId, addDays(day, 1), 'USDT', 1, 50_000_000n, 0n, 10);
    await dailyBets(sameDevice.playerId, day, 'USDT', 2, 10_000_000n, 500_000_000n);
    await dailyBets(sameWallet.playerId, day, 'USDT', 2, 10_000_000n, 5_000_000n);
    await dailyBets(stranger.playerId, day, 'TRX', 1, 1_000_000n, 9_000_000n);
    // Outside the period.
    await dailyBets(stranger.playerId, addDays(day, 5), 'USDT', 1, 1_000_000n, 999_000_000n);

    const reply = await t.ops('/ops/v1/risk/bigWinners', { fromDay: day, toDay: addDays(day, 1) });
    expect(reply.code).toBe(0);
    expect(reply.data.currencies).toEqual([
      {
        currency: 'USDT',
        list: [
          expect.objectContaining({ playerId: sameDevice.playerId, bets: 2, stakes: '10', payouts: '500', net: '490' }),
          expect.objectContaining({ playerId: sameAddress.playerId, account: sameAddress.account, bets: 5, stakes: '150', payouts: '400', net: '250' }),
        ],
      },
      { currency: 'TRX', list: [expect.objectContaining({ playerId: stranger.playerId, net: '8' })] },
    ]);
    const top = await t.ops('/ops/v1/risk/bigWinners', { fromDay: day, toDay: day, currency: 'USDT', limit: 1 });
    expect(top.data.currencies).toEqual([{ currency: 'USDT', list: [expect.objectContaining({ playerId: sameDevice.playerId })] }]);
  });

  it('answers 12 for a period backwards, longer than 93 days or not made of days', async () => {
    for (const body of [
      { fromDay: today, toDay: addDays(today, -1) },
      { fromDay: addDays(today, -93), toDay: today },
      { fromDay: '2026-13-01', toDay: today },
      { fromDay: `${today}T00:00:00Z`, toDay: today },
    ]) {
      expect((await t.ops('/ops/v1/risk/bigWinners', body)).code, JSON.stringify(body)).toBe(ErrorCode.INVALID_PARAMETERS);
    }
    expect((await t.ops('/ops/v1/risk/bigWinners', { fromDay: addDays(today, -92), toDay: today })).code).toBe(0);
  });
});
