import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium unless CHROME_PATH says otherwise; the browser tests never download one. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install Debian's Chromium (apt-get install -y chromium) or set CHROME_PATH to a Chromium binary.`,
    );
  }
  return path;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

export interface PhoneOptions {
  colorScheme?: 'dark' | 'light';
  locale?: string;
}

/** A phone-sized context (390x844, touch) like the players' devices. */
export async function newPhone(browser: Browser, options: PhoneOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    colorScheme: options.colorScheme ?? 'dark',
    locale: options.locale ?? 'en-US',
  });
  const page = await context.newPage();
  return { context, page };
}
