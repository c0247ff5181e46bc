import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedCountryTable } from '../apps/server/src/modules/jurisdiction/country-table.ts';
import { registerPlayer } from './support/api.ts';
import { openApp, presetSettings, presetToken, screenshot, shown } from './support/app.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { measureLayout } from './support/layout.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { closeAll } from './support/teardown.ts';

/**
 * PROTECTION.md "Jurisdictions" for the player, on a 390x844 phone. The server trusts the proxy on
 * this machine (TRUST_PROXY=127.0.0.1), so the phone's requests come from the address its
 * X-Forwarded-For names, as behind a load balancer: real addresses the shipped database places in
 * North Korea (blocked) and the United States. The region screen shows at start in English and in
 * Arabic, mirrored, light and dark, fitting the phone; a signed-in player still reaches the
 * withdrawal. A region blocked while the app is open shows the screen at the first call refused.
 */

const UI_TIMEOUT = 30_000;
const texts = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/locales/region/${language}.json`, import.meta.url), 'utf8'));
const english = texts('en_US');
const arabic = texts('ar_EG');
const table = sharedCountryTable();
const KP = table.firstAddress('KP', 4)!;
const US = table.firstAddress('US', 4)!;

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let token = '';
let account = '';
const PASSWORD = 'region2block';

async function phone(from: string, settings: { language: string; theme: 'light' | 'dark' }, signedIn: boolean): Promise<Page> {
  const { context, page } = await newPhone(browser, { colorScheme: settings.theme });
  contexts.push(context);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': from });
  await presetSettings(context, settings);
  if (signedIn) await presetToken(context, token);
  return page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ TRUST_PROXY: '127.0.0.1' }, { withOpsKey: true }), launchBrowser()]);
  await server.ops('/ops/v1/site/setBlockedCountries', { countries: ['KP'] });
  account = `region${Date.now().toString(36)}`.slice(0, 16);
  ({ token } = await registerPlayer(server, account, PASSWORD));
});

afterAll(() => closeAll(contexts, browser, server));

describe('the region screen', () => {
  it('shows at start in English (light) and Arabic (dark, mirrored), fits the phone, and leaves the withdrawal open', async () => {
    for (const [language, theme, texts] of [
      ['en_US', 'light', english],
      ['ar_EG', 'dark', arabic],
    ] as const) {
      const page = await phone(KP, { language, theme }, true);
      await openApp(page, `${server.url}/home`);
      const screen = page.getByTestId('region-blocked');
      await screen.waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => screen.getByRole('heading').textContent()).toBe(texts.title);
      expect(await screen.textContent()).toContain(texts.withdrawNote);
      expect(await screen.textContent()).not.toMatch(/VPN/i);
      // The lobby under the screen keeps its sideways strips; what the player sees is the screen.
      const report = await measureLayout(page, ['.category-nav__track', '.banners__track', '.hash-cards', '.game-row', '.chip-row']);
      expect(report.dir).toBe(language === 'ar_EG' ? 'rtl' : 'ltr');
      expect(report.scrollWidth).toBeLessThanOrEqual(report.clientWidth);
      expect(report.overflows).toEqual([]);
      // Mirrored: the globe sits on the mark's inline end, the left in Arabic.
      const side = await page.evaluate(() => {
        const mark = document.querySelector('.region-blocked__mark')!.getBoundingClientRect();
        const globe = document.querySelector('.region-blocked__globe')!.getBoundingClientRect();
        return globe.left + globe.width / 2 < mark.left + mark.width / 2 ? 'left' : 'right';
      });
      expect(side).toBe(language === 'ar_EG' ? 'left' : 'right');
      await screenshot(page, `region-blocked-${language}-${theme}`);

      await shown(page, 'region-blocked-withdraw').click();
      await shown(page, 'screen-trade-withdraw').waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => page.getByTestId('region-blocked').count()).toBe(0);
    }
  });

  it('appears the moment a call is refused for the region, over the sign-in screen', async () => {
    const page = await phone(US, { language: 'en_US', theme: 'dark' }, false);
    await openApp(page, `${server.url}/register?type=1`);
    await shown(page, 'auth-submit').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByTestId('region-blocked').count()).toBe(0);
    // The operator blocks the player's country while the app is open.
    await server.ops('/ops/v1/site/setBlockedCountries', { countries: ['KP', 'US'] });
    try {
      await shown(page, 'auth-kind-account').click();
      await shown(page, 'auth-account').fill(account);
      await shown(page, 'auth-password').fill(PASSWORD);
      await shown(page, 'auth-submit').click();
      const screen = page.getByTestId('region-blocked');
      await screen.waitFor({ timeout: UI_TIMEOUT });
      expect(await screen.getByRole('heading').textContent()).toBe(english.title);
      expect(await screen.textContent()).toContain(english.supportNote);
      expect(await page.evaluate(() => localStorage.getItem('lobby.token'))).toBeNull();
    } finally {
      await server.ops('/ops/v1/site/setBlockedCountries', { countries: ['KP'] });
    }
  });
});
