import { LANGUAGES } from '@lobby/contract';
import { describe, expect, it } from 'vitest';

/** A locale file as written: nested objects of texts. */
export type Tree = { [key: string]: string | Tree };

/** Languages written in scripts other than Latin: a Latin word in them is an untranslated text. */
export const NON_LATIN_LANGUAGES = ['zh_CN', 'zh_TW', 'th_TH', 'ar_EG'] as const;

export function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)))),
  );
}

export const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
export const withoutPlaceholders = (text: string) => text.replace(/{{\s*\w+\s*}}/g, '');

export interface NamespaceTexts {
  /** The flattened texts of one language; throws when the namespace has no file for it. */
  load(language: string): Record<string, string>;
  english: Record<string, string>;
}

export interface NamespaceSpec {
  /** The namespace directory's name, as the screens load it. */
  namespace: string;
  /** What the texts are for: the describe block's title. */
  title: string;
  /** `import.meta.glob('./*.json', { eager: true, import: 'default' })` of the namespace directory. */
  files: Record<string, Tree>;
  /**
   * The raw sources of the screens that read the namespace: every `t('literal.key')` in them must exist.
   * Left out when a namespace checks its keys its own way.
   */
  used?: {
    sources: Record<string, string>;
    /** Fewer literal keys than this means the source glob matched the wrong files. */
    atLeast: number;
    /** Who asks for the keys, for the title: "the screens use" unless said. */
    by?: string;
  };
  /**
   * Latin words allowed inside texts of non-Latin scripts (currency codes, brands), with their
   * description for the test's title; `false` skips the check for a namespace not yet held to it.
   */
  latin?: { allowed?: RegExp; besides?: string } | false;
  /** Whether every language must carry the placeholders of en_US; on unless a namespace is not held to it. */
  samePlaceholders?: boolean;
}

/**
 * Declares the checks every locale namespace passes: each of the eight languages has exactly the keys of
 * en_US, each with a text (and its placeholders), non-Latin scripts carry no Latin words but the allowed
 * ones, and every literal key the screens ask for exists. `extra` declares the namespace's own checks in
 * the same block.
 */
export function describeNamespace(spec: NamespaceSpec, extra?: (texts: NamespaceTexts) => void): void {
  const { namespace, files, used, latin = {}, samePlaceholders = true } = spec;
  const load = (language: string) => {
    const tree = files[`./${language}.json`];
    if (!tree) throw new Error(`no ${namespace} locale for ${language}`);
    return flatten(tree);
  };
  const english = load('en_US');

  describe(spec.title, () => {
    const withPlaceholders = samePlaceholders ? ', each with a text and the same placeholders' : ', each with a text';
    it.each(LANGUAGES)(`%s has exactly the keys of en_US${withPlaceholders}`, (language) => {
      expect(files[`./${language}.json`], `no ${namespace} locale for ${language}`).toBeDefined();
      const flat = load(language);
      expect(Object.keys(flat).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(flat)) {
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        if (samePlaceholders) expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english[key]));
      }
    });

    if (latin) {
      const besides = latin.besides ? ` besides ${latin.besides}` : '';
      it.each(NON_LATIN_LANGUAGES)(`%s has no Latin words${besides}`, (language) => {
        const strip = (text: string) => (latin.allowed ? withoutPlaceholders(text).replace(latin.allowed, '') : withoutPlaceholders(text));
        const found = Object.entries(load(language))
          .filter(([, text]) => /[A-Za-z]{2,}/.test(strip(text)))
          .map(([key, text]) => `${key}: ${text}`);
        expect(found).toEqual([]);
      });
    }

    if (used) {
      it(`every literal key ${used.by ?? 'the screens use'} exists`, () => {
        const keys = Object.values(used.sources).flatMap((source) => [...source.matchAll(/\bt\('([\w.]+)'/g)].map((m) => m[1]));
        expect(keys.length).toBeGreaterThan(used.atLeast);
        for (const key of keys) expect(english, key).toHaveProperty([key]);
      });
    }

    extra?.({ load, english });
  });
}
