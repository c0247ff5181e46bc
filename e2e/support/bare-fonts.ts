import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumEnv, chromiumPath } from './browser.ts';
import { shippedFontsConfig } from './shipped-fonts.ts';

/**
 * Chromium on a machine without Chinese or Thai fonts: its fontconfig sees only the bare set of fonts
 * the tests take from npm (Latin and Arabic, see shipped-fonts.ts), whatever this machine has
 * installed, so a character no web font covers shows as an empty box.
 */
export async function launchBrowserWithoutCjkFonts(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
    env: { ...chromiumEnv(), FONTCONFIG_FILE: shippedFontsConfig() },
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}
