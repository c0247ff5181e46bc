import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { useMigratedTestDatabase } from '../../testing/migrated-database.ts';
import { ThirdGameRepository } from './third-game.repo.ts';

const database = useMigratedTestDatabase();
let players = 0;

async function newPlayer(db: Db): Promise<number> {
  players++;
  const row = await db
    .insertInto('players')
    .values({
      account: `tg${players}${randomBytes(3).toString('hex')}`,
      email: null,
      password_hash: 'x',
      nickname: 'tg',
      invite_code: randomBytes(4).toString('hex'),
      inviter_id: null,
      register_ip: '127.0.0.1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const launch = (playerId: number, gameCode = 'demo_slot') => ({
  token: randomBytes(32).toString('hex'),
  playerId,
  aggregator: 'hub88',
  gameCode,
  gameType: 10,
  manufacturer: 'Demo Studio',
});

describe('third-party game sessions', () => {
  it('creates a session per launch, found by its token and open', async () => {
    const repo = new ThirdGameRepository(database().db);
    const playerId = await newPlayer(database().db);
    const created = await repo.createSession(launch(playerId));
    const found = await repo.findSession(created.token);
    expect(found).toMatchObject({ playerId, aggregator: 'hub88', gameCode: 'demo_slot', gameType: 10, manufacturer: 'Demo Studio', endedAt: null });
    expect(await repo.findSession('unknown-token')).toBeNull();
  });

  it('refuses a token issued twice', async () => {
    const repo = new ThirdGameRepository(database().db);
    const playerId = await newPlayer(database().db);
    const session = launch(playerId);
    await repo.createSession(session);
    await expect(repo.createSession(session)).rejects.toThrow();
  });

  it('ends the open sessions of one game, or of every game, of one player only', async () => {
    const repo = new ThirdGameRepository(database().db);
    const playerId = await newPlayer(database().db);
    const other = await newPlayer(database().db);
    const slot = await repo.createSession(launch(playerId, 'demo_slot'));
    const crash = await repo.createSession(launch(playerId, 'demo_crash'));
    const theirs = await repo.createSession(launch(other, 'demo_slot'));

    expect(await repo.endSessions(playerId, 'demo_slot')).toBe(1);
    expect((await repo.findSession(slot.token))?.endedAt).toBeInstanceOf(Date);
    expect((await repo.findSession(crash.token))?.endedAt).toBeNull();

    expect(await repo.endSessions(playerId)).toBe(1);
    expect((await repo.findSession(crash.token))?.endedAt).toBeInstanceOf(Date);
    expect(await repo.endSessions(playerId)).toBe(0);
    expect((await repo.findSession(theirs.token))?.endedAt).toBeNull();
  });
});
