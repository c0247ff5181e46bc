import type { CurrencyCode } from '@lobby/contract';
import type { Db } from '../db/database.ts';

export type PlayerBalances = Record<CurrencyCode, bigint>;

/** A player's wallet balances in micro-units; a currency never used reads as zero. */
export async function playerBalances(db: Db, playerId: number): Promise<PlayerBalances> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['currency', 'balance'])
    .where('kind', '=', 'player')
    .where('owner_id', '=', BigInt(playerId))
    .execute();
  const balances: PlayerBalances = { USDT: 0n, TRX: 0n };
  // BigInt() again because a driver configured without an int8 parser hands back numbers.
  for (const row of rows) balances[row.currency] = BigInt(row.balance);
  return balances;
}
