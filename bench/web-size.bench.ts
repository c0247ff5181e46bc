/**
 * Initial JavaScript, gzipped: every script a page loads until the network is idle, as Chromium loads
 * it from the real server. The player app's /home (budget <= 200 KB) and the operator console's first
 * page, /console/sign-in (budget <= 400 KB; each area of the console is a lazy chunk beyond it).
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPhone, prepareChromium } from '../e2e/support/browser.ts';
import { newDesk } from '../e2e/support/console.ts';
import { startServer } from '../e2e/support/server.ts';
import { buildConsoleApp, buildWebApp } from '../e2e/support/web-build.ts';
import { report } from './support.ts';

const WEB_BUDGET_KB = 200;
const CONSOLE_BUDGET_KB = 400;
// Their own builds of the current source: a dist folder may be stale, or being rebuilt by a test run.
const web = buildWebApp();
const consoleApp = buildConsoleApp();
const server = await startServer({ WEB_DIST_DIR: web.dir, CONSOLE_DIST_DIR: consoleApp.dir });
// The system's Chromium, else the one shipped in the npm package, unpacked as the browser tests do.
await prepareChromium();
const browser = await launchBrowser();

/** The gzipped size of each script `url` loads, until the network is idle. */
async function initialScripts(open: (browser: Browser) => Promise<import('playwright-core').Page>, url: string): Promise<Map<string, number>> {
  const page = await open(browser);
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a redirected or aborted response has no body to count
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  return scripts;
}

function kbOf(scripts: Map<string, number>): number {
  for (const [url, bytes] of scripts) console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}`);
  return [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
}

let ok = false;
try {
  const home = await initialScripts(async (b) => (await newPhone(b)).page, `${server.url}/home`);
  const homeKb = kbOf(home);
  const signIn = await initialScripts(async (b) => (await newDesk(b)).page, `${server.url}/console/sign-in`);
  const signInKb = kbOf(signIn);
  // No script at all means the page never loaded, not that it is small.
  ok = report([
    { name: 'initial JS of /home (gzip)', value: `${homeKb.toFixed(1)} KB`, budget: `<= ${WEB_BUDGET_KB} KB`, ok: home.size > 0 && homeKb <= WEB_BUDGET_KB },
    {
      name: 'initial JS of /console/sign-in (gzip)',
      value: `${signInKb.toFixed(1)} KB`,
      budget: `<= ${CONSOLE_BUDGET_KB} KB`,
      ok: signIn.size > 0 && signInKb <= CONSOLE_BUDGET_KB,
    },
  ]);
} finally {
  await browser.close();
  await server.stop();
  web.remove();
  consoleApp.remove();
}
process.exit(ok ? 0 : 1);
