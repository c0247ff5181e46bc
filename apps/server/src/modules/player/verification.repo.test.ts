import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { VerificationRepository } from './verification.repo.ts';

const database = useMigratedTestDatabase();
const newTarget = () => `v${randomBytes(5).toString('hex')}@example.com`;
const inAnHour = () => new Date(Date.now() + 3_600_000);

async function sendCode(repo: VerificationRepository, target: string, codeHash: string, ip = '192.0.2.1') {
  return repo.insert({ purpose: 'register', target, playerId: null, codeHash, expiresAt: inAnHour(), ip });
}

describe('verification codes', () => {
  it('counts every one of simultaneous tries against the newest code', async () => {
    const repo = new VerificationRepository(database().db);
    const target = newTarget();
    await sendCode(repo, target, 'older');
    const newest = await sendCode(repo, target, 'newest');
    const tries = await Promise.all(Array.from({ length: 8 }, () => repo.countAttemptOnNewest('register', target)));
    expect(tries.every((t) => t?.id === newest && t.code_hash === 'newest')).toBe(true);
    expect(tries.map((t) => t!.attempts).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('finds no code for another purpose or target', async () => {
    const repo = new VerificationRepository(database().db);
    const target = newTarget();
    await sendCode(repo, target, 'hash');
    expect(await repo.countAttemptOnNewest('reset_password', target)).toBeUndefined();
    expect(await repo.countAttemptOnNewest('register', newTarget())).toBeUndefined();
  });

  it('lets exactly one of simultaneous uses consume a code', async () => {
    const repo = new VerificationRepository(database().db);
    const id = await sendCode(repo, newTarget(), 'hash');
    const used = await Promise.all(Array.from({ length: 5 }, () => repo.consume(id)));
    expect(used.filter(Boolean)).toHaveLength(1);
    expect(await repo.consume(id)).toBe(false);
  });

  it('tells when a target last got a code and counts an address only within the last hour', async () => {
    const repo = new VerificationRepository(database().db);
    const target = newTarget();
    const ip = '198.51.100.7';
    expect(await repo.lastSentAt('register', target)).toBeUndefined();
    await sendCode(repo, target, 'a', ip);
    const old = await sendCode(repo, newTarget(), 'b', ip);
    await database()
      .db.updateTable('verification_codes')
      .set({ created_at: new Date(Date.now() - 61 * 60_000) })
      .where('id', '=', old)
      .execute();
    expect(await repo.countSentFromIpLastHour(ip)).toBe(1);
    expect(await repo.lastSentAt('register', target)).toBeInstanceOf(Date);
  });
});
