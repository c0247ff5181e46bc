import { DEFAULT_LANGUAGE } from '@lobby/contract';
import { useEffect, useState } from 'react';
import type { IconName } from '../../components/Icon';
import { parseMarkdown, slug, type Block } from './markdown';

/**
 * The help pages are Markdown files, one per topic and language, under src/content/help/<topic>/<lang>.md:
 * an editor changes the text without touching code. Each file is its own small chunk, so a player
 * downloads only the pages they open, in their language. A file's first `# ` heading is its title.
 */
const files = import.meta.glob<string>('../../content/help/*/*.md', { query: '?raw', import: 'default' });

export const HELP_TOPICS = [
  { id: 'faq', path: '/helpCenter', icon: 'help' },
  { id: 'tutorial', path: '/tutorial', icon: 'book' },
  { id: 'graphic-tutorial', path: '/graphicTutorial', icon: 'star' },
  { id: 'tron', path: '/tronIntroduce', icon: 'tron' },
  { id: 'wallet-register', path: '/walletRegister', icon: 'wallet' },
  { id: 'buy-crypto', path: '/buyCrypto', icon: 'crypto' },
  { id: 'wallets', path: '/relAppDownload', icon: 'download' },
  { id: 'app-install', path: '/appDownload', icon: 'download' },
] as const satisfies readonly { id: string; path: string; icon: IconName }[];

export type HelpTopic = (typeof HELP_TOPICS)[number]['id'];

export interface HelpDoc {
  topic: HelpTopic;
  language: string;
  title: string;
  /** Everything below the title. */
  blocks: Block[];
  source: string;
}

const cache = new Map<string, Promise<HelpDoc>>();

export function helpFileKey(topic: string, language: string): string {
  return `../../content/help/${topic}/${language}.md`;
}

export function toDoc(topic: HelpTopic, language: string, source: string): HelpDoc {
  const blocks = parseMarkdown(source);
  const titleIndex = blocks.findIndex((block) => block.kind === 'heading' && block.level === 1);
  const title = titleIndex >= 0 ? (blocks[titleIndex] as { text: string }).text : topic;
  return { topic, language, title, blocks: blocks.filter((_, i) => i !== titleIndex), source };
}

/** A topic in this language; a language without the file reads the English one rather than nothing. */
export function loadHelpDoc(topic: HelpTopic, language: string): Promise<HelpDoc> {
  const key = `${topic}/${language}`;
  let doc = cache.get(key);
  if (!doc) {
    const load = files[helpFileKey(topic, language)] ?? files[helpFileKey(topic, DEFAULT_LANGUAGE)];
    doc = load ? load().then((source) => toDoc(topic, language, source)) : Promise.reject(new Error(`no help page ${topic}`));
    doc.catch(() => cache.delete(key));
    cache.set(key, doc);
  }
  return doc;
}

export type Loaded<T> = ({ status: 'loading' } | { status: 'ready'; value: T } | { status: 'error' }) & { retry(): void };

function usePromise<T>(make: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ready'; value: T } | { status: 'error' }>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    make().then(
      (value) => live && setState({ status: 'ready', value }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

export function useHelpDoc(topic: HelpTopic, language: string): Loaded<HelpDoc> {
  return usePromise(() => loadHelpDoc(topic, language), [topic, language]);
}

export function useAllHelpDocs(language: string): Loaded<HelpDoc[]> {
  return usePromise(() => Promise.all(HELP_TOPICS.map(({ id }) => loadHelpDoc(id, language))), [language]);
}

/** One `##` section of a page: what the help centre's search finds and shows. */
export interface HelpSection {
  topic: HelpTopic;
  path: string;
  pageTitle: string;
  heading: string;
  anchor: string;
  blocks: Block[];
  text: string;
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
    case 'quote':
      return block.text;
    case 'list':
      return block.items.join(' ');
    case 'image':
      return block.alt;
  }
}

export function sectionsOf(doc: HelpDoc): HelpSection[] {
  const path = HELP_TOPICS.find((topic) => topic.id === doc.topic)!.path;
  const sections: HelpSection[] = [];
  let current: HelpSection = { topic: doc.topic, path, pageTitle: doc.title, heading: doc.title, anchor: '', blocks: [], text: '' };
  for (const block of doc.blocks) {
    if (block.kind === 'heading' && block.level === 2) {
      if (current.blocks.length) sections.push(current);
      current = { topic: doc.topic, path, pageTitle: doc.title, heading: block.text, anchor: block.id, blocks: [], text: '' };
      continue;
    }
    current.blocks.push(block);
  }
  if (current.blocks.length) sections.push(current);
  for (const section of sections) section.text = [section.heading, ...section.blocks.map(blockText)].join(' ');
  return sections;
}

/** Markdown marks and case left out, so "usdt trc20" finds "**USDT-TRC20**". */
const normalize = (text: string) => slug(text.replace(/[*`[\]()]/g, ' ')).replace(/-/g, ' ');

/**
 * Sections containing every word of the query, those with a match in the heading first. Thai and
 * Chinese are written without spaces, so a word is matched anywhere inside the text.
 */
export function searchSections(sections: HelpSection[], query: string): HelpSection[] {
  const words = normalize(query).split(' ').filter(Boolean);
  if (!words.length) return [];
  return sections
    .map((section) => ({ section, heading: normalize(section.heading), text: normalize(section.text) }))
    .filter(({ text }) => words.every((word) => text.includes(word)))
    .sort((a, b) => Number(words.some((w) => b.heading.includes(w))) - Number(words.some((w) => a.heading.includes(w))))
    .map(({ section }) => section);
}
