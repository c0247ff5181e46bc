import { GameType } from '@lobby/contract';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { hashGameSeeds, type GameSeed } from './catalogue.ts';
import { GLYPHS } from './glyphs/noto-sans-sc.ts';
import { renderGameLogo, shapeDrawnTexts, type LogoSubject, type LogoVariant } from './logos.ts';

const VARIANTS: LogoVariant[] = ['zh', 'en'];
// What every phone's own fonts draw: Latin letters, digits, punctuation (and the Σ of the sum games).
const DEVICE_TEXT = /^[\u0020-\u007e\u00a0-\u024f\u0370-\u03ff\u2000-\u206f]*$/;
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;

const subject = (seed: GameSeed): LogoSubject => ({
  id: seed.id,
  gameType: seed.game_type,
  manufacturerName: seed.manufacturer,
  nameZh: seed.name_zh,
  nameEn: seed.name_en,
  period: seed.period,
});
// Third-party games come from the aggregator with one name, often with Chinese or accented titles.
const thirdParty: LogoSubject[] = [
  [GameType.SLOT, 'Demo Studio', 'Lucky Sevens', 'Lucky Sevens'],
  [GameType.CRYPTO, 'Demo Studio', 'Rocket Crash', 'Rocket Crash'],
  [GameType.FISH, 'Demo Studio', '捕鱼大战', 'Fishing War'],
  [GameType.LIVE, 'Evolution', '闪电轮盘', 'Lightning Roulette'],
  [GameType.POKER, 'Kaiyuan', '德州扑克', "Texas Hold'em"],
  [GameType.SPORT, 'SABA Sports', '沙巴体育', 'SABA Sports & eSports'],
  [GameType.MINI, 'Demo Studio', 'Plinko <XY>', 'Plinko <XY>'],
].map(([gameType, manufacturerName, nameZh, nameEn], index) => ({
  id: 100_001 + index,
  gameType: gameType as number,
  manufacturerName: manufacturerName as string,
  nameZh: nameZh as string,
  nameEn: nameEn as string,
  period: null,
}));
const catalogue = [...hashGameSeeds().map(subject), ...thirdParty];

interface ParsedLogo {
  root: string;
  /** The content of every <text> element, entities decoded. */
  texts: string[];
  title: string;
  /** The d of every <path>. */
  paths: string[];
}

/** Parses strictly as XML: a malformed or unescaped logo throws. */
function parseLogo(svg: string): ParsedLogo {
  const parser = new SaxesParser();
  const parsed: ParsedLogo = { root: '', texts: [], title: '', paths: [] };
  const open: string[] = [];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    if (!parsed.root) parsed.root = tag.name;
    if (tag.name === 'text') parsed.texts.push('');
    if (tag.name === 'path') parsed.paths.push(String(tag.attributes.d));
    if (!tag.isSelfClosing) open.push(tag.name);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) open.pop();
  });
  parser.on('text', (text) => {
    if (open.at(-1) === 'text') parsed.texts[parsed.texts.length - 1] += text;
    if (open.at(-1) === 'title') parsed.title += text;
  });
  parser.write(svg).close();
  return parsed;
}

describe('game logos', () => {
  it('write no Chinese, or any script a phone may lack, as text in any logo of the catalogue', () => {
    for (const game of catalogue) {
      for (const variant of VARIANTS) {
        const logo = parseLogo(renderGameLogo(game, variant));
        expect(logo.root).toBe('svg');
        for (const text of logo.texts) {
          expect(text, `${variant} logo of game ${game.id}`).toMatch(DEVICE_TEXT);
          expect(text).not.toMatch(CJK);
        }
      }
    }
  });

  it('have an outline for every character drawn as a shape', () => {
    const characters = new Set(shapeDrawnTexts().join(''));
    for (const character of ['大', '小', '单', '双', '牛', '庄', '闲', '秒', '分']) {
      expect(characters).toContain(character);
    }
    for (const character of characters) {
      expect(GLYPHS[character]?.d, character).toMatch(/^M[-\d ]+[LQCZ]/);
      expect(GLYPHS[character].advance, character).toBeGreaterThan(0);
    }
  });

  it('draw the Chinese emblem and round length of each hash game from those outlines', () => {
    const bigSmallThreeSeconds = catalogue.find((game) => game.id === 1) as LogoSubject;
    const bankerPlayerOneMinute = catalogue.find((game) => game.id === 104) as LogoSubject;
    const glyphsOf = (text: string) => [...text].map((character) => GLYPHS[character].d);

    const bigSmall = parseLogo(renderGameLogo(bigSmallThreeSeconds, 'zh'));
    expect(bigSmall.paths).toEqual(expect.arrayContaining(glyphsOf('大小3秒')));
    const bankerPlayer = parseLogo(renderGameLogo(bankerPlayerOneMinute, 'zh'));
    expect(bankerPlayer.paths).toEqual(expect.arrayContaining(glyphsOf('庄闲1分')));
    expect(bankerPlayer.texts).toEqual([]);
  });

  it('leave the name out of Chinese logos and keep it in the English ones and in every title', () => {
    for (const game of catalogue.filter((entry) => entry.id === 1 || entry.gameType === GameType.SLOT)) {
      const zh = parseLogo(renderGameLogo(game, 'zh'));
      expect(zh.title).toBe(game.nameZh);
      expect(zh.texts.join(' ')).not.toContain(game.nameZh);
      const en = parseLogo(renderGameLogo(game, 'en'));
      expect(en.title).toBe(game.nameEn);
      expect(en.texts.join(' ').replace(/\s+/g, ' ')).toContain(game.nameEn);
    }
  });

  it('stay valid, escaped XML and free of Chinese text for a game an operator adds later', () => {
    const added: LogoSubject = {
      id: 9001,
      gameType: GameType.LIVE,
      manufacturerName: '网易<b>',
      nameZh: '龙虎斗 <script>alert("x")</script> & 朋友\'s',
      nameEn: '',
      period: null,
    };
    for (const variant of VARIANTS) {
      const svg = renderGameLogo(added, variant);
      expect(svg).not.toContain('<script');
      expect(svg).not.toContain('<b>');
      const logo = parseLogo(svg);
      expect(logo.title).toBe(added.nameZh);
      for (const text of logo.texts) expect(text).toMatch(DEVICE_TEXT);
    }

    const latin = parseLogo(renderGameLogo({ ...added, manufacturerName: 'R&D <Games>', nameEn: 'Tom & "Jerry\'s" <Dice>' }, 'en'));
    expect(latin.texts).toContain('R&D <Games>');
    expect(latin.texts.join(' ')).toContain('Tom & "Jerry\'s" <Dice>');
  });
});
