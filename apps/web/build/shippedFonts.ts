import type { Plugin } from 'vite';

type Range = [number, number];

/** Han characters with the punctuation, kana and full-width forms set beside them. */
const HAN: Range[] = [
  [0x2e80, 0x2fff],
  [0x3000, 0x303f],
  [0x3040, 0x30ff],
  [0x3100, 0x312f],
  [0x3190, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe1f],
  [0xfe30, 0xfe4f],
  [0xff00, 0xffef],
  [0x20000, 0x3134f],
];
const THAI: Range[] = [[0x0e00, 0x0e7f]];

interface ShippedFont {
  /** The characters the font is there for. */
  script: Range[];
  /** The same design, or the platform's own font for the script, installed under these names, by weight. */
  local: Record<number, string[]>;
}

/** Each shipped font (see src/theme/fonts.ts): its script, and the installed fonts that spare the download. */
const FONTS: Record<string, ShippedFont> = {
  'noto-sans-sc': {
    script: HAN,
    local: {
      400: [
        'PingFang SC Regular',
        'PingFangSC-Regular',
        'Microsoft YaHei',
        'Noto Sans CJK SC Regular',
        'NotoSansCJKsc-Regular',
        'Source Han Sans SC Regular',
        'SourceHanSansSC-Regular',
        'Noto Sans SC Regular',
        'NotoSansSC-Regular',
      ],
    },
  },
  'noto-sans-tc': {
    script: HAN,
    local: {
      400: [
        'PingFang TC Regular',
        'PingFangTC-Regular',
        'Microsoft JhengHei',
        'Noto Sans CJK TC Regular',
        'NotoSansCJKtc-Regular',
        'Source Han Sans TC Regular',
        'SourceHanSansTC-Regular',
        'Noto Sans TC Regular',
        'NotoSansTC-Regular',
      ],
    },
  },
  'noto-sans-thai': {
    script: THAI,
    local: {
      400: ['Thonburi', 'Leelawadee UI', 'Noto Sans Thai Regular', 'NotoSansThai-Regular'],
      700: ['Thonburi Bold', 'Thonburi-Bold', 'Leelawadee UI Bold', 'LeelawadeeUI-Bold', 'Noto Sans Thai Bold', 'NotoSansThai-Bold'],
    },
  },
};

const FONTSOURCE_CSS = /[\\/]@fontsource[\\/]([\w-]+)[\\/][^?]*\.css$/;
const WOFF_FALLBACK = /,\s*url\([^)]*\.woff\)\s*format\(['"]woff['"]\)/g;

function parseRanges(list: string): Range[] {
  return list.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    if (from.includes('?')) return [parseInt(from.replace(/\?/g, '0'), 16), parseInt(from.replace(/\?/g, 'f'), 16)];
    return [parseInt(from, 16), parseInt(to ?? from, 16)];
  });
}

function intersect(ranges: Range[], allowed: Range[]): Range[] {
  const out: Range[] = [];
  for (const [a, b] of ranges) {
    for (const [lo, hi] of allowed) {
      const from = Math.max(a, lo);
      const to = Math.min(b, hi);
      if (from <= to) out.push([from, to]);
    }
  }
  return out;
}

const hex = (code: number) => code.toString(16);

/**
 * Keeps each @font-face of a stylesheet to the characters of one script, and drops the faces left
 * with none. Fonts cut for the web carry stray pieces of other scripts (Noto Sans SC has a few Arabic
 * and Thai letters); listed before the device's own fonts for those scripts, such a face would draw
 * some letters of an Arabic or Thai word and leave the rest to another font, breaking the word.
 */
export function limitFontFaces(css: string, allowed: Range[]): string {
  return css.replace(/(?:\/\*[^*]*\*\/\s*)?@font-face\s*\{[^}]*\}\s*/g, (block) => {
    const declared = /unicode-range:\s*([^;}]+)/.exec(block);
    const ranges = intersect(declared ? parseRanges(declared[1]) : [[0, 0x10ffff]], allowed);
    if (ranges.length === 0) return '';
    const range = `unicode-range: ${ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(',')}`;
    return declared ? block.replace(declared[0], range) : block.replace(/\}\s*$/, `  ${range};\n}\n`);
  });
}

/** Puts the installed fonts of a face's weight before its download: a device that has one downloads nothing. */
export function preferInstalled(css: string, local: Record<number, string[]>): string {
  return css.replace(/@font-face\s*\{[^}]*\}/g, (block) => {
    const weight = Number(/font-weight:\s*(\d+)/.exec(block)?.[1] ?? 400);
    const names = local[weight] ?? [];
    if (names.length === 0) return block;
    return block.replace(/src:\s*/, `src: ${names.map((name) => `local('${name}')`).join(', ')}, `);
  });
}

/**
 * The shipped fonts' stylesheets as the app uses them: each face limited to its font's script, drawn
 * from an installed font where the device has one, else downloaded as woff2. Every browser the app runs in reads woff2, so fontsource's woff fallbacks (half as large
 * again: 17 MB for the Chinese faces) would only weigh down the build and the native apps.
 */
export function shippedFonts(): Plugin {
  return {
    name: 'lobby-shipped-fonts',
    enforce: 'pre',
    transform: {
      filter: { id: FONTSOURCE_CSS },
      handler(code, id) {
        const font = FONTS[FONTSOURCE_CSS.exec(id)![1]];
        const woff2 = code.replace(WOFF_FALLBACK, '');
        return { code: font ? preferInstalled(limitFontFaces(woff2, font.script), font.local) : woff2, map: null };
      },
    },
  };
}
