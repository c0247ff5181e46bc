/**
 * Lighthouse (mobile preset) on /home with Debian's Chromium against the real server.
 * Budget: performance >= 90 and accessibility >= 90, taken from the median of several runs.
 *
 * The mobile preset simulates a slow phone from the CPU time the page takes on this machine, so a
 * machine busy with other work (a test run next door) scores the same page lower. One run can be an
 * outlier either way; Lighthouse's guidance is to take the median of several (LIGHTHOUSE_RUNS,
 * default 3). The median run's full report is kept in bench/results/lighthouse.json.
 *
 * LIGHTHOUSE_REFERENCE_URL names the lobby of another build running elsewhere (an older commit's server
 * in a git worktree, say http://127.0.0.1:18400/home): its runs alternate with this build's, in the
 * same sitting and the same machine, and its median is printed beside, so a score that moved with the
 * machine is told apart from one that moved with the code.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumEnv, chromiumPath, prepareChromium } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { buildWebApp } from '../e2e/support/web-build.ts';
import { report } from './support.ts';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const REFERENCE_URL = process.env.LIGHTHOUSE_REFERENCE_URL;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category].score ?? 0) * 100);

// Its own build of the current source: apps/web/dist may be stale, or being rebuilt by a test run.
await prepareChromium();
const build = buildWebApp();
const server = await startServer({ WEB_DIST_DIR: build.dir });
let ok = false;
try {
  /** One Lighthouse run on `url` in a fresh browser: nothing cached from the run before. */
  const measure = async (url: string, label: string): Promise<Lhr> => {
    const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], envVars: chromiumEnv() });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        formFactor: 'mobile',
      });
      if (!result) throw new Error('lighthouse returned nothing');
      const metrics = METRICS.map((id) => `${result.lhr.audits[id].title.replace(/ /g, '\u00a0')} ${result.lhr.audits[id].displayValue}`);
      console.log(`  ${label}: performance ${score(result.lhr, 'performance')}, accessibility ${score(result.lhr, 'accessibility')}; ${metrics.join(', ')}`);
      return result.lhr;
    } finally {
      await chrome.kill();
    }
  };
  const medianOf = (list: Lhr[]) => [...list].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(list.length / 2)];
  const runs: Lhr[] = [];
  const references: Lhr[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    runs.push(await measure(`${server.url}/home`, `run ${run}`));
    if (REFERENCE_URL) references.push(await measure(REFERENCE_URL, `reference run ${run}`));
  }

  const median = medianOf(runs);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/lighthouse.json', JSON.stringify(median, null, 1));
  console.log(`  median run (benchmark index of this machine ${Math.round(median.environment.benchmarkIndex)}):`);
  for (const id of METRICS) console.log(`    ${median.audits[id].title}: ${median.audits[id].displayValue}`);
  for (const audit of Object.values(median.audits)) {
    if (median.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id) && audit.score === 0) {
      console.log(`  accessibility issue: ${audit.title}`);
    }
  }
  if (references.length > 0) {
    const reference = medianOf(references);
    console.log(
      `  reference ${REFERENCE_URL}, median of ${references.length}: performance ${score(reference, 'performance')}; ${METRICS.map((id) => `${reference.audits[id].title} ${reference.audits[id].displayValue}`).join(', ')}`,
    );
  }
  const performance = score(median, 'performance');
  const accessibility = score(median, 'accessibility');
  ok = report([
    { name: `Lighthouse performance (mobile, median of ${runs.length})`, value: String(performance), budget: '>= 90', ok: performance >= 90 },
    { name: 'Lighthouse accessibility', value: String(accessibility), budget: '>= 90', ok: accessibility >= 90 },
  ]);
} finally {
  await server.stop();
  build.remove();
}
process.exit(ok ? 0 : 1);
