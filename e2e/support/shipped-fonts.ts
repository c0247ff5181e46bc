import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';

const require = createRequire(import.meta.url);

/**
 * The fonts a bare machine has, taken from npm packages instead of the system: DejaVu Sans for Latin,
 * Noto Sans Arabic for Arabic. No Chinese and no Thai: those come from the web fonts the app ships.
 */
const FONT_FILES = [400, 700].flatMap((weight) => [
  ['@fontsource/dejavu-sans', `dejavu-sans-latin-${weight}-normal.woff`],
  ['@fontsource/noto-sans-arabic', `noto-sans-arabic-arabic-${weight}-normal.woff`],
  ['@fontsource/noto-sans-arabic', `noto-sans-arabic-latin-${weight}-normal.woff`],
]);

/**
 * A WOFF 1.0 font as the TrueType/OpenType file it wraps (fontconfig reads neither WOFF format): each
 * table inflated where it was compressed, then laid out again behind an sfnt header, 4-byte aligned.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compressed < length ? inflateSync(raw) : raw };
  });
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(count * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

let written: string | undefined;

/**
 * A fontconfig file naming only the npm fonts above (converted once per process into a folder of
 * their own): a Chromium launched with it as FONTCONFIG_FILE sees the same fonts on every machine.
 */
export function shippedFontsConfig(): string {
  if (written) return written;
  const dir = join(tmpdir(), `lobby-test-fonts-${process.pid}`);
  const fonts = join(dir, 'fonts');
  mkdirSync(fonts, { recursive: true });
  for (const [pkg, file] of FONT_FILES) {
    const path = join(dirname(require.resolve(`${pkg}/package.json`)), 'files', file);
    writeFileSync(join(fonts, file.replace(/\.woff$/, '.ttf')), woffToSfnt(readFileSync(path)));
  }
  const config = join(dir, 'fonts.conf');
  writeFileSync(
    config,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>${fonts}</dir>
  <cachedir>${join(dir, 'cache')}</cachedir>
  <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family><family>Noto Sans Arabic</family></prefer></alias>
  <alias><family>serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>DejaVu Sans</family></prefer></alias>
</fontconfig>
`,
  );
  written = config;
  return config;
}
