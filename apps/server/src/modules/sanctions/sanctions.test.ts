import { ErrorCode, SHIPPED_ROLE_PERMISSIONS } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidBase58Address } from '../../chain/address.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import { PUSH_PLAYER, type PlayerPush } from '../../realtime/realtime.ts';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  FUND_PASSWORD,
  newWallet,
  outsideWallet,
  requestId,
  sendTrx,
  sendUsdt,
  startWalletTestApp,
  type TestPlayer,
  type WalletTestApp,
} from '../wallet/test-support.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAddressList, readShippedList, SanctionsList, SHIPPED_FILES } from './sanctions-list.ts';

let t: WalletTestApp;
/** A second instance on the same database and bus, as behind a load balancer. */
let other: TestApp;

beforeAll(async () => {
  t = await startWalletTestApp();
  other = await startTestApp({}, { alongside: t });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const list = `test-${process.pid}`;
/** Puts addresses on the test's own uploaded list, through the operator call. */
async function listAddresses(...addresses: string[]) {
  const reply = await t.ops('/ops/v1/sanctions/upload', { list, mode: 'add', text: addresses.join('\n') });
  expect(reply.code).toBe(0);
}

function alertsHeard() {
  const alerts: DomainEvents['alert'][] = [];
  const off = t.app.bus.subscribe('alert', (alert) => void alerts.push(alert));
  return { alerts, off };
}

async function hitsOf(playerId: number) {
  const reply = await t.ops('/ops/v1/sanctions/hits', { playerId });
  expect(reply.code).toBe(0);
  return reply.data.list as { id: number; kind: string; state: string; address: string; lists: string[]; amount: string | null; reference: string | null }[];
}

async function fundedPlayer(usdt: string): Promise<TestPlayer> {
  const p = await t.player();
  await t.deposit(p, { usdt });
  return p;
}

const withdraw = (p: TestPlayer, address: string, amount = '5') =>
  t.call('/v1/bank/cashout/submit', { requestId: requestId(), currency: 'USDT', amount, address, fundPassword: FUND_PASSWORD }, { token: p.token });

describe('the shipped lists', () => {
  it('are the OFAC TRX and USDT lists of TRON addresses, each line a valid address, loaded at start', async () => {
    const trx = readShippedList(SHIPPED_FILES['ofac-trx']);
    const usdt = readShippedList(SHIPPED_FILES['ofac-usdt']);
    expect(trx.length).toBeGreaterThan(0);
    expect(usdt.length).toBeGreaterThan(0);
    for (const address of [...trx, ...usdt]) expect(isValidBase58Address(address)).toBe(true);

    const reply = await t.ops('/ops/v1/sanctions/lists', {});
    expect(reply.data.lists).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ list: 'ofac-trx', shipped: trx.length }),
        expect.objectContaining({ list: 'ofac-usdt', shipped: usdt.length }),
      ]),
    );
    expect(t.app.services.sanctions.list.listsOf(trx[0])).toContain('ofac-trx');
    const found = await t.ops('/ops/v1/sanctions/search', { query: usdt[0].slice(3, 12).toLowerCase() });
    expect(found.data.list).toEqual([expect.objectContaining({ address: usdt[0], list: 'ofac-usdt', source: 'shipped', addedBy: null })]);
  });

  it('are made equal to their files at start, leave uploaded addresses alone, and a changed file reaches the running instances', async () => {
    const name = `shipped-${process.pid}`;
    const file = join(mkdtempSync(join(tmpdir(), 'sanctions-')), 'list.txt');
    const [a, b, uploaded] = [newWallet().address, newWallet().address, newWallet().address];
    const release = (text: string) => {
      writeFileSync(file, `# a release's list\n${text}\n`);
      return new SanctionsList(t.app.database.db, t.app.bus, undefined, { [name]: pathToFileURL(file) });
    };
    const first = release(a);
    await first.start();
    expect(first.listsOf(a)).toEqual([name]);
    await expect.poll(() => t.app.services.sanctions.list.listsOf(a), { timeout: 1000, interval: 10 }).toEqual([name]);
    expect((await t.ops('/ops/v1/sanctions/upload', { list: name, text: uploaded })).code).toBe(0);

    const next = release(b);
    await next.start();
    expect([next.listsOf(a), next.listsOf(b), next.listsOf(uploaded)]).toEqual([[], [name], [name]]);
    await expect.poll(() => t.app.services.sanctions.list.listsOf(a), { timeout: 1000, interval: 10 }).toEqual([]);
    expect(t.app.services.sanctions.list.listsOf(b)).toEqual([name]);
    first.stop();
    next.stop();
  });

  it('cannot be edited address by address: only uploaded addresses come off', async () => {
    const [shipped] = readShippedList(SHIPPED_FILES['ofac-trx']);
    const reply = await t.ops('/ops/v1/sanctions/remove', { list: 'ofac-trx', address: shipped, reason: 'testing the rule' });
    expect(reply.code).toBe(ErrorCode.INVALID_PARAMETERS);
    expect(t.app.services.sanctions.list.listsOf(shipped)).toContain('ofac-trx');
  });
});

describe('uploading a list', () => {
  it('checks every line first: a bad line refuses the whole text, names its line, and changes nothing', async () => {
    const good = newWallet().address;
    const before = await t.ops('/ops/v1/sanctions/lists', {});
    const text = [
      '# from the regulator',
      good,
      '',
      'TXYZnotAnAddress',
      good.slice(0, 33) + (good[33] === 'a' ? 'b' : 'a'),
      '0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff',
    ].join('\n');
    const reply = await t.ops('/ops/v1/sanctions/upload', { list, mode: 'add', text });
    expect(reply.code).toBe(ErrorCode.INVALID_PARAMETERS);
    expect(reply.data.errors.map((e: { line: number }) => e.line)).toEqual([4, 5, 6]);
    expect(reply.data.errors[1].reason).toMatch(/checksum/);
    expect(reply.msg).toMatch(/line 4/);
    expect(t.app.services.sanctions.list.listsOf(good)).toEqual([]);
    expect((await t.ops('/ops/v1/sanctions/lists', {})).data).toEqual(before.data);
  });

  it('adds, counts, replaces and removes uploaded addresses; the caller is named on each, and it is audited', async () => {
    const own = `own-${process.pid}`;
    const [a, b, c] = [newWallet().address, newWallet().address, newWallet().address];
    const added = await t.ops('/ops/v1/sanctions/upload', { list: own, text: `${a}\r\n${b}\n${a}\n` });
    expect(added.data).toEqual({ list: own, added: 2, alreadyListed: 0, removed: 0, total: 2 });
    expect(t.app.services.sanctions.list.listsOf(b)).toEqual([own]);

    const replaced = await t.ops('/ops/v1/sanctions/upload', { list: own, mode: 'replace', text: `${b}\n${c}` });
    expect(replaced.data).toEqual({ list: own, added: 1, alreadyListed: 1, removed: 1, total: 2 });
    expect(t.app.services.sanctions.list.listsOf(a)).toEqual([]);
    const entries = await t.ops('/ops/v1/sanctions/search', { list: own });
    expect(entries.data.list.map((e: { address: string }) => e.address).sort()).toEqual([b, c].sort());
    expect(entries.data.list[0]).toMatchObject({ source: 'upload', addedBy: t.opsName });

    expect((await t.ops('/ops/v1/sanctions/remove', { list: own, address: c, reason: 'listed by mistake' })).data).toEqual({ removed: true });
    expect(t.app.services.sanctions.list.listsOf(c)).toEqual([]);
    const counts = await t.ops('/ops/v1/sanctions/lists', {});
    expect(counts.data.lists).toContainEqual(expect.objectContaining({ list: own, shipped: 0, uploaded: 1, total: 1 }));

    const audit = await t.app.database.db
      .withTables<import('../audit/tables.ts').AuditTables>()
      .selectFrom('audit_records')
      .select(['action', 'target'])
      .where('action', 'in', ['/ops/v1/sanctions/upload', '/ops/v1/sanctions/remove'])
      .where('target', 'like', `sanctions:${own}%`)
      .execute();
    expect(audit).toHaveLength(3);
  });

  it('is for risk.decide; risk.read only reads', async () => {
    const { key } = await createAutomationKey(t.app.database.db, SHIPPED_ROLE_PERMISSIONS.analyst, `analyst-${process.pid}`);
    expect((await t.ops('/ops/v1/sanctions/lists', {}, key)).code).toBe(0);
    expect((await t.ops('/ops/v1/sanctions/upload', { list, text: newWallet().address }, key)).status).toBe(403);
    expect((await t.ops('/ops/v1/sanctions/decide', { id: 1, decision: 'keep', reason: 'not mine to decide' }, key)).status).toBe(403);
  });

  it('reaches the other instance at once: its checks refuse the address', async () => {
    const p = await t.player();
    const address = newWallet().address;
    expect(other.app.services.sanctions.list.listsOf(address)).toEqual([]);
    await listAddresses(address);
    await expect.poll(() => other.app.services.sanctions.list.listsOf(address), { timeout: 1000, interval: 10 }).toEqual([list]);
    const saved = await other.call('/v1/player/cashout_address/add', { address, label: 'Cold' }, { token: p.token });
    expect(saved.code).toBe(ErrorCode.SANCTIONED_ADDRESS);
  });
});

describe('withdrawals', () => {
  it('to a listed address are refused with 10064, recorded and told to risk staff; the balance is untouched', async () => {
    const p = await fundedPlayer('20');
    const listed = newWallet().address;
    await listAddresses(listed);
    const { alerts, off } = alertsHeard();
    try {
      const refused = await withdraw(p, listed);
      expect(refused.code).toBe(ErrorCode.SANCTIONED_ADDRESS);
      expect((await t.balances(p)).usdt).toBe('20');
      expect(await t.app.database.db.selectFrom('withdrawals').select('id').where('player_id', '=', p.playerId).execute()).toEqual([]);
      expect(await hitsOf(p.playerId)).toEqual([
        expect.objectContaining({ kind: 'withdrawal', state: 'refused', address: listed, lists: [list], amount: '5' }),
      ]);
      expect(alerts).toContainEqual(expect.objectContaining({ kind: 'sanctioned-address', permission: 'risk.read', playerId: p.playerId }));
    } finally {
      off();
    }
    const sent = await withdraw(p, newWallet().address);
    expect(sent.code).toBe(0);
    expect((await t.balances(p)).usdt).toBe('15');
    await t.expectLedgerOk();
  });

  it('cannot save a listed address; an unlisted one is saved', async () => {
    const p = await t.player();
    const listed = newWallet().address;
    await listAddresses(listed);
    expect((await t.call('/v1/player/cashout_address/add', { address: listed, label: 'Cold' }, { token: p.token })).code).toBe(ErrorCode.SANCTIONED_ADDRESS);
    expect(
      (await t.call('/v1/player/cashout_account/add', { accountType: 1, currency: 'USDT', address: listed, label: 'Cold' }, { token: p.token })).code,
    ).toBe(ErrorCode.SANCTIONED_ADDRESS);
    expect((await t.call('/v1/player/cashout_address/add', { address: newWallet().address, label: 'Warm' }, { token: p.token })).code).toBe(0);
    expect((await hitsOf(p.playerId)).map((h) => [h.kind, h.state])).toEqual([
      ['withdrawal_address', 'refused'],
      ['withdrawal_address', 'refused'],
    ]);
  });
});

describe('bet addresses', () => {
  it('cannot be bound when listed; an unlisted one can', async () => {
    const p = await t.player();
    const listed = outsideWallet(t, { trx: '5' });
    await listAddresses(listed.address);
    expect((await t.call('/v1/player/bet_address/add', { address: listed.address }, { token: p.token })).code).toBe(ErrorCode.SANCTIONED_ADDRESS);
    expect(await hitsOf(p.playerId)).toEqual([expect.objectContaining({ kind: 'bet_address', state: 'refused', address: listed.address })]);
    const clean = outsideWallet(t, { trx: '5' });
    expect((await t.call('/v1/player/bet_address/add', { address: clean.address }, { token: p.token })).code).toBe(0);
  });
});

describe('deposits from a listed address', () => {
  const heldRecord = async (p: TestPlayer) => (await t.call('/v1/bank/records', { type: 'deposit' }, { token: p.token })).data.list[0];

  it('are held for review, never credited however often the watcher passes, and shown to the player as under review', async () => {
    const p = await t.player();
    const sender = outsideWallet(t, { trx: '10', usdt: '100' });
    await listAddresses(sender.address);
    const { alerts, off } = alertsHeard();
    const pushes: PlayerPush[] = [];
    const offPushes = t.app.bus.subscribe(PUSH_PLAYER, (push: PlayerPush) => void pushes.push(push));
    try {
      await sendUsdt(t, sender, await t.depositAddress(p), '30');
      await t.scanDeposits(1);
      await t.scanDeposits(1);
      await t.scanDeposits(2);
    } finally {
      off();
      offPushes();
    }
    // Its player's open screens are told to read it again once it is held.
    expect(pushes.filter((push) => push.playerId === p.playerId && push.event === 'deposit').length).toBeGreaterThan(0);
    expect((await t.balances(p)).usdt).toBe('0');
    const row = await t.app.database.db.selectFrom('deposits').selectAll().where('player_id', '=', p.playerId).executeTakeFirstOrThrow();
    expect(row.status).toBe('held');
    expect(await hitsOf(p.playerId)).toEqual([expect.objectContaining({ kind: 'deposit', state: 'held', amount: '30', reference: `deposit:${row.id}` })]);
    expect(alerts.filter((a) => a.kind === 'sanctioned-address')).toHaveLength(1);
    const record = await heldRecord(p);
    expect(record).toMatchObject({ status: 'pending', heldForReview: true, amount: '30', address: sender.address });
    expect(record).not.toHaveProperty('confirmations');
    const held = await t.ops('/ops/v1/sanctions/lists', {});
    expect(held.data.held).toBeGreaterThan(0);
    await t.expectLedgerOk();
  });

  it('are credited once when staff decide so; the same decision again changes nothing, the opposite is refused', async () => {
    const p = await t.player();
    const sender = outsideWallet(t, { trx: '100' });
    await listAddresses(sender.address);
    await sendTrx(t, sender, await t.depositAddress(p), '12');
    await t.scanDeposits(1);
    const [hit] = await hitsOf(p.playerId);
    expect(hit.state).toBe('held');

    const decided = await t.ops('/ops/v1/sanctions/decide', { id: hit.id, decision: 'credit', reason: 'the address was delisted' });
    expect(decided.data).toMatchObject({ decidedNow: true, hit: { state: 'credited', decidedBy: t.opsName, decisionReason: 'the address was delisted' } });
    expect((await t.balances(p)).trx).toBe('12');
    const again = await t.ops('/ops/v1/sanctions/decide', { id: hit.id, decision: 'credit', reason: 'the address was delisted' });
    expect(again.data.decidedNow).toBe(false);
    expect((await t.ops('/ops/v1/sanctions/decide', { id: hit.id, decision: 'keep', reason: 'second thoughts' })).code).toBe(ErrorCode.UPDATE_FAILED);
    await t.scanDeposits(1);
    expect((await t.balances(p)).trx).toBe('12');
    expect((await heldRecord(p)).status).toBe('completed');
    await t.expectLedgerOk();
  });

  it('stay uncredited when staff keep them refused, and the player sees them declined', async () => {
    const p = await t.player();
    const sender = outsideWallet(t, { trx: '100' });
    await listAddresses(sender.address);
    await sendTrx(t, sender, await t.depositAddress(p), '7');
    await t.scanDeposits(1);
    const [hit] = await hitsOf(p.playerId);
    expect((await t.ops('/ops/v1/sanctions/decide', { id: hit.id, decision: 'keep', reason: 'confirmed on the SDN list' })).data).toMatchObject({
      decidedNow: true,
      hit: { state: 'kept' },
    });
    await t.scanDeposits(1);
    expect((await t.balances(p)).trx).toBe('0');
    expect(await heldRecord(p)).toMatchObject({ status: 'rejected' });
    expect((await t.ops('/ops/v1/sanctions/decide', { id: hit.id, decision: 'credit', reason: 'changed my mind' })).code).toBe(ErrorCode.UPDATE_FAILED);
    await t.expectLedgerOk();
  });

  it('from an unlisted address are credited as always', async () => {
    const p = await t.player();
    const sender = outsideWallet(t, { trx: '100' });
    await sendTrx(t, sender, await t.depositAddress(p), '9');
    await t.scanDeposits(1);
    expect((await t.balances(p)).trx).toBe('9');
    expect(await hitsOf(p.playerId)).toEqual([]);
  });
});

describe('parseAddressList', () => {
  it('skips blank and comment lines, counts a repeated address once, and stops at the line limit', () => {
    const a = newWallet().address;
    expect(parseAddressList(`# list\n\n  ${a}  \n${a}\n`)).toEqual({ addresses: [a], errors: [] });
    expect(parseAddressList(`${a}\n${a}\n${a}`, 2).errors).toEqual([{ line: 3, text: '', reason: 'more than 2 lines' }]);
    expect(parseAddressList(`${a} ${a}`).errors[0]).toMatchObject({ line: 1, reason: 'one address a line' });
  });
});
