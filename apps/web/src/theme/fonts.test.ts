import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { shippedFonts } from '../../build/shippedFonts';

const require = createRequire(import.meta.url);

/** A fontsource stylesheet as the build hands it to the app. */
function built(stylesheet: string): string {
  const id = require.resolve(stylesheet);
  const plugin = shippedFonts();
  const transform = plugin.transform as { handler(this: unknown, code: string, id: string): { code: string } };
  return transform.handler.call({}, readFileSync(id, 'utf8'), id).code;
}

interface Face {
  family: string;
  covers(char: string): boolean;
  src: string;
}

function faces(css: string): Face[] {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body]) => {
    const ranges = /unicode-range:\s*([^;]+)/
      .exec(body)![1]
      .split(',')
      .map((part) =>
        part
          .trim()
          .replace(/^U\+/i, '')
          .split('-')
          .map((n) => parseInt(n, 16)),
      );
    return {
      family: /font-family:\s*'([^']+)'/.exec(body)![1],
      src: /src:\s*([^;]+)/.exec(body)![1],
      covers: (char) => ranges.some(([from, to = from]) => char.codePointAt(0)! >= from && char.codePointAt(0)! <= to),
    };
  });
}

const covered = (list: Face[], char: string) => list.some((face) => face.covers(char));

describe('shipped fonts', () => {
  it.each([
    ['@fontsource/noto-sans-sc/400.css', '简体中文测试，。'],
    ['@fontsource/noto-sans-tc/400.css', '繁體中文測試'],
  ])('%s draws Chinese and nothing of Latin, Arabic or Thai', (stylesheet, chinese) => {
    const list = faces(built(stylesheet));
    expect(list.length).toBeGreaterThan(50);
    for (const char of chinese) expect(covered(list, char), char).toBe(true);
    // Noto Sans SC carries a few Arabic and Thai letters: drawn by it, an Arabic or Thai word would
    // mix two fonts. Latin stays with the device's fonts.
    for (const char of 'Aaz0ابةرعلไทย') expect(covered(list, char), char).toBe(false);
  });

  it('Noto Sans Thai draws Thai only', () => {
    const list = faces(built('@fontsource/noto-sans-thai/400.css'));
    for (const char of 'ภาษาไทยกำ่') expect(covered(list, char), char).toBe(true);
    for (const char of 'Aaz0é') expect(covered(list, char), char).toBe(false);
  });

  it.each([
    ['@fontsource/noto-sans-sc/400.css', 'PingFang SC Regular'],
    ['@fontsource/noto-sans-tc/400.css', 'Microsoft JhengHei'],
    ['@fontsource/noto-sans-thai/400.css', 'Thonburi'],
    ['@fontsource/noto-sans-thai/700.css', 'Thonburi Bold'],
  ])('%s draws from an installed font first, else downloads woff2 only', (stylesheet, installed) => {
    for (const face of faces(built(stylesheet))) {
      expect(face.src.startsWith('local(')).toBe(true);
      expect(face.src).toContain(`local('${installed}')`);
      expect(face.src.indexOf('local(')).toBeLessThan(face.src.indexOf('url('));
      expect(face.src).toMatch(/\.woff2\)/);
      expect(face.src).not.toMatch(/\.woff\)/);
    }
  });
});
