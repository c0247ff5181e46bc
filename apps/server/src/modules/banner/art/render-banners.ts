/**
 * Renders the starting banners (../banner-art.ts) into JPEG files beside this script, one per design
 * and language, in Debian's Chromium (CHROME_PATH overrides), so every script is shaped properly:
 * Arabic joined and right to left, Thai with its marks stacked, Chinese in Noto Sans CJK.
 *
 *   npx tsx apps/server/src/modules/banner/art/render-banners.ts
 *
 * The pictures are committed; run this again after changing a design's words.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@lobby/contract';
import { chromium } from 'playwright-core';
import { BANNER_DESIGNS, bannerArtFile, type BannerDesign } from '../banner-art.ts';

// The home screen shows banners at 690x280; twice that keeps them sharp on phones.
const WIDTH = 1380;
const HEIGHT = 560;

const HTML_LANG: Record<Language, string> = {
  zh_CN: 'zh-Hans',
  zh_TW: 'zh-Hant',
  en_US: 'en',
  pt_BR: 'pt-BR',
  vi_VN: 'vi',
  id_ID: 'id',
  th_TH: 'th',
  ar_EG: 'ar',
};

const FONTS: Record<Language, string> = {
  zh_CN: "'Noto Sans CJK SC', sans-serif",
  zh_TW: "'Noto Sans CJK TC', sans-serif",
  th_TH: "'Noto Sans Thai', 'Garuda', 'Loma', sans-serif",
  ar_EG: "'Noto Sans Arabic', 'DejaVu Sans', sans-serif",
  en_US: "'DejaVu Sans', 'Liberation Sans', sans-serif",
  pt_BR: "'DejaVu Sans', 'Liberation Sans', sans-serif",
  vi_VN: "'DejaVu Sans', 'Liberation Sans', sans-serif",
  id_ID: "'DejaVu Sans', 'Liberation Sans', sans-serif",
};

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The design's emblem, drawn on the side opposite the words. */
function emblem(key: BannerDesign['key']): string {
  if (key === 'vip') {
    return `<svg viewBox="0 0 200 200"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe27a"/><stop offset="1" stop-color="#f5a623"/></linearGradient></defs>
      <path d="M30 150 L20 60 L65 95 L100 40 L135 95 L180 60 L170 150 Z" fill="url(#g)" stroke="#fff6c8" stroke-width="4"/>
      <rect x="30" y="155" width="140" height="22" rx="8" fill="url(#g)"/>
      <circle cx="20" cy="56" r="10" fill="#fff6c8"/><circle cx="100" cy="36" r="11" fill="#fff6c8"/><circle cx="180" cy="56" r="10" fill="#fff6c8"/>
      <text x="100" y="137" text-anchor="middle" font-family="DejaVu Sans" font-weight="700" font-size="34" fill="#6b3d00">VIP</text></svg>`;
  }
  if (key === 'rebate') {
    const coin = (x: number, y: number, label: string, a: string, b: string) =>
      `<g transform="translate(${x} ${y})"><circle r="46" fill="${a}"/><circle r="36" fill="none" stroke="${b}" stroke-width="5"/>
       <text y="12" text-anchor="middle" font-family="DejaVu Sans" font-weight="700" font-size="${label.length > 1 ? 22 : 30}" fill="${b}">${label}</text></g>`;
    return `<svg viewBox="0 0 200 200">${coin(70, 120, 'TRX', '#ff5b5b', '#fff')}${coin(130, 80, '₮', '#2fd2a0', '#fff')}
      <path d="M40 40 A 80 80 0 0 1 170 60" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"/>
      <path d="M170 60 l-26 -4 l14 -20 z" fill="#fff"/></svg>`;
  }
  const blocks = [0, 1, 2]
    .map((i) => `<rect x="${18 + i * 58}" y="${70 + (i % 2) * 24}" width="48" height="48" rx="9" fill="rgba(255,255,255,${0.55 + i * 0.2})"/>`)
    .join('');
  return `<svg viewBox="0 0 200 200">${blocks}
    <path d="M66 94 h10 M124 112 h10" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
    <text x="100" y="60" text-anchor="middle" font-family="DejaVu Sans Mono" font-weight="700" font-size="34" fill="#fff" direction="ltr" unicode-bidi="embed">#0x7f…</text>
    <path d="M62 160 l24 22 l52 -50" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

function page(design: BannerDesign, language: Language): string {
  const words = design.words[language];
  const rtl = language === 'ar_EG';
  const [from, to] = design.tones;
  return `<!doctype html><html lang="${HTML_LANG[language]}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><style>
    html, body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; }
    body { font-family: ${FONTS[language]}; color: #fff; background: linear-gradient(${rtl ? 240 : 120}deg, ${from}, ${to});
      display: flex; align-items: center; gap: 40px; padding: 0 80px; box-sizing: border-box; position: relative; }
    .glow { position: absolute; inset-inline-end: -120px; top: -160px; width: 700px; height: 700px; border-radius: 50%;
      background: radial-gradient(circle, rgba(255,255,255,.28), rgba(255,255,255,0) 70%); }
    .words { flex: 1; min-width: 0; position: relative; }
    h1 { font-size: 84px; line-height: 1.15; margin: 0 0 22px; font-weight: 700; text-shadow: 0 4px 18px rgba(0,0,0,.25); white-space: nowrap; }
    h1.wraps { white-space: normal; }
    h1, p { word-break: keep-all; }
    p { font-size: 40px; line-height: 1.35; margin: 0 0 36px; opacity: .95; max-width: 860px; }
    .action { display: inline-block; font-size: 36px; font-weight: 700; padding: 16px 44px; border-radius: 999px; background: #fff; color: ${to}; }
    .emblem { width: 360px; height: 360px; flex: none; position: relative; filter: drop-shadow(0 12px 24px rgba(0,0,0,.3)); }
    .emblem svg { width: 100%; height: 100%; }
  </style></head><body><div class="glow"></div>
    <div class="words"><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.line)}</p><span class="action">${escapeHtml(words.action)}</span></div>
    <div class="emblem">${emblem(design.key)}</div></body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
  headless: true,
});
try {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
  const tab = await context.newPage();
  for (const design of BANNER_DESIGNS) {
    for (const language of LANGUAGES) {
      await tab.setContent(page(design, language));
      await tab.evaluate(async () => {
        await document.fonts.ready;
        // A title stays on one line, shrinking down to two thirds of its size before it may wrap.
        const title = document.querySelector('h1')!;
        for (let size = 84; size >= 56 && title.scrollWidth > title.clientWidth; size -= 2) title.style.fontSize = `${size}px`;
        if (title.scrollWidth > title.clientWidth) title.classList.add('wraps');
      });
      const file = fileURLToPath(new URL(`../${bannerArtFile(design.key, language)}`, import.meta.url));
      writeFileSync(file, await tab.screenshot({ type: 'jpeg', quality: 86 }));
      console.log(file);
    }
  }
} finally {
  await browser.close();
}
