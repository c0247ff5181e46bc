import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, presetSettings, screenshot, shown } from './support/app.ts';
import { CHROMIUM_ARGS, chromiumEnv, chromiumPath, launchBrowser, newPhone } from './support/browser.ts';
import { measureLayout } from './support/layout.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The help pages and the installable app on a 390x844 phone. Each help screen opens in English and
 * Arabic with its page from the Markdown files, fits the width and is photographed; the help centre
 * finds the deposit answer; the download screen offers the operator's APK. Then Chromium's own
 * installability check passes on the production build (manifest, icons, a service worker with a fetch
 * handler), the service worker serves the app shell but never an API call, and a release made while
 * the app is open is offered as "new version: reload".
 */

const UI_TIMEOUT = 30_000;
const APK = 'https://cdn.example.com/hashlobby-1.4.0.apk';

const SCREENS = [
  { path: '/helpCenter', name: 'help-centre', testId: 'screen-helpCenter', article: 'help-faq' },
  { path: '/tutorial', name: 'tutorial', testId: 'screen-tutorial', article: 'help-tutorial' },
  { path: '/graphicTutorial', name: 'graphic-tutorial', testId: 'screen-graphicTutorial', article: 'help-graphic-tutorial' },
  { path: '/tronIntroduce', name: 'tron', testId: 'screen-tronIntroduce', article: 'help-tron' },
  { path: '/walletRegister', name: 'wallet-register', testId: 'screen-walletRegister', article: 'help-wallet-register' },
  { path: '/buyCrypto', name: 'buy-crypto', testId: 'screen-buyCrypto', article: 'help-buy-crypto' },
  { path: '/appDownload', name: 'app-download', testId: 'screen-appDownload', article: 'help-app-install' },
  { path: '/relAppDownload', name: 'rel-app-download', testId: 'screen-relAppDownload', article: 'help-wallets' },
];

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const profiles: string[] = [];

async function phone(language: string, theme: 'dark' | 'light' = 'dark'): Promise<Page> {
  const { context, page } = await newPhone(browser, { colorScheme: theme });
  contexts.push(context);
  await presetSettings(context, { language, theme });
  return page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { withOpsKey: true }), launchBrowser()]);
  await server.ops('/ops/v1/site/config', { key: 'appDownload', value: { androidApkUrl: APK, androidVersion: '1.4.0', iosAppUrl: null } });
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
});

describe('help pages and app download at 390 px', () => {
  it.each([
    ['en_US', 'dark'],
    ['ar_EG', 'light'],
  ] as const)('every help screen shows its page in %s (%s theme) and fits the phone', async (language, theme) => {
    const page = await phone(language, theme);
    const problems: string[] = [];
    for (const screen of SCREENS) {
      await openApp(page, `${server.url}${screen.path}`);
      const article = shown(page, screen.article);
      await article.waitFor({ timeout: UI_TIMEOUT });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar_EG' ? 'rtl' : 'ltr');
      const title = await shown(page, 'screen-title').innerText();
      expect(title.length, screen.path).toBeGreaterThan(2);
      expect((await article.innerText()).length, `${screen.path} has real text`).toBeGreaterThan(200);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const report = await measureLayout(page, []);
      if (report.scrollWidth > report.clientWidth) problems.push(`${language} ${screen.path}: scrolls sideways`);
      for (const o of report.overflows) problems.push(`${language} ${screen.path}: ${o.element} "${o.text}" outside ${o.within}`);
      await screenshot(page, `help-${language}-${screen.name}`);
      if (screen.path === '/helpCenter') {
        // The first frequent question opens in place with its answer.
        const question = shown(page, 'help-faq').locator('details').first();
        await question.locator('summary').click();
        expect(await question.getAttribute('open')).not.toBeNull();
        expect((await question.innerText()).length).toBeGreaterThan(100);
        await screenshot(page, `help-${language}-help-centre-answer`);
      }
    }
    // The pictures of the graphic tutorial load, and are photographed where they are.
    await openApp(page, `${server.url}/graphicTutorial`);
    const figure = shown(page, 'help-graphic-tutorial').locator('figure img').nth(1);
    await figure.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('figure img')].every((img) => img.complete && img.naturalWidth > 0));
    await screenshot(page, `help-${language}-graphic-tutorial-pictures`);
    expect(problems).toEqual([]);
  });

  it('the help center finds how to deposit USDT-TRC20 and opens the Deposit screen from the answer', async () => {
    const page = await phone('en_US');
    await openApp(page, `${server.url}/helpCenter`);
    await shown(page, 'help-search').fill('deposit trc20');
    const first = shown(page, 'help-search-result').first();
    await first.waitFor({ timeout: UI_TIMEOUT });
    expect(await first.innerText()).toContain('How do I deposit USDT (TRC20)?');
    await screenshot(page, 'help-en_US-search');
    await first.getByRole('link', { name: 'Deposit' }).first().click();
    await page.waitForURL(/\/(trade\/Recharge|register|login)/, { timeout: UI_TIMEOUT });
  });

  it("the download screen offers the operator's APK and the steps per platform", async () => {
    const page = await phone('en_US');
    await openApp(page, `${server.url}/appDownload`);
    const apk = shown(page, 'app-apk');
    await apk.waitFor({ timeout: UI_TIMEOUT });
    expect(await apk.getAttribute('href')).toBe(APK);
    expect(await apk.innerText()).toContain('version 1.4.0');
    const steps = await shown(page, 'help-app-install').innerText();
    for (const heading of ['Android', 'iPhone and iPad', 'Add to Home Screen']) expect(steps).toContain(heading);
  });
});

describe('the installable web app', () => {
  it("passes Chromium's installability check, keeps the shell but never the API, and offers a new version", async () => {
    // Chromium never offers to install from an incognito window, which every new context is: this one
    // keeps a profile folder, as a player's browser does.
    const profile = mkdtempSync(join(tmpdir(), 'lobby-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      env: chromiumEnv(),
      args: CHROMIUM_ARGS,
      headless: true,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      colorScheme: 'dark',
    });
    contexts.push(context);
    profiles.push(profile);
    await presetSettings(context, { language: 'en_US', theme: 'dark' });
    const page = context.pages()[0] ?? (await context.newPage());
    await openApp(page, `${server.url}/home`);
    const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptURL).toBe(`${server.url}/sw.js`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: UI_TIMEOUT });

    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);

    // Reloaded under the service worker: scripts come from its cache, API calls from the server.
    const fromWorker = new Map<string, boolean>();
    page.on('response', (response) => fromWorker.set(new URL(response.url()).pathname, response.fromServiceWorker()));
    await page.reload();
    await shown(page, 'launch-screen')
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const assets = [...fromWorker].filter(([path]) => path.startsWith('/assets/'));
    const calls = [...fromWorker].filter(([path]) => path.startsWith('/v1/'));
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.every(([, cached]) => cached)).toBe(true);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter(([, cached]) => cached)).toEqual([]);

    // A release: the server's index.html names another script than the one this page runs.
    await page.evaluate(() => navigator.serviceWorker.controller!.postMessage({ type: 'check', entry: '/assets/app-previous-release.js' }));
    const prompt = shown(page, 'pwa-update');
    await prompt.waitFor({ timeout: UI_TIMEOUT });
    expect(await prompt.innerText()).toContain('A new version of the app is ready');
    await screenshot(page, 'pwa-update-prompt');
    await Promise.all([page.waitForEvent('load'), shown(page, 'popup-confirm').click()]);

    // Offline, the app still opens from the kept shell.
    await page.context().setOffline(true);
    await page.goto(`${server.url}/helpCenter`);
    expect(await page.locator('#root').count()).toBe(1);
    await page.context().setOffline(false);
  });
});
