import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { DESKTOP, enrolThroughLink, newDesk, overflowsHorizontally, signInToConsole, TABLET, type StaffCredentials } from './support/console.ts';
import { screenshot } from './support/app.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let owner: StaffCredentials;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { owners: ['owner.one'] }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the operator console: the owner bootstraps', () => {
  it('enrols through the one-time link, signs in with a code, and lands on the dashboard', async () => {
    const { context, page } = await newDesk(browser, DESKTOP);
    owner = await enrolThroughLink(page, server.ownerLinks['owner.one']!, 'owner.one', 'copper willow station 42');
    expect(owner.recoveryCodes).toHaveLength(10);
    await signInToConsole(page, server.url, owner);
    await page.getByTestId('dashboard').waitFor();
    await expect(page.getByTestId('nav-staff').count()).resolves.toBe(1);
    // The devnet's hot wallet is funded at start: its balances are read from the node.
    expect(await page.getByTestId('hot-wallet').textContent()).toMatch(/\d[\d,.]* USDT.*\d[\d,.]* TRX.*T[1-9A-HJ-NP-Za-km-z]{33}/);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-dashboard-en-1440');
    await context.close();
  });

  it('refuses a wrong code, and shows the console in Chinese at 1024x768', async () => {
    const { context, page } = await newDesk(browser, TABLET, 'zh-CN');
    await page.goto(`${server.url}/console/sign-in`);
    await page.getByTestId('login').fill(owner.login);
    await page.getByTestId('password').fill(owner.password);
    await page.getByTestId('code').fill('000000');
    await page.getByTestId('sign-in').click();
    await page.getByTestId('sign-in-error').waitFor();
    expect(await page.getByTestId('sign-in').textContent()).toContain('登录');

    await signInToConsole(page, server.url, owner);
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('dashboard').textContent()).toContain('仪表盘');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-dashboard-zh-1024');
    await context.close();
  });
});
