/**
 * Lighthouse (mobile preset) on /home with Debian's Chromium against the real server.
 * Budget: performance >= 90 and accessibility >= 90.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { buildWebApp } from '../e2e/support/web-build.ts';
import { report } from './support.ts';

// Its own build of the current source: apps/web/dist may be stale, or being rebuilt by a test run.
const build = buildWebApp();
const server = await startServer({ WEB_DIST_DIR: build.dir });
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
let ok = false;
try {
  const result = await lighthouse(`${server.url}/home`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
  });
  if (!result) throw new Error('lighthouse returned nothing');
  // The full report stays next to the other results for a closer look at a failing score.
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/lighthouse.json', JSON.stringify(result.lhr, null, 1));
  const performance = Math.round((result.lhr.categories.performance.score ?? 0) * 100);
  const accessibility = Math.round((result.lhr.categories.accessibility.score ?? 0) * 100);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    const audit = result.lhr.audits[id];
    console.log(`  ${audit.title}: ${audit.displayValue}`);
  }
  for (const audit of Object.values(result.lhr.audits)) {
    if (result.lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id) && audit.score === 0) {
      console.log(`  accessibility issue: ${audit.title}`);
    }
  }
  ok = report([
    { name: 'Lighthouse performance (mobile)', value: String(performance), budget: '>= 90', ok: performance >= 90 },
    { name: 'Lighthouse accessibility', value: String(accessibility), budget: '>= 90', ok: accessibility >= 90 },
  ]);
} finally {
  await chrome.kill();
  await server.stop();
  build.remove();
}
process.exit(ok ? 0 : 1);
