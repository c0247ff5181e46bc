import { LANGUAGES, WITHDRAWAL_WAITING_REASONS } from '@lobby/contract';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('../../locales/trade/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['../Trade/*.tsx', '../Wallet/*.tsx', '../SafeCenter/*.tsx', '../WithdrawAccount/*.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function load(language: string): Tree {
  const tree = files[`../../locales/trade/${language}.json`];
  if (!tree) throw new Error(`no trade locale file for ${language}`);
  return tree;
}

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)))),
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** Names that are the same in every language: currency and network codes, the Brazilian PIX and CPF. */
const SAME_EVERYWHERE = new Set(['PIX', 'CPF', 'USDT', 'TRX']);
/** Latin tokens allowed inside texts of languages written in other scripts. */
const LATIN_TOKENS = /\b(USDT|TRX|TRON|TRC20|PIX|CPF|QR)\b/g;

const english = flatten(load('en_US'));

describe('trade namespace locales', () => {
  it('has a file for every language', () => {
    expect(Object.keys(files).sort()).toEqual(LANGUAGES.map((l) => `../../locales/trade/${l}.json`).sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en_US'))('%s has exactly the keys of en_US', (language) => {
    expect(Object.keys(flatten(load(language))).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(LANGUAGES)('%s has a non-empty text for every key, with the same placeholders', (language) => {
    for (const [key, text] of Object.entries(flatten(load(language)))) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english[key]));
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en_US'))('%s leaves no English text untranslated', (language) => {
    const untranslated = Object.entries(flatten(load(language)))
      .filter(([key, text]) => text === english[key])
      .filter(([, text]) => !SAME_EVERYWHERE.has(text) && /[A-Za-z]{2,}/.test(text))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it.each(['zh_CN', 'zh_TW', 'th_TH', 'ar_EG'])('%s has no Latin words besides codes', (language) => {
    const latin = Object.entries(flatten(load(language)))
      .filter(([, text]) => /[A-Za-z]{2,}/.test(text.replace(/{{\s*\w+\s*}}/g, '').replace(LATIN_TOKENS, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(latin).toEqual([]);
  });

  it('has every key the screens ask for by name', () => {
    const missing: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      for (const match of source.matchAll(/\bt\('([\w.]+)'/g)) {
        if (!(match[1] in english)) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has every key the screens build from a value', () => {
    const families: Record<string, readonly string[]> = {
      'tabs.': ['recharge', 'withdraw', 'exchange'],
      'withdraw.stage.': ['review', 'sending', 'sent', 'failed', 'rejected'],
      'withdraw.stageText.': ['review', 'sending', 'sent', 'failed', 'rejected'],
      'withdraw.step.': ['submitted', 'review', 'sending', 'sent'],
      'withdraw.waiting.': WITHDRAWAL_WAITING_REASONS,
      'history.waiting.': WITHDRAWAL_WAITING_REASONS,
      'history.type.': ['deposit', 'withdraw', 'exchange', 'transfer'],
      'history.status.': ['pending', 'processing', 'completed', 'failed', 'rejected', 'review'],
      'addresses.errors.': ['required', 'prefix', 'length', 'characters'],
      'accounts.type.': ['1', '2', '3', '4'],
      'accounts.typeNote.': ['1', '2', '3', '4'],
      'accounts.pixType.': ['cpf', 'email', 'phone', 'random'],
      'accounts.field.': [
        'currency',
        'address',
        'label',
        'currencyCode',
        'bankName',
        'branch',
        'accountNumber',
        'holderName',
        'pixKeyType',
        'pixKey',
        'cpf',
        'provider',
        'email',
        'phone',
      ],
      'accounts.hint.': [
        'address',
        'label',
        'bankName',
        'branch',
        'accountNumber',
        'holderName',
        'pix_cpf',
        'pix_email',
        'pix_phone',
        'pix_random',
        'cpf',
        'provider',
        'email',
        'phone',
      ],
      'accounts.errors.': [
        'required',
        'tronAddress',
        'accountNumber',
        'holderName',
        'bankName',
        'provider',
        'cpf',
        'pixKey',
        'pixCpf',
        'pixEmail',
        'pixPhone',
        'pixRandom',
        'email',
        'phone',
        'emailOrPhone',
        'tooLong',
        'format',
      ],
    };
    const missing = Object.entries(families).flatMap(([prefix, names]) => names.map((n) => prefix + n).filter((key) => !(key in english)));
    expect(missing).toEqual([]);
  });
});
