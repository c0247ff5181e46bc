import { formatMicro, type CurrencyCode } from '@lobby/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export type PlayerBalances = Record<CurrencyCode, bigint>;

/**
 * A player's money per currency, in micro-units: `cash` (deposits, winnings on cash, released bonus:
 * what may be withdrawn, exchanged and transferred), `bonus` (bonus money still to be wagered, or
 * experience gold) and `total`, what the player may stake (cash first, then bonus).
 */
export interface PlayerWallet {
  cash: PlayerBalances;
  bonus: PlayerBalances;
  total: PlayerBalances;
}

export const emptyWallet = (): PlayerWallet => ({ cash: { USDT: 0n, TRX: 0n }, bonus: { USDT: 0n, TRX: 0n }, total: { USDT: 0n, TRX: 0n } });

/** A wallet from its cash and bonus balances. */
export function walletOf(cash: PlayerBalances, bonus: PlayerBalances): PlayerWallet {
  return { cash, bonus, total: { USDT: cash.USDT + bonus.USDT, TRX: cash.TRX + bonus.TRX } };
}

/** A player's cash and bonus balances; a currency never used reads as zero. */
export async function playerWallet(db: Db, playerId: number): Promise<PlayerWallet> {
  return (await playersWallets(db, [playerId])).get(playerId) ?? emptyWallet();
}

/** Cash and bonus balances of many players at once, keyed by player id; a player with no account is absent. */
export async function playersWallets(db: Db, playerIds: readonly number[]): Promise<Map<number, PlayerWallet>> {
  const wallets = new Map<number, PlayerWallet>();
  if (playerIds.length === 0) return wallets;
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'owner_id', 'currency', 'balance'])
    .where('kind', 'in', ['player', 'player_bonus'])
    .where('owner_id', 'in', playerIds.map(BigInt))
    .execute();
  for (const row of rows) {
    const owner = Number(row.owner_id);
    const wallet = wallets.get(owner) ?? emptyWallet();
    // BigInt() again because a driver configured without an int8 parser hands back numbers.
    const balance = BigInt(row.balance);
    (row.kind === 'player' ? wallet.cash : wallet.bonus)[row.currency] = balance;
    wallet.total[row.currency] += balance;
    wallets.set(owner, wallet);
  }
  return wallets;
}

/** What a player owns per currency (cash + bonus): what may be staked. */
export async function playerBalances(db: Db, playerId: number): Promise<PlayerBalances> {
  return (await playerWallet(db, playerId)).total;
}

/** What players own per currency (cash + bonus), keyed by player id; a player with no account is absent. */
export async function playersBalances(db: Db, playerIds: readonly number[]): Promise<Map<number, PlayerBalances>> {
  return new Map([...(await playersWallets(db, playerIds))].map(([id, wallet]) => [id, wallet.total]));
}

/** The wire shape of balances (`balances` in the contract): totals, and cash and bonus apart. */
export function balancesView(wallet: PlayerWallet) {
  return {
    usdt: formatMicro(wallet.total.USDT),
    trx: formatMicro(wallet.total.TRX),
    cash: { usdt: formatMicro(wallet.cash.USDT), trx: formatMicro(wallet.cash.TRX) },
    bonus: { usdt: formatMicro(wallet.bonus.USDT), trx: formatMicro(wallet.bonus.TRX) },
  };
}

/** What the operator's accounts of one kind hold in all, per currency (a pool read by the lobby). */
export async function systemAccountTotals(db: Db, kind: string): Promise<{ currency: CurrencyCode; amount: bigint }[]> {
  const { rows } = await sql<{ currency: CurrencyCode; amount: string }>`
    select currency, sum(balance)::text as amount from ledger_accounts
    where kind = ${kind} group by currency order by currency desc`.execute(db);
  return rows.map((row) => ({ currency: row.currency, amount: BigInt(row.amount) }));
}

/** A player's balances in their wire shape (`balances` in the contract), read now. */
export async function playerBalancesView(db: Db, playerId: number): Promise<ReturnType<typeof balancesView>> {
  return balancesView(await playerWallet(db, playerId));
}

/**
 * Transfers that are play: stakes and payouts of hash games and third-party games (cash and bonus
 * legs alike), for the reality check's net result of a session.
 */
const PLAY_TRANSFER_KINDS = ['hash_bet', 'hash_payout', 'provider_bet', 'provider_win', 'provider_refund', 'provider_win_released'];

/**
 * A player's play and deposits since `since`, per hour and currency, from their wallet's entries:
 * stakes (debits of play), what play paid back, and deposits credited to cash. What a limit set now
 * counts of the time before it.
 */
export async function playAndDepositsSince(
  db: Db,
  playerId: number,
  since: Date,
): Promise<{ hour: Date; currency: CurrencyCode; staked: bigint; returned: bigint; deposited: bigint }[]> {
  const { rows } = await sql<{ hour: Date; currency: CurrencyCode; staked: string; returned: string; deposited: string }>`
    select date_trunc('hour', e.created_at) as hour, e.currency,
           coalesce(sum(-e.amount) filter (where t.kind = any(${PLAY_TRANSFER_KINDS}::text[]) and e.amount < 0), 0)::text as staked,
           coalesce(sum(e.amount) filter (where t.kind = any(${PLAY_TRANSFER_KINDS}::text[]) and e.amount > 0), 0)::text as returned,
           coalesce(sum(e.amount) filter (where t.kind = 'deposit' and e.amount > 0), 0)::text as deposited
    from ledger_accounts a
    join ledger_entries e on e.account_id = a.id
    join ledger_transfers t on t.id = e.transfer_id
    where a.kind in ('player', 'player_bonus') and a.owner_id = ${playerId} and e.created_at >= ${since}
    group by 1, 2`.execute(db);
  return rows.map((row) => ({
    hour: row.hour,
    currency: row.currency,
    staked: BigInt(row.staked),
    returned: BigInt(row.returned),
    deposited: BigInt(row.deposited),
  }));
}

/** The net of a player's play since `since`, per currency: payouts less stakes (negative: a loss). */
export async function playNetSince(db: Db, playerId: number, since: Date): Promise<PlayerBalances> {
  const net: PlayerBalances = { USDT: 0n, TRX: 0n };
  for (const row of await playAndDepositsSince(db, playerId, since)) net[row.currency] += row.returned - row.staked;
  return net;
}

/** Deposits held beyond a deposit limit (`player_held` accounts), per currency with a balance. */
export async function heldBalances(db: Db, playerId: number): Promise<{ currency: CurrencyCode; amount: bigint }[]> {
  const { rows } = await sql<{ currency: CurrencyCode; balance: string }>`
    select currency, balance::text from ledger_accounts where kind = 'player_held' and owner_id = ${playerId} and balance > 0 order by currency`.execute(db);
  return rows.map((row) => ({ currency: row.currency, amount: BigInt(row.balance) }));
}

/**
 * What the ledger owes players, per currency: their cash, bonus money and deposits held beyond a
 * deposit limit, and withdrawals taken from them and not yet settled (`withdrawal_pending`). The
 * reconciliation's liabilities (TREASURY.md); the other system accounts and the house are the
 * operator's own side.
 */
export interface PlayerLiabilities {
  cash: bigint;
  bonus: bigint;
  held: bigint;
  withdrawals: bigint;
}

const LIABILITY_KINDS = { player: 'cash', player_bonus: 'bonus', player_held: 'held', withdrawal_pending: 'withdrawals' } as const;

export async function playerLiabilities(db: Db): Promise<Record<CurrencyCode, PlayerLiabilities>> {
  const { rows } = await sql<{ kind: keyof typeof LIABILITY_KINDS; currency: CurrencyCode; amount: string }>`
    select kind, currency, sum(balance)::text as amount from ledger_accounts
    where kind = any(${Object.keys(LIABILITY_KINDS)}::text[]) group by kind, currency`.execute(db);
  const empty = (): PlayerLiabilities => ({ cash: 0n, bonus: 0n, held: 0n, withdrawals: 0n });
  const owed: Record<CurrencyCode, PlayerLiabilities> = { USDT: empty(), TRX: empty() };
  for (const row of rows) owed[row.currency][LIABILITY_KINDS[row.kind]] = BigInt(row.amount);
  return owed;
}
