import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contract from '@lobby/contract';
import type { CallAuth, CallDefinition, OpsAccess, OpsCallDefinition } from '@lobby/contract';

/**
 * CALLS.md, the index from a call's path to its code: the contract's schema, the routes file that
 * registers it, the service method its handler calls and the tests that mention it. Built from the
 * contract's call list and a plain text scan of the sources, so it stays cheap enough to check on
 * every test run.
 */

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const CALL_INDEX_FILE = 'CALLS.md';

/**
 * Contract calls the server does not serve yet: they answer HTTP 404 with code 1, as an unknown path
 * does. A contract export name marks its whole group, `export.key` one call. Any other call that no
 * routes file registers fails the index's test.
 */
export const NOT_SERVED_YET: readonly string[] = [];

const CONTRACT_CALLS_DIR = 'packages/contract/src/calls';
const CONTRACT_OPS_CALLS_DIR = 'packages/contract/src/ops/calls';
const SERVER_SOURCE_DIR = 'apps/server/src';
const TEST_ROOTS = ['apps', 'packages', 'e2e'];
const TEST_FILE = /\.(test|e2e)\.tsx?$/;
const ROUTES_FILE = /\.(routes|ops)\.ts$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage']);

export interface ServiceMethod {
  /** As the handler writes it, with the variable replaced by its type: `PlayerService.login`. */
  name: string;
  /** Where that type comes from, when the routes file imports it from a file of ours. */
  file: string | null;
}

export interface CallIndexEntry {
  path: string;
  /** Player calls: who may call. Operator calls: the permission the contract declares. */
  auth: CallAuth | OpsAccess;
  /** Operator calls are registered with `ops.register`, player calls with `registerCall`. */
  side: 'player' | 'operator';
  contractFile: string;
  /** `bankCalls.cashoutSubmit`: the export and key the server's code refers to. */
  exportName: string;
  key: string;
  routesFiles: string[];
  service: ServiceMethod | null;
  notServedYet: boolean;
  testFiles: string[];
}

export interface CallIndex {
  entries: CallIndexEntry[];
  /** Calls registered nowhere and not marked, marks that are stale, registrations outside routes files. */
  problems: string[];
}

interface Registration {
  file: string;
  handler: string;
  source: string;
}

export function buildCallIndex(root: string = REPO_ROOT, notServedYet: readonly string[] = NOT_SERVED_YET): CallIndex {
  const problems: string[] = [];
  const contractFiles = contractFileByExport(root);
  const serverFiles = sourceFiles(root, [SERVER_SOURCE_DIR]).filter((file) => file.endsWith('.ts') && !TEST_FILE.test(file));
  const registrations = findRegistrations(root, serverFiles);
  const tests = sourceFiles(root, TEST_ROOTS)
    // The index's own test names calls only as examples of what it checks.
    .filter((file) => TEST_FILE.test(file) && file !== `${SERVER_SOURCE_DIR}/http/call-index.test.ts`)
    .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));

  const groups = contractGroups();
  const entries: CallIndexEntry[] = [];
  for (const [exportName, group, side] of groups) {
    for (const [key, call] of Object.entries(group) as [string, CallDefinition | OpsCallDefinition][]) {
      const registrar = side === 'player' ? 'registerCall' : 'ops.register';
      const reference = `${exportName}.${key}`;
      const found = registrations.get(reference) ?? [];
      const routes = found.filter((registration) => ROUTES_FILE.test(registration.file));
      const marked = notServedYet.includes(exportName) || notServedYet.includes(reference);
      for (const elsewhere of found.filter((registration) => !ROUTES_FILE.test(registration.file))) {
        problems.push(
          `${reference} (${call.path}) is registered in ${elsewhere.file}, which is not a *.routes.ts file: move the registration to its module's routes file`,
        );
      }
      if (marked && found.length > 0) {
        problems.push(
          `${reference} (${call.path}) is served by ${found.map((r) => r.file).join(', ')} but marked as not served yet: take it off NOT_SERVED_YET in ${SERVER_SOURCE_DIR}/http/call-index.ts (list the rest of its group call by call)`,
        );
      }
      if (!marked && found.length === 0) {
        problems.push(
          `${reference} (${call.path}) is registered in no routes file: register it with ${registrar} in its module's *.routes.ts, or add it to NOT_SERVED_YET in ${SERVER_SOURCE_DIR}/http/call-index.ts`,
        );
      }
      entries.push({
        path: call.path,
        auth: 'access' in call ? call.access : call.auth,
        side,
        contractFile: contractFiles.get(exportName) ?? CONTRACT_CALLS_DIR,
        exportName,
        key,
        routesFiles: routes.map((registration) => registration.file),
        service: routes[0] ? serviceMethod(routes[0], root) : null,
        notServedYet: marked && found.length === 0,
        testFiles: tests.filter((test) => mentions(test.text, call.path, reference)).map((test) => test.file),
      });
    }
  }
  for (const mark of notServedYet) {
    const [exportName, key] = mark.split('.');
    const group = groups.find(([name]) => name === exportName)?.[1];
    if (!group || (key !== undefined && !(key in group))) problems.push(`NOT_SERVED_YET names ${mark}, which is no call group or call of the contract`);
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { entries, problems };
}

export function renderCallIndex(entries: readonly CallIndexEntry[]): string {
  const player = entries.filter((entry) => entry.side === 'player');
  const operator = entries.filter((entry) => entry.side === 'operator');
  const served = player.filter((entry) => !entry.notServedYet).length;
  const lines = [
    '# Calls',
    '',
    '<!-- Generated by `npm run calls:index` (apps/server/src/http/call-index.ts); edit the code, not this file. -->',
    '',
    `Every call of the contract, sorted by path: ${player.length} player calls, ${served} served, ${player.length - served} not served yet`,
    `(those answer HTTP 404 with code 1, as an unknown path does), and ${operator.length} operator calls. Each row leads from the path to the`,
    'zod schema (contract file and export), the routes file that registers the call (`registerCall` for player',
    'calls, `ops.register` for operator calls), the service method its handler calls, and the test files that',
    "mention the path or the contract export. The SQL behind a call is in its module's `*.repo.ts` or a database",
    'function under `apps/server/src/db/functions/`; services hold no queries.',
    '',
    '## Player calls',
    '',
    ...table(player, 'Auth'),
    '',
    '## Operator calls',
    '',
    'Each needs a staff session or an API key holding the permission named (`staff`: anyone signed in;',
    '`public`: the sign-in steps); every call leaves an audit record. The operator OpenAPI document is',
    'served at `/ops/openapi.json`.',
    '',
    ...table(operator, 'Permission'),
  ];
  return `${lines.join('\n')}\n`;
}

function table(entries: readonly CallIndexEntry[], authHeading: string): string[] {
  const lines = [`| Path | ${authHeading} | Contract | Routes | Service | Tests |`, '| --- | --- | --- | --- | --- | --- |'];
  for (const entry of entries) {
    const routes = entry.notServedYet ? 'not served yet' : entry.routesFiles.map((file) => link(file)).join('<br>') || '**none**';
    const service = entry.service ? (entry.service.file ? link(entry.service.file, entry.service.name) : `\`${entry.service.name}\``) : '';
    const cells = [
      `\`${entry.path}\``,
      entry.auth,
      `${link(entry.contractFile)} \`${entry.exportName}.${entry.key}\``,
      routes,
      service,
      entry.testFiles.map((file) => link(file)).join('<br>'),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines;
}

function link(file: string, text = file.slice(file.lastIndexOf('/') + 1)): string {
  return `[${text}](${file})`;
}

type Group = [exportName: string, calls: Record<string, CallDefinition | OpsCallDefinition>, side: CallIndexEntry['side']];

/** [export name, calls, side] for every group of the contract, player and operator, named as `@lobby/contract` exports it. */
function contractGroups(): Group[] {
  const exported = Object.entries(contract);
  const named = (groups: Record<string, unknown>, list: string, side: CallIndexEntry['side']): Group[] =>
    Object.entries(groups).map(([groupKey, group]) => {
      const name = exported.find(([, value]) => value === group)?.[0];
      if (!name) throw new Error(`${list}.${groupKey} is not exported by @lobby/contract under a name of its own`);
      return [name, group as Group[1], side];
    });
  return [...named(contract.CALL_GROUPS, 'CALL_GROUPS', 'player'), ...named(contract.OPS_CALL_GROUPS, 'OPS_CALL_GROUPS', 'operator')];
}

function contractFileByExport(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of sourceFiles(root, [CONTRACT_CALLS_DIR, CONTRACT_OPS_CALLS_DIR])) {
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(/^export const (\w+Calls)\b/gm)) files.set(match[1]!, file);
  }
  return files;
}

/**
 * Every registration of the server's sources, by the contract reference it registers: `registerCall(http,
 * sessions, walletCalls.betAddressAdd, …)` and its operator twin on `ops` with the call first.
 */
function findRegistrations(root: string, files: readonly string[]): Map<string, Registration[]> {
  const found = new Map<string, Registration[]>();
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    const starts = [...source.matchAll(/\b(?:registerCall\(\s*[\w$]+\s*,\s*[\w$]+\s*,|ops\.register\()\s*([\w$]+\.[\w$]+)\s*,/g)];
    starts.forEach((match, i) => {
      const handlerStart = match.index + match[0].length;
      const handler = source.slice(handlerStart, starts[i + 1]?.index ?? source.length);
      const list = found.get(match[1]!) ?? [];
      list.push({ file, handler, source });
      found.set(match[1]!, list);
    });
  }
  return found;
}

/**
 * The first method the handler calls on something other than its context (`players.login(`), named
 * after the variable's declared type and followed through typed members: `wallet.withdrawals.submit`
 * becomes `WithdrawalService.submit` in withdrawal.service.ts.
 */
function serviceMethod(registration: Registration, root: string): ServiceMethod | null {
  for (const match of registration.handler.matchAll(/(?<![\w$.])([a-zA-Z_$][\w$]*)((?:\.[\w$]+)+)\(/g)) {
    const [, variable, members] = match;
    if (variable === 'ctx') continue;
    let type = declaredType(registration.source, variable!);
    if (!type) return { name: `${variable}${members}`, file: null };
    let file = typeFile(registration.source, registration.file, type);
    const names = members!.slice(1).split('.');
    while (names.length > 1 && file) {
      const source = readFileSync(join(root, file), 'utf8');
      const memberType = declaredType(source, names[0]!);
      const memberFile = memberType ? typeFile(source, file, memberType) : null;
      if (!memberType || !memberFile) break;
      [type, file] = [memberType, memberFile];
      names.shift();
    }
    return { name: [type, ...names].join('.'), file };
  }
  return null;
}

function declaredType(source: string, name: string): string | undefined {
  return new RegExp(`\\b${escapeRegExp(name)}\\??: ([A-Z][\\w$]*)\\b`).exec(source)?.[1];
}

/** The file of ours a type comes from: the one it is imported from, or this one when declared here. */
function typeFile(source: string, file: string, type: string): string | null {
  const from = new RegExp(`^import (?:type )?\\{[^}]*\\b${type}\\b[^}]*\\} from '(\\.[^']+)'`, 'm').exec(source)?.[1];
  if (from) return posix.join(posix.dirname(file), from);
  return new RegExp(`^export (?:interface|class|type) ${type}\\b`, 'm').test(source) ? file : null;
}

function mentions(text: string, path: string, reference: string): boolean {
  return new RegExp(`${escapeRegExp(path)}(?![\\w/])`).test(text) || new RegExp(`\\b${escapeRegExp(reference)}\\b`).test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Repo-relative POSIX paths of the files under the given folders, dependencies and build output left out. */
function sourceFiles(root: string, folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  folders.filter((folder) => existsSync(join(root, folder))).forEach(walk);
  return files.sort();
}
