import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, EXPERIENCE_MESSAGES, errorMessage } from './error-messages';
import { ALL_ERROR_CODES, ErrorCode } from './errors';
import { LANGUAGES, type Language } from './locales';

const NON_ENGLISH = LANGUAGES.filter((l) => l !== 'en_US');

// Every translated text, labelled, so each rule below runs over the catalogue and the
// experience texts alike.
const ENTRIES: { label: string; texts: Record<Language, string> }[] = [
  ...ALL_ERROR_CODES.map((code) => ({ label: `code ${code}`, texts: ERROR_MESSAGES[code] })),
  ...Object.entries(EXPERIENCE_MESSAGES).map(([key, texts]) => ({ label: `experience ${key}`, texts })),
];

// Names, currencies and acronyms that stay in Latin letters in every language.
const ALLOWED_TOKENS = new Set(['trx', 'usdt', 'ip', 'pix', 'cpf', 'tron', 'sms', 'email', 'hash']);

// Portuguese, Vietnamese and Indonesian are written in Latin letters themselves, so for them an
// ASCII word is only suspicious when it is English. The vocabulary is every word of the English
// texts plus the common function words an untranslated sentence would carry.
const ENGLISH_WORDS = new Set([
  ...ENTRIES.flatMap(({ texts }) => words(texts.en_US)),
  ...'the a an is are was were be been has have had not no to of in on for and or with you your this that please'.split(' '),
]);
const LATIN_SCRIPT: readonly Language[] = ['pt_BR', 'vi_VN', 'id_ID'];

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The longest run of consecutive words that look like leftover English. */
function longestEnglishRun(text: string, language: Language): string[] {
  let longest: string[] = [];
  let run: string[] = [];
  for (const word of words(text)) {
    const ascii = /^[a-z]+$/.test(word) && !ALLOWED_TOKENS.has(word);
    const suspicious = ascii && (!LATIN_SCRIPT.includes(language) || ENGLISH_WORDS.has(word));
    run = suspicious ? [...run, word] : [];
    if (run.length > longest.length) longest = run;
  }
  return longest;
}

const SCRIPT: Partial<Record<Language, RegExp>> = {
  zh_CN: /\p{Script=Han}/u,
  zh_TW: /\p{Script=Han}/u,
  th_TH: /\p{Script=Thai}/u,
  ar_EG: /\p{Script=Arabic}/u,
};

// Characters that exist in only one of the two Chinese scripts; a stray one means the wrong variant.
const SIMPLIFIED_ONLY = '账录请误码败数网户过额资验证转设备经达无绑邮删该获这';
const TRADITIONAL_ONLY = '帳錄請誤碼敗數網戶過額資驗證轉設備經達無綁郵刪該獲這';

describe('error messages', () => {
  describe('the catalogue', () => {
    it('holds exactly the codes of ErrorCode', () => {
      expect(
        Object.keys(ERROR_MESSAGES)
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual([...ALL_ERROR_CODES].sort((a, b) => a - b));
    });

    it.each(ENTRIES)('$label has a non-empty message in every language', ({ texts }) => {
      for (const language of LANGUAGES) {
        expect(typeof texts[language], language).toBe('string');
        expect(texts[language].trim(), language).not.toBe('');
      }
    });
  });

  describe('translations', () => {
    it.each(ENTRIES)('$label is never the English text in a non-English locale', ({ texts }) => {
      for (const language of NON_ENGLISH) {
        expect(texts[language], language).not.toBe(texts.en_US);
      }
    });

    it.each(ENTRIES)('$label carries no run of three or more English words outside en_US', ({ texts }) => {
      for (const language of NON_ENGLISH) {
        const run = longestEnglishRun(texts[language], language);
        expect(run.length, `${language}: "${texts[language]}" has "${run.join(' ')}"`).toBeLessThan(3);
      }
    });

    it.each(ENTRIES)('$label is written in the script of Chinese, Thai and Arabic locales', ({ texts }) => {
      for (const [language, script] of Object.entries(SCRIPT) as [Language, RegExp][]) {
        expect(texts[language], language).toMatch(script);
      }
    });

    it('uses simplified characters in zh_CN and traditional ones in zh_TW', () => {
      for (const { label, texts } of ENTRIES) {
        for (const ch of TRADITIONAL_ONLY) expect(texts.zh_CN, `${label} zh_CN`).not.toContain(ch);
        for (const ch of SIMPLIFIED_ONLY) expect(texts.zh_TW, `${label} zh_TW`).not.toContain(ch);
      }
    });

    it('gives zh_CN and zh_TW different texts for most messages', () => {
      const differing = ENTRIES.filter(({ texts }) => texts.zh_CN !== texts.zh_TW).length;
      // Some short phrases ("玩家不存在") are written identically in both scripts, hence "most".
      expect(differing / ENTRIES.length).toBeGreaterThanOrEqual(0.8);
    });
  });

  describe('the leftover-English check itself', () => {
    it('flags an untranslated sentence in any locale', () => {
      expect(longestEnglishRun('Insufficient balance, please recharge', 'id_ID').length).toBeGreaterThanOrEqual(3);
      expect(longestEnglishRun('余额不足 please try again', 'zh_CN').length).toBeGreaterThanOrEqual(3);
    });

    it('accepts native Latin-script sentences and allowed tokens', () => {
      expect(longestEnglishRun('Kode verifikasi SMS salah', 'id_ID')).toHaveLength(0);
      expect(longestEnglishRun('Endereço Tron inválido', 'pt_BR')).toHaveLength(0);
      expect(longestEnglishRun('ที่อยู่ Tron USDT TRX ไม่ถูกต้อง', 'th_TH')).toHaveLength(0);
    });
  });

  describe('errorMessage', () => {
    it('returns the message of the code in the requested language', () => {
      for (const code of ALL_ERROR_CODES) {
        for (const language of LANGUAGES) {
          expect(errorMessage(code, language)).toBe(ERROR_MESSAGES[code][language]);
        }
      }
    });

    it('reads the spec examples as written', () => {
      expect(errorMessage(ErrorCode.LOGGED_IN_ELSEWHERE, 'en_US')).toBe('Your account has logged in on another device');
      expect(errorMessage(ErrorCode.INSUFFICIENT_BALANCE, 'en_US')).toBe('Insufficient balance');
      expect(errorMessage(ErrorCode.TOKEN_EXPIRED, 'en_US')).toBe('Your session has expired, please log in again');
      expect(errorMessage(ErrorCode.INSUFFICIENT_BALANCE, 'zh_CN')).toBe('余额不足');
      expect(errorMessage(ErrorCode.INSUFFICIENT_BALANCE, 'zh_TW')).toBe('餘額不足');
    });

    it('accepts the client spellings of a language', () => {
      expect(errorMessage(ErrorCode.INSUFFICIENT_BALANCE, 'zh-TW')).toBe(ERROR_MESSAGES[21002].zh_TW);
      expect(errorMessage(ErrorCode.INSUFFICIENT_BALANCE, 'pt')).toBe(ERROR_MESSAGES[21002].pt_BR);
    });

    it('falls back to en_US for an unknown or missing language', () => {
      for (const language of ['xx_XX', 'klingon', '', undefined]) {
        expect(errorMessage(ErrorCode.INSUFFICIENT_BALANCE, language)).toBe('Insufficient balance');
      }
    });

    it('falls back to the failure message (code 1) for an unknown code', () => {
      for (const code of [99999, -1, 5, 1.5, Number.NaN]) {
        for (const language of LANGUAGES) {
          expect(errorMessage(code, language)).toBe(ERROR_MESSAGES[ErrorCode.FAILURE][language]);
        }
      }
    });

    it('combines both fallbacks', () => {
      expect(errorMessage(424242, 'xx')).toBe(ERROR_MESSAGES[ErrorCode.FAILURE].en_US);
    });
  });

  describe('experience-account texts', () => {
    it('match the English wording of SPEC section 5', () => {
      expect(EXPERIENCE_MESSAGES.unsettledOrders.en_US).toBe('You have unsettled orders, please wait for the game to settle and retry');
      expect(EXPERIENCE_MESSAGES.goldNotUsedUp.en_US).toBe('Your experience gold has not been used up, this function is not available yet');
    });
  });
});
