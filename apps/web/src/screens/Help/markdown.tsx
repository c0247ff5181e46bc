import { Fragment, type ReactNode } from 'react';

/**
 * The Markdown the help files are written in, and nothing more: headings (#, ##, ###), paragraphs,
 * lists (- or 1.), quotes (>), images on a line of their own, and inside text **bold**, `code` and
 * [links](url). Everything becomes React elements, never HTML strings, so a help file cannot inject
 * markup or script: an angle bracket is shown as written, and a link or image whose address is not
 * https, http or a path of the app is shown as plain text.
 */
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string; id: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'image'; alt: string; src: string };

const HEADING = /^(#{1,3})\s+(.+)$/;
const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const IMAGE = /^!\[([^\]]*)\]\(([^)\s]+)\)$/;
const QUOTE = /^>\s?(.*)$/;

/** A heading's anchor: letters and digits of any script, so Thai or Arabic headings get one too. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let quote: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (quote.length) blocks.push({ kind: 'quote', text: quote.join(' ') });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    quote = [];
    list = null;
  };

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    const image = IMAGE.exec(line);
    const bullet = BULLET.exec(raw);
    const numbered = NUMBERED.exec(raw);
    const quoted = QUOTE.exec(line);
    if (heading) {
      flush();
      const text = heading[2].trim();
      blocks.push({ kind: 'heading', level: heading[1].length as 1 | 2 | 3, text, id: slug(text) });
    } else if (image) {
      flush();
      blocks.push({ kind: 'image', alt: image[1], src: image[2] });
    } else if (bullet || numbered) {
      const ordered = !bullet;
      if (!list || list.ordered !== ordered) {
        flush();
        list = { ordered, items: [] };
      }
      list.items.push((bullet ?? numbered)![1].trim());
    } else if (quoted) {
      if (!quote.length) flush();
      quote.push(quoted[1]);
    } else if (list && /^\s{2,}/.test(raw)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      if (list || quote.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** Addresses a help file may point at: the web, or a screen of the app. */
export function safeHref(href: string): string | null {
  if (/^https?:\/\/[^\s]+$/i.test(href)) return href;
  if (/^\/(?!\/)[\w\-./?=&#%]*$/.test(href)) return href;
  return null;
}

const INLINE = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

export interface RenderOptions {
  /** Follows a link to a screen of the app (a path starting with /) without reloading the page. */
  onNavigate?(path: string): void;
}

export function renderInline(text: string, options: RenderOptions = {}): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const key = nodes.length;
    if (match[1] !== undefined) nodes.push(<strong key={key}>{renderInline(match[1], options)}</strong>);
    else if (match[2] !== undefined) nodes.push(<code key={key}>{match[2]}</code>);
    else {
      const label = match[3];
      const href = safeHref(match[4]);
      if (!href) nodes.push(label);
      else if (href.startsWith('/'))
        nodes.push(
          <a
            key={key}
            href={href}
            onClick={(event) => {
              if (!options.onNavigate) return;
              event.preventDefault();
              options.onNavigate(href);
            }}
          >
            {label}
          </a>,
        );
      else
        nodes.push(
          <a key={key} href={href} target="_blank" rel="noopener noreferrer">
            {label}
          </a>,
        );
    }
    last = index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function renderBlocks(blocks: Block[], options: RenderOptions = {}): ReactNode {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case 'heading': {
        const Tag = block.level === 1 ? 'h2' : block.level === 2 ? 'h3' : 'h4';
        return (
          <Tag key={index} id={block.id} className={`md__h${block.level}`}>
            {renderInline(block.text, options)}
          </Tag>
        );
      }
      case 'paragraph':
        return <p key={index}>{renderInline(block.text, options)}</p>;
      case 'quote':
        return (
          <blockquote key={index} className="md__note">
            {renderInline(block.text, options)}
          </blockquote>
        );
      case 'list': {
        const Tag = block.ordered ? 'ol' : 'ul';
        return (
          <Tag key={index}>
            {block.items.map((item, i) => (
              <li key={i}>{renderInline(item, options)}</li>
            ))}
          </Tag>
        );
      }
      case 'image': {
        const src = safeHref(block.src);
        if (!src) return <Fragment key={index}>{block.alt}</Fragment>;
        return (
          <figure key={index} className="md__figure">
            <img src={src} alt={block.alt} loading="lazy" decoding="async" />
            {block.alt && <figcaption>{block.alt}</figcaption>}
          </figure>
        );
      }
      default:
        return null;
    }
  });
}

/** A help file as the player reads it. */
export function Markdown({ source, onNavigate, testId }: { source: string; onNavigate?(path: string): void; testId?: string }) {
  return (
    <div className="md" data-testid={testId}>
      {renderBlocks(parseMarkdown(source), { onNavigate })}
    </div>
  );
}
