import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUND_PASSWORD, requestId, startWalletTestApp, type TestPlayer, type WalletTestApp } from './test-support.ts';
import { FUND_PASSWORD_FAILURE_WINDOW_MINUTES, FUND_PASSWORD_MAX_FAILURES } from './fund-password.service.ts';

let t: WalletTestApp;
beforeAll(async () => {
  // Behind a trusted proxy the client's address is the one in x-forwarded-for, so one test can speak from several.
  t = await startWalletTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.close();
});

const ADDRESSES = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];

/** A transfer to a receiver that does not exist: 10045 when the PIN is refused, 10047 once it has passed. */
const transfer = (p: TestPlayer, fundPassword: string, address = ADDRESSES[0]) =>
  t.call(
    '/v1/bank/transfer/submit',
    { requestId: requestId(), receiverId: 1, currency: 'USDT', amount: '1', fundPassword },
    { token: p.token, headers: { 'x-forwarded-for': address } },
  );

const bookedFailures = async (p: TestPlayer) => {
  const { count } = await t.app.database.db
    .selectFrom('fund_password_failures')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .where('player_id', '=', p.playerId)
    .executeTakeFirstOrThrow();
  return Number(count);
};

const letWindowPass = (p: TestPlayer) =>
  t.app.database.db
    .updateTable('fund_password_failures')
    .set({ failed_at: sql`failed_at - make_interval(mins => ${FUND_PASSWORD_FAILURE_WINDOW_MINUTES + 1})` })
    .where('player_id', '=', p.playerId)
    .execute();

describe('fund password lockout', () => {
  it('refuses the right PIN at the end of a concurrent burst of 39 wrong ones from three addresses with 10045, booking at most five failures', async () => {
    const p = await t.player();
    const wrong = Array.from({ length: 39 }, (_, i) => transfer(p, String(200_000 + i), ADDRESSES[i % 3]));
    const right = transfer(p, FUND_PASSWORD, ADDRESSES[2]);
    const replies = await Promise.all([...wrong, right]);
    expect(replies.map((r) => r.code)).toEqual(Array(40).fill(10045));
    expect(await bookedFailures(p)).toBeLessThanOrEqual(FUND_PASSWORD_MAX_FAILURES);

    // Alone, and later, the right PIN is still refused until the window has passed.
    expect((await transfer(p, FUND_PASSWORD, ADDRESSES[1])).code).toBe(10045);
    await letWindowPass(p);
    expect((await transfer(p, FUND_PASSWORD, ADDRESSES[1])).code).toBe(10047);
  });

  it('lets a right PIN through after fewer than five failures and starts the count again', async () => {
    const p = await t.player();
    for (let i = 0; i < FUND_PASSWORD_MAX_FAILURES - 1; i++) expect((await transfer(p, '000000')).code).toBe(10045);
    expect((await transfer(p, FUND_PASSWORD)).code).toBe(10047);
    expect(await bookedFailures(p)).toBe(0);
  });

  it('lets right PINs sent together all through, more of them than failures are allowed', async () => {
    const p = await t.player();
    const replies = await Promise.all(Array.from({ length: FUND_PASSWORD_MAX_FAILURES * 3 }, (_, i) => transfer(p, FUND_PASSWORD, ADDRESSES[i % 3])));
    expect(replies.map((r) => r.code)).toEqual(Array(FUND_PASSWORD_MAX_FAILURES * 3).fill(10047));
  });

  it('also locks the change of the fund password with its original (10028) after a concurrent burst', async () => {
    const p = await t.player();
    const change = (oldPassword: string) => t.call('/v1/player/finance_password/update', { oldPassword, newPassword: '112233' }, { token: p.token });
    const replies = await Promise.all([...Array.from({ length: 12 }, (_, i) => change(String(300_000 + i))), change(FUND_PASSWORD)]);
    expect(replies.map((r) => r.code)).toEqual(Array(13).fill(10028));
    expect(await bookedFailures(p)).toBeLessThanOrEqual(FUND_PASSWORD_MAX_FAILURES);
  });
});
