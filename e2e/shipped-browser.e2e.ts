import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, shippedChromiumEnv, unpackShippedChromium } from './support/browser.ts';

// A fresh machine has no Chromium and no fonts: the browser tests then drive the Chromium of the npm
// package @sparticuz/chromium with libraries and fonts from npm. This proves that path on every
// machine, whatever Chromium it has installed.

let browser: Browser;
beforeAll(async () => {
  const { path, libs } = await unpackShippedChromium();
  browser = await chromium.launch({ executablePath: path, args: CHROMIUM_ARGS, headless: true, env: shippedChromiumEnv(libs) });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("the npm package's Chromium", () => {
  it('launches with its own libraries and draws Latin and Arabic with the fonts from npm', async () => {
    const page = await browser.newPage();
    await page.setContent(
      '<p id="latin" style="font-family: sans-serif">Deposit 1,000 USDT</p><p id="arabic" dir="rtl" style="font-family: sans-serif">إيداع</p>',
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    // The fonts Chromium really drew each paragraph with, as its developer tools report them.
    const fontsOf = async (selector: string) => {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return fonts.map((font) => font.familyName);
    };
    expect(await fontsOf('#latin')).toEqual(['DejaVu Sans']);
    // DejaVu Sans covers Arabic too; either npm font will do, never a machine's own.
    expect(await fontsOf('#arabic')).toEqual([expect.stringMatching(/^(DejaVu Sans|Noto Sans Arabic)$/)]);
    expect(await page.evaluate(() => navigator.userAgent)).toMatch(/HeadlessChrome\/\d+/);
  });
});
