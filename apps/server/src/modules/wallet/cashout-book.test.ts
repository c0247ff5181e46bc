import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUND_PASSWORD, newWallet, siteAddresses, startWalletTestApp, type TestPlayer, type WalletTestApp } from './test-support.ts';

let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp();
});
afterAll(async () => {
  await t?.close();
});

const badChecksum = () => {
  const good = newWallet().address;
  return good.slice(0, -1) + (good.endsWith('a') ? 'b' : 'a');
};

describe('/v1/player/finance_password/update', () => {
  it('sets the fund password with the login password, and /v1/player/load shows it is set', async () => {
    const p = await t.registerPlayer();
    expect((await t.call('/v1/player/load', {}, { token: p.token })).data.hasFundPassword).toBe(false);
    expect((await t.call('/v1/player/finance_password/update', { newPassword: '246801', loginPassword: p.password }, { token: p.token })).code).toBe(0);
    expect((await t.call('/v1/player/load', {}, { token: p.token })).data.hasFundPassword).toBe(true);
  });

  it('answers 10027 for a wrong login password', async () => {
    const p = await t.registerPlayer();
    expect((await t.call('/v1/player/finance_password/update', { newPassword: '246801', loginPassword: 'wrong999' }, { token: p.token })).code).toBe(10027);
  });

  it('changes it with the original, answering 10028 for a wrong original and 10019 for the same one', async () => {
    const p = await t.player();
    expect((await t.call('/v1/player/finance_password/update', { oldPassword: '000000', newPassword: '112233' }, { token: p.token })).code).toBe(10028);
    expect((await t.call('/v1/player/finance_password/update', { oldPassword: FUND_PASSWORD, newPassword: FUND_PASSWORD }, { token: p.token })).code).toBe(
      10019,
    );
    expect((await t.call('/v1/player/finance_password/update', { oldPassword: FUND_PASSWORD, newPassword: '112233' }, { token: p.token })).code).toBe(0);
    // A forgotten fund password is replaced with the login password.
    expect((await t.call('/v1/player/finance_password/update', { loginPassword: p.password, newPassword: '445566' }, { token: p.token })).code).toBe(0);
  });

  it('answers 10028 for an original when none was ever set, and 12 for a password that is not six digits', async () => {
    const p = await t.registerPlayer();
    expect((await t.call('/v1/player/finance_password/update', { oldPassword: '123456', newPassword: '112233' }, { token: p.token })).code).toBe(10028);
    expect((await t.call('/v1/player/finance_password/update', { loginPassword: p.password, newPassword: '12345' }, { token: p.token })).code).toBe(12);
    expect((await t.call('/v1/player/finance_password/update', { newPassword: '123456' }, { token: p.token })).code).toBe(12);
  });

  it('stops checking after five wrong fund passwords, even the right one (10045)', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '5' });
    const send = (fundPassword: string) =>
      t.call('/v1/bank/transfer/submit', { requestId: crypto.randomUUID(), receiverId: 1, currency: 'USDT', amount: '1', fundPassword }, { token: p.token });
    for (let i = 0; i < 5; i++) expect((await send('000000')).code).toBe(10045);
    expect((await send(FUND_PASSWORD)).code).toBe(10045);
    expect((await t.call('/v1/player/finance_password/update', { oldPassword: FUND_PASSWORD, newPassword: '112233' }, { token: p.token })).code).toBe(10028);
  });
});

describe('/v1/player/cashout_address/*', () => {
  let p: TestPlayer;
  beforeAll(async () => {
    p = await t.player();
  });

  it('adds, lists newest first and deletes saved withdrawal addresses', async () => {
    const a = newWallet().address;
    const b = newWallet().address;
    const first = await t.call('/v1/player/cashout_address/add', { address: a, label: 'Ledger' }, { token: p.token });
    expect(first).toMatchObject({ code: 0, data: { address: a, label: 'Ledger' } });
    await t.call('/v1/player/cashout_address/add', { address: b, label: 'Phone' }, { token: p.token });
    const list = await t.call('/v1/player/cashout_address/list', {}, { token: p.token });
    expect(list.data.map((x: { address: string }) => x.address)).toEqual([b, a]);
    expect((await t.call('/v1/player/cashout_address/delete', { id: first.data.id }, { token: p.token })).code).toBe(0);
    expect((await t.call('/v1/player/cashout_address/list', {}, { token: p.token })).data).toHaveLength(1);
    expect((await t.call('/v1/player/cashout_address/delete', { id: first.data.id }, { token: p.token })).code).toBe(12);
  });

  it('answers 10052 for a wrong checksum or shape, 10025 for one saved already', async () => {
    expect((await t.call('/v1/player/cashout_address/add', { address: badChecksum(), label: 'x' }, { token: p.token })).code).toBe(10052);
    expect((await t.call('/v1/player/cashout_address/add', { address: '0x1234', label: 'x' }, { token: p.token })).code).toBe(10052);
    const a = newWallet().address;
    expect((await t.call('/v1/player/cashout_address/add', { address: a, label: 'x' }, { token: p.token })).code).toBe(0);
    expect((await t.call('/v1/player/cashout_address/add', { address: a, label: 'y' }, { token: p.token })).code).toBe(10025);
  });

  it('refuses every address of this site with 10052: the hot wallet, deposit addresses, transfer-bet addresses', async () => {
    const q = await t.player();
    const own = await siteAddresses(t, q);
    expect(own.filter((a) => a.kind.startsWith('transfer address'))).toHaveLength(14);
    for (const { kind, address } of own) {
      const reply = await t.call('/v1/player/cashout_address/add', { address, label: 'x' }, { token: q.token });
      expect(reply.code, kind).toBe(10052);
      const account = await t.call('/v1/player/cashout_account/add', { accountType: 1, currency: 'USDT', address }, { token: q.token });
      expect(account.code, kind).toBe(10052);
    }
    expect((await t.call('/v1/player/cashout_address/list', {}, { token: q.token })).data).toEqual([]);
    expect((await t.call('/v1/player/cashout_account/get', {}, { token: q.token })).data).toEqual([]);
  });

  it("keeps other players' addresses out of reach", async () => {
    const other = await t.player();
    const mine = (await t.call('/v1/player/cashout_address/list', {}, { token: p.token })).data;
    expect((await t.call('/v1/player/cashout_address/delete', { id: mine[0].id }, { token: other.token })).code).toBe(12);
    expect((await t.call('/v1/player/cashout_address/list', {}, { token: other.token })).data).toEqual([]);
  });

  it('answers 10026 past ten addresses, also when they arrive at once', async () => {
    const q = await t.player();
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.call('/v1/player/cashout_address/add', { address: newWallet().address, label: `w${i}` }, { token: q.token })),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(10);
    expect(replies.filter((r) => r.code === 10026)).toHaveLength(2);
  });
});

describe('/v1/player/cashout_account/*', () => {
  it('saves each account type, shows them masked, default first', async () => {
    const p = await t.player();
    const address = newWallet().address;
    const chain = await t.call('/v1/player/cashout_account/add', { accountType: 1, currency: 'USDT', address, label: 'main' }, { token: p.token });
    expect(chain.data).toMatchObject({ accountType: 1, currency: 'USDT', isDefault: true, maskedAccount: `${address.slice(0, 4)}…${address.slice(-4)}` });
    const bank = await t.call(
      '/v1/player/cashout_account/add',
      { accountType: 2, currencyCode: 'BRL', bankName: 'Banco do Brasil', accountNumber: '12345-6789', holderName: 'Ana Souza' },
      { token: p.token },
    );
    expect(bank.data).toMatchObject({ accountType: 2, currencyCode: 'BRL', bankName: 'Banco do Brasil', maskedAccount: '****6789', isDefault: false });
    const pix = await t.call(
      '/v1/player/cashout_account/add',
      { accountType: 3, pixKeyType: 'cpf', pixKey: '529.982.247-25', holderName: 'Ana Souza', cpf: '52998224725' },
      { token: p.token },
    );
    expect(pix.data).toMatchObject({ accountType: 3, pixKeyType: 'cpf', maskedAccount: '***.982.247-**' });
    const ewallet = await t.call(
      '/v1/player/cashout_account/add',
      { accountType: 4, provider: 'PicPay', phone: '+5511912345678', holderName: 'Ana Souza' },
      { token: p.token },
    );
    expect(ewallet.data).toMatchObject({ accountType: 4, provider: 'PicPay', maskedAccount: '+55*******5678' });

    const all = await t.call('/v1/player/cashout_account/get', {}, { token: p.token });
    expect(all.data.map((a: { id: number }) => a.id)).toEqual([chain.data.id, ewallet.data.id, pix.data.id, bank.data.id]);
    const onlyPix = await t.call('/v1/player/cashout_account/get', { accountType: 3 }, { token: p.token });
    expect(onlyPix.data.map((a: { id: number }) => a.id)).toEqual([pix.data.id]);
    expect(JSON.stringify(all.data)).not.toContain('52998224725');
  });

  it('renames, moves the default and deletes through update', async () => {
    const p = await t.player();
    const a = await t.call('/v1/player/cashout_account/add', { accountType: 1, currency: 'TRX', address: newWallet().address }, { token: p.token });
    const b = await t.call('/v1/player/cashout_account/add', { accountType: 1, currency: 'USDT', address: newWallet().address }, { token: p.token });
    const moved = await t.call('/v1/player/cashout_account/update', { id: b.data.id, isDefault: true, label: 'savings' }, { token: p.token });
    expect(moved.data.map((x: { id: number; isDefault: boolean; label: string | null }) => [x.id, x.isDefault, x.label])).toEqual([
      [b.data.id, true, 'savings'],
      [a.data.id, false, null],
    ]);
    const deleted = await t.call('/v1/player/cashout_account/update', { id: b.data.id, deleted: true }, { token: p.token });
    expect(deleted.data).toEqual([expect.objectContaining({ id: a.data.id, isDefault: true })]);
    expect((await t.call('/v1/player/cashout_account/update', { id: b.data.id, deleted: true }, { token: p.token })).code).toBe(12);
    expect((await t.call('/v1/player/cashout_account/update', { id: a.data.id }, { token: p.token })).code).toBe(12);
  });

  it('answers each format error with its own code', async () => {
    const p = await t.player();
    const add = (body: object) => t.call('/v1/player/cashout_account/add', body, { token: p.token });
    const holder = { holderName: 'Ana Souza', cpf: '52998224725' };
    expect((await add({ accountType: 3, pixKeyType: 'random', pixKey: 'not-a-uuid', ...holder })).code).toBe(10035);
    expect((await add({ accountType: 3, pixKeyType: 'email', pixKey: 'ana@', ...holder })).code).toBe(10036);
    expect((await add({ accountType: 4, provider: 'PicPay', email: 'nope', holderName: 'Ana Souza' })).code).toBe(10036);
    expect((await add({ accountType: 3, pixKeyType: 'phone', pixKey: '11912345678', ...holder })).code).toBe(10037);
    expect((await add({ accountType: 3, pixKeyType: 'cpf', pixKey: '111.111.111-11', ...holder })).code).toBe(10038);
    expect((await add({ accountType: 3, pixKeyType: 'email', pixKey: 'ana@example.com', holderName: 'Ana Souza', cpf: '123' })).code).toBe(10038);
    expect((await add({ accountType: 1, currency: 'USDT', address: badChecksum() })).code).toBe(10052);
    const address = newWallet().address;
    expect((await add({ accountType: 1, currency: 'USDT', address })).code).toBe(0);
    expect((await add({ accountType: 1, currency: 'USDT', address })).code).toBe(10025);
    expect((await add({ accountType: 1, currency: 'TRX', address })).code).toBe(0);
  });

  it('answers 10034 past ten accounts', async () => {
    const p = await t.player();
    for (let i = 0; i < 10; i++) {
      expect(
        (await t.call('/v1/player/cashout_account/add', { accountType: 1, currency: 'USDT', address: newWallet().address }, { token: p.token })).code,
      ).toBe(0);
    }
    expect((await t.call('/v1/player/cashout_account/add', { accountType: 1, currency: 'USDT', address: newWallet().address }, { token: p.token })).code).toBe(
      10034,
    );
  });
});

describe('/v1/player/balance/*', () => {
  it('returns the wallet balances, and the wallet display list', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '12.345678', trx: '7' });
    expect((await t.call('/v1/player/balance/get', {}, { token: p.token })).data).toMatchObject({ usdt: '12.345678', trx: '7' });
    expect((await t.call('/v1/player/balance/sync_and_get', {}, { token: p.token })).data).toEqual([
      { wallet: 'main', name: 'Lobby', trxBalance: '7', usdtBalance: '12.345678' },
    ]);
  });

  it('needs a session and takes no fields', async () => {
    expect((await t.call('/v1/player/balance/get', {})).status).toBe(401);
    const p = await t.registerPlayer();
    expect((await t.call('/v1/player/balance/get', { currency: 'USDT' }, { token: p.token })).code).toBe(12);
  });
});
