import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { FUNCTIONS_DIRECTORY, applySqlFunctions, readSqlFunctionFiles, splitSqlStatements } from './sql-functions.ts';

const FUNCTION_NAMES = [
  'audit_records_append_only',
  'bonus_keeps',
  'hash_place_bets',
  'ledger_entries_append_only',
  'ledger_post_transfer',
  'ledger_post_transfer_read',
  'ledger_post_transfers',
  'ledger_rows_kept',
  'ops_figures_bonus_credit',
  'ops_figures_bonus_forfeit',
  'ops_figures_bonus_release',
  'ops_figures_first_deposit',
  'ops_figures_fold',
  'ops_figures_payment',
  'ops_figures_registration',
  'players_inviter_fixed',
  'provider_wallet_apply',
  'referral_ancestors_on_insert',
  'third_game_sessions_end_on_freeze',
  'wagering_release',
];

const shared: DatabaseHandle[] = [];
const scratch: string[] = [];
afterEach(() => {
  for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
});
afterAll(async () => {
  // The second instance's pool first, then the database itself.
  for (const handle of shared.splice(0).reverse()) await handle.close();
});

/** The functions directory copied, so a test can change a file. */
function copyOfFunctions(): string {
  const directory = mkdtempSync(join(tmpdir(), 'functions-'));
  scratch.push(directory);
  cpSync(FUNCTIONS_DIRECTORY, directory, { recursive: true });
  return directory;
}

/** Every function of the schema as the database prints it, by name and arguments. */
async function definitions(db: Kysely<any>): Promise<Record<string, string>> {
  const { rows } = await sql<{ signature: string; definition: string }>`
    select p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition
    from pg_proc p where p.pronamespace = current_schema()::regnamespace
    order by 1`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.signature, row.definition]));
}

async function appendOnlyTrigger(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_triggerdef(t.oid) as definition from pg_trigger t
    where t.tgrelid = 'ledger_entries'::regclass and t.tgname = 'ledger_entries_no_update'`.execute(db);
  return rows[0]?.definition;
}

/** Posts a transfer and deletes its entries, which the append-only trigger must refuse. */
async function deleteAnEntry(db: Kysely<any>) {
  await sql`select * from ledger_post_transfer(${randomUUID()}, 'test', null, null, '{bonus_pool,house}', '{0,0}', '{USDT,USDT}', '{5,-5}')`.execute(db);
  return sql`delete from ledger_entries`.execute(db);
}

async function recorded(db: Kysely<any>): Promise<Record<string, { sha256: string; applied_at: Date }>> {
  const { rows } = await sql<{ name: string; sha256: string; applied_at: Date }>`select name, sha256, applied_at from schema_functions`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, { sha256: row.sha256, applied_at: row.applied_at }]));
}

describe('database functions, one file each', () => {
  // One migrated database for the tests below; each leaves it as the files define it.
  let db: Kysely<any>;
  let migratedDefinitions: Record<string, string>;
  let migratedTrigger: string | undefined;
  beforeAll(async () => {
    const handle = await createTestDatabase();
    shared.push(handle);
    db = handle.db;
    await migrateToLatest(db);
    migratedDefinitions = await definitions(db);
    migratedTrigger = await appendOnlyTrigger(db);
  });

  it('defines on a fresh database exactly what running each file defines, and nothing else', async () => {
    expect(
      Object.keys(migratedDefinitions)
        .map((signature) => signature.replace(/\(.*$/, ''))
        .sort(),
    ).toEqual(FUNCTION_NAMES);
    expect(migratedTrigger).toContain('EXECUTE FUNCTION ledger_entries_append_only()');
    const { rows: playerTriggers } = await sql<{ tgname: string }>`
      select tgname from pg_trigger where tgrelid = 'players'::regclass and not tgisinternal order by 1`.execute(db);
    expect(playerTriggers.map((row) => row.tgname)).toEqual(expect.arrayContaining(['players_inviter_fixed', 'players_referral_ancestors']));

    for (const name of FUNCTION_NAMES) await sql.raw(`drop function ${name} cascade`).execute(db);
    for (const file of readSqlFunctionFiles()) {
      for (const statement of file.statements) await sql.raw(statement).execute(db);
    }
    expect(await definitions(db)).toEqual(migratedDefinitions);
    expect(await appendOnlyTrigger(db)).toBe(migratedTrigger);
  });

  it('records each file by name and sha256, and applies nothing again while the files are unchanged', async () => {
    const first = await recorded(db);
    expect(Object.keys(first).sort()).toEqual(FUNCTION_NAMES);
    for (const file of readSqlFunctionFiles()) expect(first[file.name]?.sha256).toBe(file.sha256);

    expect(await migrateToLatest(db)).toEqual([]);
    expect(await applySqlFunctions(db)).toEqual([]);
    expect(await recorded(db)).toEqual(first);
    expect(await definitions(db)).toEqual(migratedDefinitions);
  });

  it('applies a changed file at the next start, and only that one', async () => {
    const directory = copyOfFunctions();
    const path = join(directory, 'ledger_entries_append_only.sql');
    writeFileSync(path, readFileSync(path, 'utf8').replace('ledger entries are append-only', 'ledger entries are history'));

    expect(await applySqlFunctions(db, directory)).toEqual(['ledger_entries_append_only']);
    const changed = readSqlFunctionFiles(directory).find((file) => file.name === 'ledger_entries_append_only');
    expect((await recorded(db)).ledger_entries_append_only?.sha256).toBe(changed?.sha256);
    await expect(deleteAnEntry(db)).rejects.toThrow('ledger entries are history');
    expect(await applySqlFunctions(db, directory)).toEqual([]);

    expect(await applySqlFunctions(db)).toEqual(['ledger_entries_append_only']);
    expect(await definitions(db)).toEqual(migratedDefinitions);
  });

  it('applies a file again when its function is missing, though the file is unchanged', async () => {
    await sql`drop function ledger_entries_append_only cascade`.execute(db);

    expect(await applySqlFunctions(db)).toEqual(['ledger_entries_append_only']);
    expect(await definitions(db)).toEqual(migratedDefinitions);
    expect(await appendOnlyTrigger(db)).toBe(migratedTrigger);
    await expect(deleteAnEntry(db)).rejects.toThrow('ledger entries are append-only');
  });

  it('brings a database migrated before the function files existed to the definitions of the files', async () => {
    // What such a database looks like: every migration recorded, no schema_functions, the functions
    // defined by the migrations of that time (here, a stand-in of the same signature).
    await sql`drop table schema_functions`.execute(db);
    await sql`create or replace function ledger_entries_append_only() returns trigger language plpgsql as $$ begin return null; end $$`.execute(db);

    expect(await migrateToLatest(db)).toEqual([]);
    expect(Object.keys(await recorded(db)).sort()).toEqual(FUNCTION_NAMES);
    expect(await definitions(db)).toEqual(migratedDefinitions);
    expect(await appendOnlyTrigger(db)).toBe(migratedTrigger);
    await expect(deleteAnEntry(db)).rejects.toThrow('ledger entries are append-only');
  });

  it('applies each file once when two instances start at the same moment', async () => {
    const first = await createTestDatabase();
    shared.push(first);
    // On PostgreSQL a second instance has its own connections; the embedded database has one session.
    const second = first.url ? await openDatabase({ url: first.url, dataDir: 'memory' }) : first;
    if (second !== first) shared.push({ ...second, close: () => second.db.destroy() });

    await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
    expect(Object.keys(await recorded(first.db)).sort()).toEqual(FUNCTION_NAMES);
    const directory = copyOfFunctions();
    const path = join(directory, 'hash_place_bets.sql');
    writeFileSync(path, `${readFileSync(path, 'utf8')}\n-- changed\n`);
    const applied = await Promise.all([applySqlFunctions(first.db, directory), applySqlFunctions(second.db, directory)]);
    expect(applied.flat()).toEqual(['hash_place_bets']);
  });
});

describe('splitSqlStatements', () => {
  it('splits at the semicolons that end statements, not those in bodies, strings or comments', () => {
    const script = [
      '-- a comment; with a semicolon',
      "create function f() returns text language sql as $body$ select 'a;b'; $body$;",
      '/* block; comment */ create trigger t after insert on x for each row execute function g();',
      'select $$;$$, "odd;name", $1;',
      '-- trailing comment only',
    ].join('\n');
    expect(splitSqlStatements(script)).toEqual([
      "-- a comment; with a semicolon\ncreate function f() returns text language sql as $body$ select 'a;b'; $body$",
      '/* block; comment */ create trigger t after insert on x for each row execute function g()',
      'select $$;$$, "odd;name", $1',
    ]);
  });
});
