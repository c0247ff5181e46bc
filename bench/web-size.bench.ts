/**
 * Initial JavaScript of /home, gzipped: every script the page loads until the network is idle,
 * as Debian's Chromium loads it from the real server. Budget: <= 200 KB.
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser, newPhone } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { buildWebApp } from '../e2e/support/web-build.ts';
import { report } from './support.ts';

const BUDGET_KB = 200;
// Its own build of the current source: apps/web/dist may be stale, or being rebuilt by a test run.
const build = buildWebApp();
const server = await startServer({ WEB_DIST_DIR: build.dir });
const browser = await launchBrowser();
let ok = false;
try {
  const { page } = await newPhone(browser);
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a redirected or aborted response has no body to count
    }
  });
  await page.goto(`${server.url}/home`, { waitUntil: 'networkidle' });
  const totalKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
  for (const [url, bytes] of scripts) console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}`);
  // No script at all means the page never loaded, not that it is small.
  ok = report([{ name: 'initial JS of /home (gzip)', value: `${totalKb.toFixed(1)} KB`, budget: `<= ${BUDGET_KB} KB`, ok: scripts.size > 0 && totalKb <= BUDGET_KB }]);
} finally {
  await browser.close();
  await server.stop();
  build.remove();
}
process.exit(ok ? 0 : 1);
