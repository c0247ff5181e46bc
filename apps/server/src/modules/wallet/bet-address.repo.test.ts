import { randomBytes } from 'node:crypto';
import { BetAddressStatus } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { PlayerRepository } from '../player/player.repo.ts';
import { BetAddressRepository } from './bet-address.repo.ts';

const database = useMigratedTestDatabase();
const TRX = 1_000_000n;
const MINUTE = 60_000;

async function newPlayer(): Promise<number> {
  const name = `ba${randomBytes(5).toString('hex')}`;
  const row = await new PlayerRepository(database().db).insert({
    account: name,
    email: null,
    passwordHash: 'x',
    nickname: name,
    inviteCode: randomBytes(5).toString('hex'),
    inviterId: null,
    registerIp: '127.0.0.1',
    clientIp: null,
    language: null,
  });
  return row.id;
}

const newAddress = () => `T${randomBytes(16).toString('hex')}`;

/** A binding waiting for 10 TRX from `address`, its window open for an hour. */
async function pending(playerId: number, address: string, expiresAt = new Date(Date.now() + 60 * MINUTE)) {
  return new BetAddressRepository(database().db).insert({ playerId, address, activationAmount: 10n * TRX, expiresAt });
}

describe('bet address activation', () => {
  it('puts a pending binding in use for a transfer of at least the activation amount, sent within its window', async () => {
    const repo = new BetAddressRepository(database().db);
    const playerId = await newPlayer();
    const address = newAddress();
    await pending(playerId, address);
    expect(await repo.inUseBy(address)).toBeNull();

    expect(await repo.activate({ playerId, fromAddress: address, amount: 10n * TRX, sentAt: new Date() })).toBe(true);
    expect(await repo.inUseBy(address)).toBe(playerId);
    const [row] = await repo.listByPlayer(playerId);
    expect(row).toMatchObject({ status: BetAddressStatus.IN_USE });
    expect(row.activated_at).toBeInstanceOf(Date);
  });

  it('leaves it pending for less than the amount, a transfer after the window, or one sent over ten minutes before the binding was asked for', async () => {
    const repo = new BetAddressRepository(database().db);
    const playerId = await newPlayer();
    const address = newAddress();
    await pending(playerId, address);
    expect(await repo.activate({ playerId, fromAddress: address, amount: 10n * TRX - 1n, sentAt: new Date() })).toBe(false);
    expect(await repo.activate({ playerId, fromAddress: address, amount: 10n * TRX, sentAt: new Date(Date.now() + 61 * MINUTE) })).toBe(false);
    expect(await repo.activate({ playerId, fromAddress: address, amount: 10n * TRX, sentAt: new Date(Date.now() - 11 * MINUTE) })).toBe(false);
    // Within the clock-skew allowance the transfer still counts.
    expect(await repo.activate({ playerId, fromAddress: address, amount: 10n * TRX, sentAt: new Date(Date.now() - 9 * MINUTE) })).toBe(true);
  });

  it("needs the player's own binding of the sending address", async () => {
    const repo = new BetAddressRepository(database().db);
    const [playerId, other] = [await newPlayer(), await newPlayer()];
    const address = newAddress();
    await pending(playerId, address);
    expect(await repo.activate({ playerId: other, fromAddress: address, amount: 10n * TRX, sentAt: new Date() })).toBe(false);
    expect(await repo.activate({ playerId, fromAddress: newAddress(), amount: 10n * TRX, sentAt: new Date() })).toBe(false);
    expect(await repo.inUseBy(address)).toBeNull();
  });

  it('puts an address in use for one player only, and one address in use per player', async () => {
    const repo = new BetAddressRepository(database().db);
    const [first, second] = [await newPlayer(), await newPlayer()];
    const shared = newAddress();
    const another = newAddress();
    await pending(first, shared);
    await pending(second, shared);
    await pending(first, another);

    expect(await repo.activate({ playerId: first, fromAddress: shared, amount: 10n * TRX, sentAt: new Date() })).toBe(true);
    expect(await repo.activate({ playerId: second, fromAddress: shared, amount: 10n * TRX, sentAt: new Date() })).toBe(false);
    expect(await repo.activate({ playerId: first, fromAddress: another, amount: 10n * TRX, sentAt: new Date() })).toBe(false);
    expect(await repo.inUseBy(shared)).toBe(first);
    expect(await repo.inUseBy(another)).toBeNull();
  });

  it('opens a new window on a binding whose window has closed', async () => {
    const repo = new BetAddressRepository(database().db);
    const playerId = await newPlayer();
    const address = newAddress();
    const expired = await pending(playerId, address, new Date(Date.now() - MINUTE));
    expect(await repo.activate({ playerId, fromAddress: address, amount: 10n * TRX, sentAt: new Date() })).toBe(false);

    const renewed = await repo.renew(expired.id, new Date(Date.now() + 60 * MINUTE), 20n * TRX);
    expect(renewed).toMatchObject({ id: expired.id, status: BetAddressStatus.PENDING, activation_amount: 20n * TRX });
    expect(await repo.activate({ playerId, fromAddress: address, amount: 10n * TRX, sentAt: new Date() })).toBe(false);
    expect(await repo.activate({ playerId, fromAddress: address, amount: 20n * TRX, sentAt: new Date() })).toBe(true);
  });
});
