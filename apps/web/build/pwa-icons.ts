/**
 * Draws the app's install icons (public/icons/*.png) from the brand mark with Chromium, so the PNGs
 * the manifest and iOS need match the SVG favicon. Run again after the mark changes:
 *   npx tsx apps/web/build/pwa-icons.ts
 * A maskable icon keeps its mark inside the central 80% circle that every launcher shape leaves
 * visible, on a background that fills the whole square.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));
const MARK = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7c948"/><stop offset="1" stop-color="#ff8a3d"/></linearGradient></defs>`;
const HASH = `<path d="M24 16l-4 32M44 16l-4 32M16 26h34M14 38h34" stroke="#1a1033" stroke-width="5" stroke-linecap="round"/>`;

/** The favicon's rounded square on the launch screen's dark background. */
const regular = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${MARK}<rect width="64" height="64" fill="#0b0d17"/><rect x="4" y="4" width="56" height="56" rx="16" fill="url(#g)"/>${HASH}</svg>`;
/** Full-bleed gradient with the hash sign shrunk into the safe zone. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${MARK}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 32) scale(0.72) translate(-31 -32)">${HASH}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: regular },
  { file: 'icon-512.png', size: 512, svg: regular },
  { file: 'maskable-192.png', size: 192, svg: maskable },
  { file: 'maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: maskable },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(`<html><body style="margin:0">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`);
    await page.screenshot({ path: `${OUT}${icon.file}`, omitBackground: false });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`wrote ${ICONS.map((i) => i.file).join(', ')} to ${OUT}`);
