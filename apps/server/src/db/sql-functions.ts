import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';

/**
 * The database's functions, one file each in `functions/<name>.sql`, are the only place they are
 * written down. Migrations create tables; these files hold the current definition of every function
 * (and of a trigger that runs one, since it cannot exist before its function). After the migrations,
 * a file is applied when its content differs from what the database recorded in `schema_functions`,
 * or when no function of its name exists; so editing a file is all it takes, and the next start
 * applies it. A file must replace what it defines in place (`create or replace`): a change of
 * signature needs a migration that drops the old function first.
 */
export const FUNCTIONS_DIRECTORY = fileURLToPath(new URL('./functions/', import.meta.url));

// Any constant works as long as every instance uses the same one.
const FUNCTIONS_LOCK = 7_402_312;

export interface SqlFunctionFile {
  name: string;
  sha256: string;
  statements: string[];
}

/** Every `<name>.sql` in the directory, by name. */
export function readSqlFunctionFiles(directory = FUNCTIONS_DIRECTORY): SqlFunctionFile[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(directory, file), 'utf8');
      return { name: basename(file, '.sql'), sha256: createHash('sha256').update(text).digest('hex'), statements: splitSqlStatements(text) };
    });
}

/**
 * Applies the function files that changed or whose function is missing, all in one transaction,
 * and returns their names. Instances starting together queue on an advisory lock, so the second
 * finds everything applied and does nothing.
 */
export async function applySqlFunctions(db: Kysely<any>, directory = FUNCTIONS_DIRECTORY): Promise<string[]> {
  const files = readSqlFunctionFiles(directory);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${FUNCTIONS_LOCK})`.execute(trx);
    await sql`
      create table if not exists schema_functions (
        name text primary key,
        sha256 text not null,
        applied_at timestamptz not null default now()
      )`.execute(trx);
    const recorded = new Map(
      (await sql<{ name: string; sha256: string }>`select name, sha256 from schema_functions`.execute(trx)).rows.map((row) => [row.name, row.sha256]),
    );
    const present = new Set(
      (
        await sql<{ proname: string }>`
          select distinct proname from pg_proc
          where pronamespace = current_schema()::regnamespace and proname = any(${files.map((file) => file.name)}::text[])`.execute(trx)
      ).rows.map((row) => row.proname),
    );

    const applied: string[] = [];
    for (const file of files) {
      if (recorded.get(file.name) === file.sha256 && present.has(file.name)) continue;
      for (const statement of file.statements) await sql.raw(statement).execute(trx);
      await sql`
        insert into schema_functions (name, sha256) values (${file.name}, ${file.sha256})
        on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`.execute(trx);
      applied.push(file.name);
    }
    return applied;
  });
}

/**
 * A script's statements, split at the semicolons that end them: those inside quotes, dollar-quoted
 * bodies and comments do not. Statements go to the database one at a time because the embedded
 * database takes one statement per query.
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let hasCode = false;
  let i = 0;
  const skipTo = (end: string, from: number) => {
    const at = script.indexOf(end, from);
    return at === -1 ? script.length : at + end.length;
  };
  while (i < script.length) {
    const char = script[i]!;
    const next = script[i + 1];
    if (char === '-' && next === '-') {
      i = skipTo('\n', i + 2);
      continue;
    }
    if (char === '/' && next === '*') {
      i = skipTo('*/', i + 2);
      continue;
    }
    hasCode ||= !/\s/.test(char);
    if (char === "'" || char === '"') {
      i = skipTo(char, i + 1);
      continue;
    }
    const dollarTag = char === '$' ? /^\$(?:[A-Za-z_][A-Za-z_0-9]*)?\$/.exec(script.slice(i))?.[0] : undefined;
    if (dollarTag) {
      i = skipTo(dollarTag, i + dollarTag.length);
      continue;
    }
    if (char === ';') {
      if (hasCode) statements.push(script.slice(start, i).trim());
      start = i + 1;
      hasCode = false;
    }
    i++;
  }
  if (hasCode) statements.push(script.slice(start).trim());
  return statements;
}
