import { chromium, type Browser } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from './browser.ts';

/** Fonts of a bare Linux machine: Latin and Arabic (DejaVu, Liberation), no Chinese, no Thai. */
const BARE_FONT_DIRS = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/truetype/liberation'];

/**
 * Chromium on a machine without Chinese or Thai fonts: its fontconfig sees only a bare set of Latin
 * fonts, whatever this machine has installed, so a character no web font covers shows as an empty box.
 */
export async function launchBrowserWithoutCjkFonts(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'lobby-bare-fonts-'));
  const config = join(dir, 'fonts.conf');
  writeFileSync(
    config,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
${BARE_FONT_DIRS.map((fontDir) => `  <dir>${fontDir}</dir>`).join('\n')}
  <cachedir>${join(dir, 'cache')}</cachedir>
  <include ignore_missing="yes">/etc/fonts/conf.d</include>
</fontconfig>
`,
  );
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
    env: { ...process.env, FONTCONFIG_FILE: config },
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
