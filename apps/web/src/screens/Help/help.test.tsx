import { LANGUAGES, type Language } from '@lobby/contract';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { useSettings } from '../../state/settings';
import { answering, loadTexts, renderScreen, resetApp, settle, type Rendered } from '../../testing/screen';
import { readAppDownload, readBuyCryptoLinks } from '../../state/queries/appLinks';
import AppDownloadScreen from './AppDownloadScreen';
import BuyCryptoScreen from './BuyCryptoScreen';
import { HELP_TOPICS, searchSections, sectionsOf, toDoc, type HelpTopic } from './content';
import HelpCenterScreen from './HelpCenterScreen';
import HelpTopicScreen from './HelpTopicScreen';
import { Markdown, parseMarkdown, safeHref } from './markdown';
import { usePwa } from '../../lib/pwa';

const call = vi.fn();
vi.mock('../../api', () => ({ api: { call: (...args: unknown[]) => call(...args) }, endSession: vi.fn() }));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const CONTENT = join(import.meta.dirname, '../../content/help');
const PUBLIC = join(import.meta.dirname, '../../../public');
const ROUTES = readFileSync(join(import.meta.dirname, '../../routes.tsx'), 'utf8');
/** Paths the app answers: its routes and the tab layout's roots. */
const APP_PATHS = new Set([...ROUTES.matchAll(/path: '([^']+)'/g)].map((m) => m[1]).concat(['/home', '/menu', '/activity', '/userProfile', '/walletShow']));

const read = (topic: string, language: string) => readFileSync(join(CONTENT, topic, `${language}.md`), 'utf8');

const SITE_CONFIG = {
  version: 3,
  changed: true,
  items: {
    buyCryptoLinks: [
      { name: 'Binance', url: 'https://www.binance.com/en/buy-sell-crypto' },
      { name: 'Script', url: 'javascript:alert(1)' },
    ],
    appDownload: { androidApkUrl: 'https://cdn.example.com/hashlobby-1.4.0.apk', androidVersion: '1.4.0', iosAppUrl: null },
  },
};

describe('help pages: Markdown files per topic and language', () => {
  it('has every topic in all eight languages and nothing else', () => {
    expect(readdirSync(CONTENT).sort()).toEqual(HELP_TOPICS.map((t) => t.id).sort());
    for (const { id } of HELP_TOPICS) {
      expect(readdirSync(join(CONTENT, id)).sort(), id).toEqual(LANGUAGES.map((l) => `${l}.md`).sort());
    }
  });

  it.each(HELP_TOPICS.map((t) => t.id))('%s: a title and the same sections, links and images in every language', (topic) => {
    const english = parseMarkdown(read(topic, 'en_US'));
    const shape = (language: string) => {
      const source = read(topic, language);
      const blocks = parseMarkdown(source);
      return {
        titles: blocks.filter((b) => b.kind === 'heading' && b.level === 1).length,
        sections: blocks.filter((b) => b.kind === 'heading' && b.level === 2).length,
        links: [...source.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]).sort(),
      };
    };
    expect(english.filter((b) => b.kind === 'heading' && b.level === 2).length).toBeGreaterThanOrEqual(3);
    for (const language of LANGUAGES) {
      const words = read(topic, language).replace(/\s+/g, '').length;
      expect(words, `${topic}/${language} is real text`).toBeGreaterThan(250);
      expect(shape(language), `${topic}/${language}`).toEqual({ ...shape('en_US'), titles: 1 });
    }
  });

  it('links only to screens the app has, to https pages, and to images that exist', () => {
    for (const { id } of HELP_TOPICS) {
      for (const [, href] of read(id, 'en_US').matchAll(/\]\(([^)]+)\)/g)) {
        expect(safeHref(href), href).toBe(href);
        if (href.startsWith('/help/')) expect(existsSync(join(PUBLIC, href)), href).toBe(true);
        else if (href.startsWith('/')) expect(APP_PATHS.has(href), `${id} links to ${href}`).toBe(true);
        else expect(href).toMatch(/^https:\/\//);
      }
    }
  });

  it("names the screens as the app does: the FAQ's title, Deposit, Withdraw and the security center in every language", () => {
    for (const language of LANGUAGES) {
      const app = JSON.parse(readFileSync(join(import.meta.dirname, `../../locales/${language}.json`), 'utf8'));
      expect(read('faq', language).split('\n')[0], language).toBe(`# ${app.screens.helpCenter}`);
      const names: Record<string, string> = { '/trade/Recharge': app.screens.recharge, '/trade/Withdraw': app.screens.withdraw, '/safeCenter': app.safe.title };
      for (const { id } of HELP_TOPICS) {
        for (const [, text, href] of read(id, language).matchAll(/(?<!!)\[([^\]]+)\]\((\/[^)]+)\)/g)) {
          if (names[href]) expect(text.toLowerCase(), `${id}/${language} links to ${href}`).toBe(names[href].toLowerCase());
        }
      }
    }
    // One spelling in English, in the help pages as on the screens.
    for (const { id } of HELP_TOPICS) expect(read(id, 'en_US'), id).not.toMatch(/centre|Recharge\b(?!\))/);
  });

  it('the graphic tutorial has a picture for every step', () => {
    const blocks = parseMarkdown(read('graphic-tutorial', 'ar_EG'));
    expect(blocks.filter((b) => b.kind === 'image')).toHaveLength(4);
  });
});

describe('the Markdown renderer', () => {
  it('renders headings, lists, quotes, bold, code, links and images', () => {
    const html = renderToStaticMarkup(
      <Markdown
        source={
          '# T\n\n## Deposit\nSend **USDT** to `TQ9` via [Recharge](/trade/Recharge).\n\n- one\n- two\n\n1. first\n\n> careful\n\n![QR](/help/deposit-address.svg)'
        }
      />,
    );
    expect(html).toContain('<h3 id="deposit" class="md__h2">Deposit</h3>');
    expect(html).toContain('<strong>USDT</strong>');
    expect(html).toContain('<code>TQ9</code>');
    expect(html).toContain('<a href="/trade/Recharge">Recharge</a>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>');
    expect(html).toContain('<blockquote class="md__note">careful</blockquote>');
    expect(html).toContain('<img src="/help/deposit-address.svg" alt="QR"');
  });

  it('never turns content into markup or script', () => {
    const html = renderToStaticMarkup(
      <Markdown
        source={
          '<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [data](data:text/html,x) [far](//evil.example)\n\n![x](javascript:alert(1))'
        }
      />,
    );
    expect(html).not.toMatch(/<script|<img src="x"|href="javascript|href="data|href="\/\/|src="javascript/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('click');
  });

  it('opens outside links in a new tab without giving them the app window', () => {
    const html = renderToStaticMarkup(<Markdown source="[Tronscan](https://tronscan.org)" />);
    expect(html).toContain('<a href="https://tronscan.org" target="_blank" rel="noopener noreferrer">Tronscan</a>');
  });
});

describe('help search', () => {
  const sections = (language: Language) => HELP_TOPICS.flatMap(({ id }) => sectionsOf(toDoc(id as HelpTopic, language, read(id, language))));

  it('finds how to deposit USDT-TRC20, the answer in its heading first', () => {
    const found = searchSections(sections('en_US'), 'deposit usdt trc20');
    expect(found[0].heading).toBe('How do I deposit USDT (TRC20)?');
  });

  it('finds words inside Thai and Chinese text, which has no spaces', () => {
    expect(searchSections(sections('th_TH'), 'ฝาก').length).toBeGreaterThan(0);
    expect(searchSections(sections('zh_CN'), '验证')[0].topic).toBe('faq');
  });

  it('finds nothing for words no page has', () => {
    expect(searchSections(sections('en_US'), 'zebra')).toEqual([]);
  });
});

describe('help texts (locales/help)', () => {
  const files = import.meta.glob<Record<string, unknown>>('../../locales/help/*.json', { eager: true, import: 'default' });
  const keys = (tree: Record<string, unknown>, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [prefix + key.replace(/_(zero|one|two|few|many|other)$/, '')] : keys(value as Record<string, unknown>, `${prefix}${key}.`),
    );
  it.each(LANGUAGES)('%s has the keys of en_US (plural forms aside)', (language) => {
    const english = [...new Set(keys(files['../../locales/help/en_US.json']))].sort();
    expect([...new Set(keys(files[`../../locales/help/${language}.json`]))].sort()).toEqual(english);
  });
});

describe('operator links from the site configuration', () => {
  it('keeps web links and drops anything else', () => {
    expect(readBuyCryptoLinks(SITE_CONFIG.items)).toEqual([{ name: 'Binance', url: 'https://www.binance.com/en/buy-sell-crypto' }]);
    expect(readAppDownload({ appDownload: { androidApkUrl: 'javascript:x', iosAppUrl: '/downloads/app' } })).toEqual({
      androidApkUrl: null,
      androidVersion: null,
      iosAppUrl: '/downloads/app',
    });
    expect(readAppDownload(undefined).androidApkUrl).toBeNull();
  });
});

const SCREENS: { path: string; topic: HelpTopic; render: () => React.ReactNode }[] = [
  { path: '/helpCenter', topic: 'faq', render: () => <HelpCenterScreen /> },
  { path: '/tutorial', topic: 'tutorial', render: () => <HelpTopicScreen topic="tutorial" /> },
  { path: '/graphicTutorial', topic: 'graphic-tutorial', render: () => <HelpTopicScreen topic="graphic-tutorial" /> },
  { path: '/tronIntroduce', topic: 'tron', render: () => <HelpTopicScreen topic="tron" /> },
  { path: '/walletRegister', topic: 'wallet-register', render: () => <HelpTopicScreen topic="wallet-register" /> },
  { path: '/buyCrypto', topic: 'buy-crypto', render: () => <BuyCryptoScreen /> },
  { path: '/appDownload', topic: 'app-install', render: () => <AppDownloadScreen /> },
  { path: '/relAppDownload', topic: 'wallets', render: () => <AppDownloadScreen related /> },
];

async function renderIn(language: Language, node: React.ReactNode): Promise<Rendered> {
  useSettings.setState({ language });
  await loadTexts(language, ['help']);
  const screen = await renderScreen(node);
  await vi.waitFor(async () => {
    await settle(1);
    if (screen.byTestId('help-loading')) throw new Error('still loading');
  });
  return screen;
}

describe('every help route in every language', () => {
  beforeEach(() => {
    resetApp();
    call.mockReset();
    call.mockImplementation(answering({ '/v1/notice/configSync': () => SITE_CONFIG }));
  });
  afterAll(() => useSettings.setState({ language: 'en_US' }));

  it.each(SCREENS.flatMap((screen) => LANGUAGES.map((language) => [screen.path, language, screen] as const)))(
    '%s in %s shows its page with its own title',
    async (_path, language, { topic, render }) => {
      const screen = await renderIn(language, render());
      const title = parseMarkdown(read(topic, language)).find((b) => b.kind === 'heading')!;
      expect(screen.byTestId('screen-title')!.textContent).toBe((title as { text: string }).text);
      expect(screen.byTestId('help-load-error')).toBeNull();
      const body = screen.container.textContent ?? '';
      expect(body.length).toBeGreaterThan(200);
      // No translation key left on screen.
      expect(body).not.toMatch(/\b(apps|buy|search|loadError)\.[a-z]+/);
      expect(i18n.language).toBe(language);
    },
  );

  it("lists the operator's exchanges on /buyCrypto, and no unsafe one", async () => {
    const screen = await renderIn('en_US', <BuyCryptoScreen />);
    const links = [...screen.container.querySelectorAll<HTMLAnchorElement>('[data-testid="buy-crypto-link"]')];
    expect(links.map((a) => a.href)).toEqual(['https://www.binance.com/en/buy-sell-crypto']);
  });

  it('says so on /buyCrypto when the operator lists no exchange', async () => {
    call.mockImplementation(answering({ '/v1/notice/configSync': () => ({ version: 1, changed: true, items: {} }) }));
    const screen = await renderIn('en_US', <BuyCryptoScreen />);
    expect(screen.byTestId('buy-crypto-none')!.textContent).toContain('No exchange listed yet');
  });

  it('offers the configured APK with its version on /appDownload', async () => {
    const screen = await renderIn('pt_BR', <AppDownloadScreen />);
    const apk = screen.byTestId('app-apk') as HTMLAnchorElement;
    expect(apk.href).toBe('https://cdn.example.com/hashlobby-1.4.0.apk');
    expect(apk.textContent).toContain('versão 1.4.0');
    expect(screen.byTestId('app-install-status')!.textContent).toBe('Abra o menu do navegador e escolha Instalar app ou Adicionar à tela inicial.');
  });

  it("says plainly when no APK is published, on any device, and offers the web app instead: the install button, or Safari's steps on an iPhone", async () => {
    call.mockImplementation(answering({ '/v1/notice/configSync': () => ({ version: 1, changed: true, items: {} }) }));
    let screen = await renderIn('en_US', <AppDownloadScreen />);
    expect(screen.byTestId('app-apk')).toBeNull();
    expect(screen.byTestId('app-apk-none')!.textContent).toContain('No Android app file (APK) is offered here yet. Install the web app instead');
    expect(screen.byTestId('app-install')).toBeNull();
    // The steps never point at a button the page may not have.
    expect(screen.byTestId('help-app-install')?.textContent ?? read('app-install', 'en_US')).not.toMatch(/button above|above when/i);
    const prompt = Object.assign(new Event('beforeinstallprompt'), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    usePwa.setState({ installEvent: prompt });
    screen = await renderIn('en_US', <AppDownloadScreen />);
    expect(screen.byTestId('app-install')!.textContent).toContain('Install app');
    usePwa.setState({ installEvent: null });
    const agent = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1');
    try {
      screen = await renderIn('ar_EG', <AppDownloadScreen />);
      expect(screen.byTestId('app-ios-steps')!.querySelectorAll('li')).toHaveLength(3);
      expect(screen.byTestId('app-ios-steps')!.textContent).toContain('Safari');
      expect(screen.byTestId('app-apk-none')!.textContent).toContain('APK');
    } finally {
      agent.mockRestore();
    }
  });

  it('searches the help centre as the player types', async () => {
    const screen = await renderIn('en_US', <HelpCenterScreen />);
    expect(screen.container.querySelectorAll('.help-faq__item').length).toBeGreaterThanOrEqual(8);
    await screen.type('help-search', 'verify');
    await vi.waitFor(() => expect(screen.byTestId('help-search-results')).not.toBeNull());
    expect(screen.byTestId('help-search-results')!.textContent).toContain('How do I verify a result myself?');
    await screen.type('help-search', 'zebra');
    await vi.waitFor(() => expect(screen.byTestId('help-search-empty')!.textContent).toContain('No answers for “zebra”'));
  });
});
