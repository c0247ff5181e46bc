import { GameType } from '@lobby/contract';
import { hashGame, isHashGameId, type HashKind, type PeriodCode } from '@lobby/hash-games';
import { PERIOD_LABELS } from './catalogue.ts';
import { EM_BOX, GLYPHS, UNITS_PER_EM } from './glyphs/noto-sans-sc.ts';

export type LogoVariant = 'zh' | 'en';

export interface LogoSubject {
  id: number;
  gameType: number;
  manufacturerName: string;
  nameZh: string;
  nameEn: string;
  period: number | null;
}

const SIZE = 240;

// Category tones match the web client's fallback art, so a tile looks the same before and after its logo loads.
const CATEGORY_TONES: Record<number, [string, string]> = {
  [GameType.CRYPTO]: ['#19c2a0', '#1769aa'],
  [GameType.SLOT]: ['#ff5f9e', '#7c5cff'],
  [GameType.FISH]: ['#19a7f5', '#1348a8'],
  [GameType.LIVE]: ['#ff6a3d', '#b01e4f'],
  [GameType.POKER]: ['#7c5cff', '#2d1f7a'],
  [GameType.SPORT]: ['#2fd27a', '#0e7a55'],
};
const DEFAULT_TONES: [string, string] = ['#7c5cff', '#3b2a9e'];

const KIND_TONES: Record<HashKind, [string, string]> = {
  bigSmall: ['#f7c948', '#ff8a3d'],
  oddEven: ['#4facfe', '#3a47d5'],
  bull: ['#ff7a45', '#c0174a'],
  bankerPlayer: ['#2fd27a', '#0e7a55'],
  luckyTen: ['#b08cff', '#5b2be0'],
  bigSmallSum: ['#19c2a0', '#1769aa'],
  oddEvenSum: ['#ff5f9e', '#7c5cff'],
};

interface Emblem {
  zh: string[];
  en: string[];
}

const KIND_EMBLEMS: Record<HashKind, Emblem> = {
  bigSmall: { zh: ['大', '小'], en: ['BIG', 'SMALL'] },
  oddEven: { zh: ['单', '双'], en: ['ODD', 'EVEN'] },
  bull: { zh: ['牛'], en: ['BULL'] },
  bankerPlayer: { zh: ['庄', '闲'], en: ['BANKER', 'PLAYER'] },
  luckyTen: { zh: ['0-9'], en: ['0-9'] },
  bigSmallSum: { zh: ['大', '小'], en: ['BIG', 'SMALL'] },
  oddEvenSum: { zh: ['单', '双'], en: ['ODD', 'EVEN'] },
};

// 24×24 line icons, drawn in white over the category colours.
const CATEGORY_ICONS: Record<number, string> = {
  [GameType.CRYPTO]: '<path d="M3 17l6-6 4 4 8-8"/><path d="M15 7h6v6"/><circle cx="6" cy="20" r="1.2"/>',
  [GameType.SLOT]:
    '<rect x="2.5" y="5" width="19" height="14" rx="2.5"/><path d="M8.8 5v14M15.2 5v14"/><path d="M4.2 10h2.8l-1.6 4M10.6 10h2.8l-1.6 4M17 10h2.8l-1.6 4"/>',
  [GameType.FISH]: '<path d="M2.5 12c2.8-4.6 8-6.4 12.5-4.2L20.5 4.5 19 12l1.5 7.5-5.5-3.3C10.5 18.4 5.3 16.6 2.5 12z"/><circle cx="7.2" cy="11" r="0.9"/>',
  [GameType.LIVE]:
    '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="3.2"/><path d="M12 3v5.8M12 15.2V21M3 12h5.8M15.2 12H21M5.6 5.6l4.1 4.1M14.3 14.3l4.1 4.1M18.4 5.6l-4.1 4.1M9.7 14.3l-4.1 4.1"/>',
  [GameType.POKER]: '<path d="M12 2.8C9.3 6.6 4.5 9.2 4.5 13.2a3.9 3.9 0 0 0 6.6 2.8L10 21h4l-1.1-5a3.9 3.9 0 0 0 6.6-2.8c0-4-4.8-6.6-7.5-10.4z"/>',
  [GameType.SPORT]:
    '<circle cx="12" cy="12" r="9"/><path d="M12 7.5l4.3 3.1-1.6 5h-5.4l-1.6-5z"/><path d="M12 7.5V3M16.3 10.6l4.2-1.4M14.7 15.6l2.6 3.6M9.3 15.6l-2.6 3.6M7.7 10.6L3.5 9.2"/>',
};

// Set once on the <svg> and inherited by its text, which is only ever Latin (see SYSTEM_FONT_TEXT).
const FONT_FAMILY = "-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,system-ui,sans-serif";

/**
 * What a logo may write as <text>: scripts every phone's own fonts cover (Latin, Greek, punctuation).
 * A logo is an image and cannot use the page's web fonts, so anything else, Chinese above all, is drawn
 * from outlines (glyphs/noto-sans-sc.ts) or left out; a phone without Chinese fonts would show boxes.
 */
export const SYSTEM_FONT_TEXT = /^[\u0020-\u007e\u00a0-\u024f\u0370-\u03ff\u2000-\u206f]*$/;

/** The fixed texts logos draw from outlines; glyphs/generate.ts extracts exactly their characters. */
export function shapeDrawnTexts(): string[] {
  const texts = [
    ...Object.values(KIND_EMBLEMS).flatMap((emblem) => [...emblem.zh, ...emblem.en]),
    ...Object.values(PERIOD_LABELS).flatMap((label) => [label.zh, label.en]),
  ];
  return texts.filter((text) => !SYSTEM_FONT_TEXT.test(text));
}

/**
 * A square logo for a game in the chosen language, safe to serve as an image. Chinese logos carry no
 * game name: names change with the operator's catalogue, so no outlines can be prepared for them, and
 * the lobby prints the name under every tile in the player's language anyway.
 */
export function renderGameLogo(game: LogoSubject, variant: LogoVariant): string {
  const name = variant === 'zh' ? game.nameZh || game.nameEn : game.nameEn || game.nameZh;
  const caption = variant === 'en' && name.trim() && SYSTEM_FONT_TEXT.test(name) ? name : null;
  const uid = `g${game.id}${variant}`;
  const body =
    game.gameType === GameType.HASH && isHashGameId(game.id)
      ? hashArt(uid, hashGame(game.id).kind, hashGame(game.id).period, caption, variant)
      : thirdPartyArt(uid, game, caption);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${escapeXml(name)}" font-family="${FONT_FAMILY}">`,
    `<title>${escapeXml(name)}</title>`,
    body,
    '</svg>',
  ].join('');
}

/** The emblem's ring: raised above the caption, or larger and centred when there is none. */
const RING_OVER_CAPTION = { cx: 120, cy: 100, r: 56 };
const RING_ALONE = { cx: 120, cy: 126, r: 66 };

function hashArt(uid: string, kind: HashKind, period: PeriodCode, caption: string | null, variant: LogoVariant): string {
  const [from, to] = KIND_TONES[kind];
  const emblem = KIND_EMBLEMS[kind][variant];
  const periodLabel = PERIOD_LABELS[period][variant];
  const sum = kind === 'bigSmallSum' || kind === 'oddEvenSum';
  const ring = caption === null ? RING_ALONE : RING_OVER_CAPTION;
  const parts = [
    background(uid, from, to),
    // A large hash sign, the family mark of the in-house games.
    '<g stroke="#fff" stroke-opacity="0.13" stroke-width="12" stroke-linecap="round" fill="none">',
    '<path d="M168 110l-18 118M214 110l-18 118M138 146h96M130 192h96"/>',
    '</g>',
    pill(SIZE - 16, 16, periodLabel, 'end'),
    `<circle cx="${ring.cx}" cy="${ring.cy}" r="${ring.r}" fill="#fff" fill-opacity="0.16" stroke="#fff" stroke-opacity="0.55" stroke-width="3"/>`,
    emblemText(emblem, variant, ring),
    // Under the period label: the top-left corner is where the lobby pins its hot and new badges.
    sum
      ? `<text x="${SIZE - 28}" y="84" font-size="30" font-weight="800" fill="#fff" fill-opacity="0.9" text-anchor="end" font-family="Georgia,serif">Σ</text>`
      : '',
    caption === null ? '' : nameLines(caption, 194, 30, 1),
  ];
  return parts.join('');
}

const EMBLEM_PAINT: Paint = { weight: 800, fill: '#fff', halo: { opacity: 0.18, width: 4 } };

/** The emblem inside its ring, laid out for the 56-unit ring and scaled to the one drawn. */
function emblemText(lines: string[], variant: LogoVariant, ring: { cx: number; cy: number; r: number }): string {
  const scale = ring.r / RING_OVER_CAPTION.r;
  const at = (dx: number, dy: number, size: number, value: string) =>
    label(value, ring.cx + dx * scale, ring.cy + dy * scale, round(size * scale), 'middle', EMBLEM_PAINT) ?? '';
  // A divider from (dx, dy) off the ring's centre, its relative path scaled with the emblem.
  const divider = (dx: number, dy: number, path: string, width: number) =>
    `<path d="M${round(ring.cx + dx * scale)} ${round(ring.cy + dy * scale)}${path}" stroke="#fff" stroke-opacity="0.75" stroke-width="${width}" stroke-linecap="round"/>`;
  if (lines.length === 1) {
    const value = lines[0];
    const size = variant === 'zh' && !/[0-9]/.test(value) ? 64 : Math.min(44, Math.floor(96 / (value.length * 0.62)));
    return at(0, 0, size, value);
  }
  const [first, second] = lines;
  if (variant === 'zh') {
    // Two characters side by side, split by a slash, read like the table's two sides.
    return [at(-26, 0, 40, first), divider(8, -22, `l${round(-16 * scale)} ${round(44 * scale)}`, 3), at(26, 0, 40, second)].join('');
  }
  const longest = Math.max(first.length, second.length);
  const size = Math.min(24, Math.floor(92 / (longest * 0.66)));
  return [at(0, -16, size, first), divider(-26, 0, `h${round(52 * scale)}`, 2.5), at(0, 17, size, second)].join('');
}

// The category icon (24 units square) over the caption, or larger and centred when there is none.
const ICON_OVER_CAPTION = { x: 78, y: 52, scale: 3.5 };
const ICON_ALONE = { x: 66, y: 80, scale: 4.5 };
// Icon line width in pixels, whatever the icon's size.
const ICON_LINE = 5.25;

function thirdPartyArt(uid: string, game: LogoSubject, caption: string | null): string {
  const seed = hashString(`${game.id}:${game.nameEn}`);
  const [baseFrom, baseTo] = CATEGORY_TONES[game.gameType] ?? DEFAULT_TONES;
  const shift = (seed % 41) - 20;
  const from = shiftHue(baseFrom, shift);
  const to = shiftHue(baseTo, shift);
  const icon = CATEGORY_ICONS[game.gameType] ?? CATEGORY_ICONS[GameType.SLOT];
  // Two soft circles placed from the seed keep tiles of one category from looking identical.
  const cx1 = 40 + (seed % 160);
  const cy1 = 30 + ((seed >> 8) % 60);
  const cx2 = 40 + ((seed >> 4) % 160);
  const r2 = 50 + ((seed >> 12) % 40);
  const place = caption === null ? ICON_ALONE : ICON_OVER_CAPTION;
  return [
    background(uid, from, to),
    `<circle cx="${cx1}" cy="${cy1}" r="70" fill="#fff" fill-opacity="0.08"/>`,
    `<circle cx="${cx2}" cy="${SIZE - 20}" r="${r2}" fill="#000" fill-opacity="0.1"/>`,
    // Top right: the lobby pins its hot and new badges over the top-left corner.
    pill(SIZE - 16, 16, game.manufacturerName, 'end'),
    `<g transform="translate(${place.x} ${place.y}) scale(${place.scale})" fill="none" stroke="#fff" stroke-opacity="0.92" stroke-width="${round(ICON_LINE / place.scale)}" stroke-linecap="round" stroke-linejoin="round">${icon}</g>`,
    caption === null ? '' : nameLines(caption, 184, 28, 2),
  ].join('');
}

function background(uid: string, from: string, to: string): string {
  return [
    '<defs>',
    `<linearGradient id="${uid}bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    `<radialGradient id="${uid}gl" cx="0.25" cy="0.15" r="0.85"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${SIZE}" height="${SIZE}" rx="36" fill="url(#${uid}bg)"/>`,
    `<rect width="${SIZE}" height="${SIZE}" rx="36" fill="url(#${uid}gl)"/>`,
  ].join('');
}

/** Widest a label may be: two stacked badges cover the left third of the tile, and the label must clear them. */
const PILL_MAX_WIDTH = 132;

const PILL_PAINT: Paint = { weight: 700, fill: '#fff' };

/** A label on a dark rounded pill; none at all when the label cannot be drawn without the device's fonts. */
function pill(x: number, y: number, value: string, anchor: 'start' | 'end'): string {
  const characters = [...value];
  const text = characters.length > 14 ? `${characters.slice(0, 13).join('')}…` : value;
  // Long names get a smaller font rather than running under the badges.
  const fontSize = Math.max(11, Math.min(15, Math.floor((PILL_MAX_WIDTH - 24) / Math.max(textWidth(text), 1))));
  const width = Math.round(textWidth(text) * fontSize + 24);
  const left = anchor === 'start' ? x : x - width;
  const drawn = label(text, left + width / 2, y + 15, fontSize, 'middle', PILL_PAINT);
  if (drawn === null) return '';
  return `<rect x="${left}" y="${y}" width="${width}" height="30" rx="15" fill="#000" fill-opacity="0.26"/>${drawn}`;
}

interface Paint {
  weight: number;
  fill: string;
  /** A soft dark outline painted under the fill, `width` in pixels. */
  halo?: { opacity: number; width: number };
}

/**
 * One line centred vertically on `y` (like dominant-baseline="central"): as text when the phone's own
 * fonts cover it, otherwise as glyph outlines, or null when some character has no outline either.
 */
function label(value: string, x: number, y: number, size: number, anchor: 'middle' | 'end', paint: Paint): string | null {
  const halo = (width: number) => (paint.halo ? ` paint-order="stroke" stroke="#000" stroke-opacity="${paint.halo.opacity}" stroke-width="${width}"` : '');
  if (SYSTEM_FONT_TEXT.test(value)) {
    return `<text x="${round(x)}" y="${round(y)}" font-size="${size}" font-weight="${paint.weight}" fill="${paint.fill}" text-anchor="${anchor}" dominant-baseline="central"${halo(paint.halo?.width ?? 0)}>${escapeXml(value)}</text>`;
  }
  const glyphs = [...value].map((character) => GLYPHS[character]);
  if (glyphs.some((glyph) => glyph === undefined)) return null;
  const scale = size / UNITS_PER_EM;
  const advance = glyphs.reduce((sum, glyph) => sum + glyph.advance, 0);
  const left = x - (anchor === 'middle' ? advance / 2 : advance) * scale;
  const baseline = y + ((EM_BOX.ascender + EM_BOX.descender) / 2) * scale;
  let pen = 0;
  const paths = glyphs.map((glyph) => {
    const path = `<path${pen ? ` transform="translate(${pen} 0)"` : ''} d="${glyph.d}"/>`;
    pen += glyph.advance;
    return path;
  });
  // Outlines are in font units, so the halo's width is too.
  return `<g transform="translate(${round(left)} ${round(baseline)}) scale(${round(scale, 5)})" fill="${paint.fill}"${halo(round((paint.halo?.width ?? 0) / scale))}>${paths.join('')}</g>`;
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** The game's name at the bottom, wrapped to at most `maxLines` and shrunk to fit the tile. */
function nameLines(name: string, baseline: number, maxSize: number, maxLines: number): string {
  const lines = wrap(name, maxLines);
  const widest = Math.max(...lines.map(textWidth));
  const size = Math.max(14, Math.min(maxSize, Math.floor(204 / Math.max(widest, 1))));
  const lineHeight = Math.round(size * 1.18);
  const top = baseline - (lines.length - 1) * lineHeight;
  return lines
    .map(
      (line, i) =>
        `<text x="120" y="${top + i * lineHeight}" font-size="${size}" font-weight="800" fill="#fff" text-anchor="middle" paint-order="stroke" stroke="#000" stroke-opacity="0.22" stroke-width="4" stroke-linejoin="round">${escapeXml(line)}</text>`,
    )
    .join('');
}

const CJK = /[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Width in ems, roughly: a CJK character is one em, Latin letters a little over half. */
function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += CJK.test(ch) ? 1 : ch === ' ' ? 0.3 : /[A-Z0-9]/.test(ch) ? 0.68 : 0.56;
  return width;
}

/** CJK characters break anywhere, Latin words only at spaces; lines come out about equally long. */
export function wrap(text: string, maxLines: number): string[] {
  const tokens = text.match(/[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]+|\s+/g) ?? [text];
  const total = textWidth(text);
  const lineCount = Math.min(maxLines, Math.max(1, Math.ceil(total / 7.5)));
  if (lineCount === 1) return [text];
  const target = total / lineCount;
  const lines: string[] = [];
  let current = '';
  for (const token of tokens) {
    if (/^\s+$/.test(token)) {
      if (current) current += ' ';
      continue;
    }
    const candidate = current + token;
    if (current.trim() && textWidth(candidate) > target * 1.15 && lines.length < lineCount - 1) {
      lines.push(current.trim());
      current = token;
    } else {
      current = candidate;
    }
  }
  if (current.trim()) lines.push(current.trim());
  return lines;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] as string);
}

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function shiftHue(hex: string, degrees: number): string {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  let s = 0;
  if (d !== 0) {
    s = d / (1 - Math.abs(2 * l - 1));
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
  }
  h = (h + degrees + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r1, g1, b1] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return `#${[r1, g1, b1]
    .map((v) =>
      Math.round((v + m) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
