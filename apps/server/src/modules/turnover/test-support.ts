import { randomBytes, randomUUID } from 'node:crypto';
import { BetStatus } from '@lobby/contract';
import { blockIdFor, resultOf, type HashResult } from '@lobby/hash-games';
import type { Db } from '../../db/database.ts';
import { Ledger } from '../../money/ledger.service.ts';
import { bet as stake, fund } from '../../money/test-support.ts';
import type { StoredBlock } from '../hash-game/hash-game.repo.ts';

/** A players row (turnover is kept only for real accounts); `experience` makes it an experience account. */
export async function insertPlayer(db: Db, options: { experience?: boolean } = {}): Promise<number> {
  const tag = randomBytes(6).toString('hex');
  const row = await db
    .insertInto('players')
    .values({
      account: `t${tag}`,
      password_hash: 'x',
      nickname: `t${tag}`,
      invite_code: tag.toUpperCase(),
      register_ip: '127.0.0.1',
      experience_type: options.experience ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface PageBet {
  playerId: number;
  gameId: number;
  level?: number;
  area: string;
  amount: bigint;
  oddsBp?: number;
  currency?: 'USDT' | 'TRX';
}

/**
 * Page bets of round `height` as the bet call leaves them: the stake moved to the house and an
 * unsettled row. Players are funded with what they stake.
 */
export async function placePageBets(db: Db, height: number, bets: PageBet[]): Promise<void> {
  const ledger = new Ledger(db);
  for (const b of bets) {
    const currency = b.currency ?? 'USDT';
    await fund(ledger, b.playerId, b.amount, currency);
    await stake(ledger, b.playerId, b.amount, undefined, currency);
  }
  if (bets.length === 0) return;
  await db
    .insertInto('hash_bets')
    .values(
      bets.map((b) => ({
        source: 'page' as const,
        player_id: b.playerId,
        request_id: `r${randomUUID().replaceAll('-', '')}`,
        game_id: b.gameId,
        level: b.level ?? 0,
        round: BigInt(height),
        area: b.area,
        currency: b.currency ?? 'USDT',
        amount: b.amount,
        odds_bp: b.oddsBp ?? 19_500,
        status: BetStatus.UNSETTLED,
      })),
    )
    .execute();
}

/** A stored block at `height` whose id satisfies `wanted` (results of games decided every block). */
export async function storeBlock(db: Db, height: number, wanted: (result: (gameId: number) => HashResult) => boolean = () => true): Promise<StoredBlock> {
  for (;;) {
    const blockId = blockIdFor(height, randomBytes(32).toString('hex'));
    if (!wanted((gameId) => resultOf(gameId, blockId, height))) continue;
    const block = { height, blockId, parentHash: '0'.repeat(64), time: Date.now() };
    await db
      .insertInto('hash_blocks')
      .values({ height: BigInt(height), block_id: blockId, parent_hash: block.parentHash, block_time: BigInt(block.time) })
      .execute();
    return block;
  }
}
