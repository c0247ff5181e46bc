import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface LedgerCheckStats {
  accounts: number;
  transfers: number;
  entries: number;
  /** Per currency, in micro-units as decimal strings: what players hold in cash, in bonus money, and what the house holds. */
  playerBalances: Record<string, string>;
  bonusBalances: Record<string, string>;
  houseBalances: Record<string, string>;
}

export interface LedgerCheckResult {
  ok: boolean;
  problems: string[];
  stats: LedgerCheckStats;
}

/** Enough examples to act on without flooding an operator's screen; the count says how many in all. */
const EXAMPLES = 20;

/**
 * Proves the ledger's invariants with set-based SQL over one snapshot (repeatable read), so
 * transfers committing while it runs cannot produce false alarms:
 * entries sum to zero per transfer and currency, every transfer has entries, every entry names a
 * transfer and an account that exist and is in its account's currency, every balance equals the sum of its entries, no player balance (cash or bonus) is
 * negative, and bonus money exists only while a requirement (or an open bet's bonus part, or
 * experience gold) holds it.
 * Given a transaction, it runs inside it and sees what that transaction's isolation level shows.
 */
export async function checkLedger(db: Db): Promise<LedgerCheckResult> {
  if (db.isTransaction) return runChecks(db);
  return db.transaction().setIsolationLevel('repeatable read').execute(runChecks);
}

async function runChecks(trx: Db): Promise<LedgerCheckResult> {
  const problems: string[] = [];
  const report = (total: number, describe: string, examples: string[]) => {
    if (total === 0) return;
    problems.push(`${total} ${describe}${total > examples.length ? ` (first ${examples.length})` : ''}: ${examples.join('; ')}`);
  };

  const unbalanced = await sql<{ transfer_id: string; currency: string; total: string; n: string }>`
    select transfer_id::text, currency, sum(amount)::text as total, count(*) over ()::text as n
    from ledger_entries
    group by transfer_id, currency
    having sum(amount) <> 0
    order by transfer_id
    limit ${EXAMPLES}`.execute(trx);
  report(
    Number(unbalanced.rows[0]?.n ?? 0),
    'transfer/currency pairs whose entries do not sum to zero',
    unbalanced.rows.map((r) => `transfer ${r.transfer_id} ${r.currency} sums to ${r.total}`),
  );

  const empty = await sql<{ id: string; idempotency_key: string; n: string }>`
    select t.id::text, t.idempotency_key, count(*) over ()::text as n
    from ledger_transfers t
    where not exists (select 1 from ledger_entries e where e.transfer_id = t.id)
    order by t.id
    limit ${EXAMPLES}`.execute(trx);
  report(
    Number(empty.rows[0]?.n ?? 0),
    'transfers without entries',
    empty.rows.map((r) => `transfer ${r.id} (${r.idempotency_key})`),
  );

  const wrongCurrency = await sql<{ id: string; account_id: string; currency: string; account_currency: string; n: string }>`
    select e.id::text, e.account_id::text, e.currency, a.currency as account_currency, count(*) over ()::text as n
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where e.currency <> a.currency
    order by e.id
    limit ${EXAMPLES}`.execute(trx);
  report(
    Number(wrongCurrency.rows[0]?.n ?? 0),
    'entries in a currency other than their account',
    wrongCurrency.rows.map((r) => `entry ${r.id} is ${r.currency} on ${r.account_currency} account ${r.account_id}`),
  );

  // Entries carry no foreign keys (migration 0044): what they name is kept by triggers, and checked here.
  const orphaned = await sql<{ id: string; transfer_id: string; account_id: string; n: string }>`
    select e.id::text, e.transfer_id::text, e.account_id::text, count(*) over ()::text as n
    from ledger_entries e
    where not exists (select 1 from ledger_transfers t where t.id = e.transfer_id)
       or not exists (select 1 from ledger_accounts a where a.id = e.account_id)
    order by e.id
    limit ${EXAMPLES}`.execute(trx);
  report(
    Number(orphaned.rows[0]?.n ?? 0),
    'entries whose transfer or account does not exist',
    orphaned.rows.map((r) => `entry ${r.id} of transfer ${r.transfer_id} on account ${r.account_id}`),
  );

  const drifted = await sql<{ id: string; kind: string; owner_id: string; currency: string; balance: string; total: string; n: string }>`
    select a.id::text, a.kind, a.owner_id::text, a.currency, a.balance::text,
           coalesce(s.total, 0)::text as total, count(*) over ()::text as n
    from ledger_accounts a
    left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
    where a.balance <> coalesce(s.total, 0)
    order by a.id
    limit ${EXAMPLES}`.execute(trx);
  report(
    Number(drifted.rows[0]?.n ?? 0),
    'accounts whose balance differs from the sum of their entries',
    drifted.rows.map((r) => `account ${r.id} (${r.kind} ${r.owner_id} ${r.currency}) balance ${r.balance}, entries sum to ${r.total}`),
  );

  const negative = await sql<{ id: string; owner_id: string; currency: string; balance: string; n: string }>`
    select id::text, owner_id::text, currency, balance::text, count(*) over ()::text as n
    from ledger_accounts
    where kind in ('player', 'player_bonus', 'player_held') and balance < 0
    order by id
    limit ${EXAMPLES}`.execute(trx);
  report(
    Number(negative.rows[0]?.n ?? 0),
    'negative player balances (cash or bonus)',
    negative.rows.map((r) => `player ${r.owner_id} ${r.currency} ${r.balance}`),
  );

  // Bonus money exists only while its requirement is live (or it is experience gold): a requirement
  // met releases it, a forfeit takes it back, a payout after either goes to cash.
  const stranded = await sql<{ owner_id: string; currency: string; balance: string; n: string }>`
    select a.owner_id::text, a.currency, a.balance::text, count(*) over ()::text as n
    from ledger_accounts a
    where a.kind = 'player_bonus' and a.balance > 0
      and not exists (
        select 1 from wagering w
        where w.player_id = a.owner_id and w.currency = a.currency and (w.outstanding > 0 or w.locked or w.bonus_at_stake > 0))
    order by a.id
    limit ${EXAMPLES}`.execute(trx);
  report(
    Number(stranded.rows[0]?.n ?? 0),
    'bonus balances with no requirement left to release them',
    stranded.rows.map((r) => `player ${r.owner_id} ${r.currency} bonus ${r.balance}`),
  );

  const counts = await sql<{ accounts: string; transfers: string; entries: string }>`
    select (select count(*) from ledger_accounts)::text as accounts,
           (select count(*) from ledger_transfers)::text as transfers,
           (select count(*) from ledger_entries)::text as entries`.execute(trx);
  const totals = await sql<{ kind: string; currency: string; total: string }>`
    select kind, currency, sum(balance)::text as total
    from ledger_accounts
    where kind in ('player', 'player_bonus', 'house')
    group by kind, currency`.execute(trx);
  const playerBalances: Record<string, string> = { USDT: '0', TRX: '0' };
  const bonusBalances: Record<string, string> = { USDT: '0', TRX: '0' };
  const houseBalances: Record<string, string> = { USDT: '0', TRX: '0' };
  const byKind: Record<string, Record<string, string>> = { player: playerBalances, player_bonus: bonusBalances, house: houseBalances };
  for (const row of totals.rows) byKind[row.kind][row.currency] = row.total;

  return {
    ok: problems.length === 0,
    problems,
    stats: {
      accounts: Number(counts.rows[0].accounts),
      transfers: Number(counts.rows[0].transfers),
      entries: Number(counts.rows[0].entries),
      playerBalances,
      bonusBalances,
      houseBalances,
    },
  };
}
