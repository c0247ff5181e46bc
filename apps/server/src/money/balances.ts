import type { CurrencyCode } from '@lobby/contract';
import { sql } from 'kysely';
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

/** Wallet balances of many players at once, keyed by player id; a player with no account is absent. */
export async function playersBalances(db: Db, playerIds: readonly number[]): Promise<Map<number, PlayerBalances>> {
  const balances = new Map<number, PlayerBalances>();
  if (playerIds.length === 0) return balances;
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['owner_id', 'currency', 'balance'])
    .where('kind', '=', 'player')
    .where('owner_id', 'in', playerIds.map(BigInt))
    .execute();
  for (const row of rows) {
    const entry = balances.get(Number(row.owner_id)) ?? { USDT: 0n, TRX: 0n };
    entry[row.currency] = BigInt(row.balance);
    balances.set(Number(row.owner_id), entry);
  }
  return balances;
}

/** What the operator's accounts of one kind hold in all, per currency (a pool read by the lobby). */
export async function systemAccountTotals(db: Db, kind: string): Promise<{ currency: CurrencyCode; amount: bigint }[]> {
  const { rows } = await sql<{ currency: CurrencyCode; amount: string }>`
    select currency, sum(balance)::text as amount from ledger_accounts
    where kind = ${kind} group by currency order by currency desc`.execute(db);
  return rows.map((row) => ({ currency: row.currency, amount: BigInt(row.amount) }));
}
