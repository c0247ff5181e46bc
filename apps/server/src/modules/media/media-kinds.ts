import type { MediaKind } from './tables.ts';

export const MEDIA_KINDS: readonly MediaKind[] = ['png', 'jpeg', 'webp', 'gif'];

export const CONTENT_TYPES: Readonly<Record<MediaKind, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** The extension a stored kind is served under; `.jpeg` is accepted on the way in as well. */
export const EXTENSIONS: Readonly<Record<MediaKind, string>> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };

const startsWith = (bytes: Uint8Array, offset: number, signature: readonly number[]) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The kind the bytes really are, by their magic numbers; never by a name or a declared type, which
 * the sender chooses. Anything else (SVG, HTML, a renamed executable) is undefined.
 */
export function sniffKind(bytes: Uint8Array): MediaKind | undefined {
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, 0, ascii('GIF87a')) || startsWith(bytes, 0, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'webp';
  return undefined;
}

/** A declared type as a kind: a MIME type (`image/png`), an extension or a kind name; undefined if none fits. */
export function declaredKind(declared: string): MediaKind | undefined {
  const value = declared
    .trim()
    .toLowerCase()
    .replace(/^image\//, '')
    .replace(/^\./, '');
  if (value === 'jpg' || value === 'jpeg' || value === 'pjpeg') return 'jpeg';
  return (MEDIA_KINDS as readonly string[]).includes(value) ? (value as MediaKind) : undefined;
}

/** The kind an extension in a media URL names. */
export function kindOfExtension(extension: string): MediaKind | undefined {
  if (extension === 'jpg' || extension === 'jpeg') return 'jpeg';
  return (MEDIA_KINDS as readonly string[]).includes(extension) ? (extension as MediaKind) : undefined;
}
