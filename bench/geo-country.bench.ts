/**
 * The IP-to-country table (PROTECTION.md "Jurisdictions"): what loading the shipped database costs at
 * start, what it holds in memory, and what one lookup costs on a request. Each figure is a ratio to
 * something measured in the same run, since machines here differ by 2x:
 * - load: the table's build time over reading the same files and splitting them into lines (the floor
 *   any loader of a CSV pays);
 * - memory: the bytes the table's typed arrays hold, and the process's growth (heap + array buffers)
 *   over the raw files' size;
 * - lookup: one IPv4 and one IPv6 lookup (parsing the address text included) over one Map.get of a
 *   number in a Map as large as the table.
 * Budgets: load <= 10x the read and split; memory held <= 1x the files; a lookup <= 20x a Map.get
 * (well under a microsecond: a request pays it once, a batch of bets shares it).
 */
import { readFileSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { defaultCountryFiles, loadCountryTable } from '../apps/server/src/modules/jurisdiction/country-table.ts';
import { report } from './support.ts';

const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc;

const files = defaultCountryFiles();
const fileBytes = files.reduce((sum, file) => sum + statSync(file).size, 0);

const readStart = performance.now();
let lines = 0;
for (const file of files) lines += readFileSync(file, 'latin1').split('\n').length;
const readMs = performance.now() - readStart;

gc?.();
const before = process.memoryUsage();
const loadStart = performance.now();
const table = loadCountryTable(files);
const loadMs = performance.now() - loadStart;
gc?.();
const after = process.memoryUsage();
const grown = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);

// Addresses spread over the whole space, as text: a request brings its address as a string.
let seed = 42;
const random32 = () => {
  seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
  return seed;
};
const v4 = Array.from({ length: 4096 }, () => {
  const n = random32();
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
});
const v6 = Array.from(
  { length: 4096 },
  () => `2${(random32() & 0xfff).toString(16).padStart(3, '0')}:${(random32() & 0xffff).toString(16)}::${(random32() & 0xffff).toString(16)}`,
);
const keys = Array.from({ length: 4096 }, () => random32() % table.segments.v4);
const map = new Map<number, string>();
for (let i = 0; i < table.segments.v4; i++) map.set(i, 'US');

function timePerOp(op: (i: number) => unknown): number {
  let sink = 0;
  for (let i = 0; i < 100_000; i++) sink += op(i & 4095) ? 1 : 0;
  const start = performance.now();
  for (let i = 0; i < LOOKUPS; i++) sink += op(i & 4095) ? 1 : 0;
  const ns = ((performance.now() - start) * 1e6) / LOOKUPS;
  if (sink < 0) console.log(sink);
  return ns;
}

const mapNs = timePerOp((i) => map.get(keys[i]!));
const v4Ns = timePerOp((i) => table.lookup(v4[i]!));
const v6Ns = timePerOp((i) => table.lookup(v6[i]!));

console.log(
  `geo-whois-asn-country: ${(fileBytes / 1e6).toFixed(1)} MB of CSV, ${table.segments.v4} IPv4 and ${table.segments.v6} IPv6 segments, ${table.countries().length} countries`,
);
console.log(
  `read and split ${lines} lines ${readMs.toFixed(0)} ms, load ${loadMs.toFixed(0)} ms; table ${(table.bytes / 1e6).toFixed(1)} MB, process grew ${(grown / 1e6).toFixed(1)} MB${gc ? '' : ' (run with --expose-gc for a steady figure)'}`,
);
console.log(`lookup IPv4 ${v4Ns.toFixed(0)} ns, IPv6 ${v6Ns.toFixed(0)} ns, Map.get ${mapNs.toFixed(1)} ns`);
const ok = report([
  { name: 'load / read and split into lines', value: `${(loadMs / readMs).toFixed(1)}x`, budget: '<= 10x', ok: loadMs / readMs <= 10 },
  { name: 'table held / files', value: `${(table.bytes / fileBytes).toFixed(2)}x`, budget: '<= 1x', ok: table.bytes <= fileBytes },
  { name: 'IPv4 lookup / Map.get', value: `${(v4Ns / mapNs).toFixed(1)}x`, budget: '<= 20x', ok: v4Ns / mapNs <= 20 },
  { name: 'IPv6 lookup / Map.get', value: `${(v6Ns / mapNs).toFixed(1)}x`, budget: '<= 20x', ok: v6Ns / mapNs <= 20 },
]);
process.exitCode = ok ? 0 : 1;
