import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { shippedFontsConfig } from './shipped-fonts.ts';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** Set by the global setup when the tests use the Chromium shipped in the npm package @sparticuz/chromium. */
const SHIPPED = 'LOBBY_SHIPPED_CHROMIUM';
const SHIPPED_LIBS = 'LOBBY_SHIPPED_CHROMIUM_LIBS';

/**
 * A Chromium of this machine: CHROME_PATH when set, else Debian's when installed. LOBBY_TEST_CHROMIUM=shipped
 * sets both aside, so the npm package's path can be proved on a machine that has a system Chromium.
 */
function systemChromium(): string | null {
  if (process.env.LOBBY_TEST_CHROMIUM === 'shipped') return null;
  if (process.env.CHROME_PATH) {
    if (!existsSync(process.env.CHROME_PATH)) throw new Error(`CHROME_PATH names ${process.env.CHROME_PATH}, which does not exist.`);
    return process.env.CHROME_PATH;
  }
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : null;
}

/**
 * The Chromium the browser tests drive: the machine's (systemChromium), else the one shipped in the
 * npm package @sparticuz/chromium (unpacked by the global setup, `prepareChromium`). The tests never
 * download a browser.
 */
export function chromiumPath(): string {
  const system = systemChromium();
  if (system) return system;
  const shipped = process.env[SHIPPED];
  if (shipped && existsSync(shipped)) return shipped;
  throw new Error(
    `No Chromium: neither CHROME_PATH nor ${SYSTEM_CHROMIUM}, and the npm package's was not unpacked (run the tests through vitest, whose global setup unpacks it).`,
  );
}

/**
 * The environment a launched Chromium needs: none for a system one; for the shipped one, the NSS
 * libraries shipped beside it (a bare machine lacks them) and fonts from npm packages (a bare machine
 * may have none), so it runs and draws the same everywhere.
 */
export function chromiumEnv(): Record<string, string> {
  const libs = process.env[SHIPPED_LIBS];
  if (systemChromium() || !process.env[SHIPPED] || !libs) return processEnv();
  return shippedChromiumEnv(libs);
}

function processEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The environment of the shipped Chromium whose libraries were unpacked into `libs`. */
export function shippedChromiumEnv(libs: string): Record<string, string> {
  return {
    ...processEnv(),
    LD_LIBRARY_PATH: [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
    FONTCONFIG_FILE: shippedFontsConfig(),
  };
}

/** Regular files of an uncompressed tar archive written under `dir` (the shipped libraries are nothing else). */
function untar(archive: Buffer, dir: string): void {
  for (let at = 0; at + 512 <= archive.length; ) {
    const header = archive.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (from: number, to: number) => header.toString('latin1', from, to).replace(/\0.*$/s, '');
    const name = [field(345, 500), field(0, 100)].filter(Boolean).join('/');
    const size = parseInt(field(124, 136).trim() || '0', 8);
    const type = field(156, 157) || '0';
    if (type === '0') {
      const path = join(dir, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, archive.subarray(at + 512, at + 512 + size), { mode: 0o755 });
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

/** Unpacks the npm package's Chromium (into the temporary folder, once) and the libraries it needs. */
export async function unpackShippedChromium(): Promise<{ path: string; libs: string }> {
  const { default: shipped } = await import('@sparticuz/chromium');
  const path = await shipped.executablePath();
  const libs = join(tmpdir(), 'lobby-chromium-libs');
  if (!existsSync(join(libs, 'lib', 'libnss3.so'))) {
    const require = createRequire(import.meta.url);
    // The package exports only its entry (build/index.js); its archives sit in bin/ beside build/.
    const archive = join(dirname(require.resolve('@sparticuz/chromium')), '..', 'bin', 'al2023.tar.br');
    untar(brotliDecompressSync(readFileSync(archive)), libs);
  }
  return { path, libs: join(libs, 'lib') };
}

/**
 * Run once before the browser tests: when no system Chromium (or CHROME_PATH) is present, unpacks the
 * npm package's Chromium and its libraries and tells every test process where they are.
 */
export async function prepareChromium(): Promise<string> {
  if (systemChromium()) return chromiumPath();
  const { path, libs } = await unpackShippedChromium();
  process.env[SHIPPED] = path;
  process.env[SHIPPED_LIBS] = libs;
  return chromiumPath();
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
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true, env: chromiumEnv() });
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
