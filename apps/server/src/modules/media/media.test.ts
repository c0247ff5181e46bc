import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { decodeMediaUpload, mediaUploadSchema } from './media-upload.ts';
import { sniffKind } from './media-kinds.ts';
import { MEDIA_HARD_LIMIT_BYTES, type MediaService } from './media.service.ts';

let t: TestApp;
let media: MediaService;
beforeAll(async () => {
  t = await startTestApp();
  media = t.app.services.media;
});
afterAll(async () => {
  await t?.close();
});

/** A real PNG of one pixel of the given colour, so the bytes differ per colour. */
function png(rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, ...rgb]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

const gif = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const webp = Buffer.concat([Buffer.from('RIFF', 'ascii'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ', 'ascii')]);
const IMAGES = ['png', 'jpeg', 'webp', 'gif'] as const;

async function codeOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: number }).code;
  }
}

describe('MediaService.store', () => {
  it('stores an image and serves the same bytes at its URL with a year of caching, its type and nosniff', async () => {
    const bytes = png([200, 30, 40]);
    const stored = await media.store({ bytes, maxBytes: 1024, kinds: IMAGES, purpose: 'test' });
    expect(stored).toMatchObject({ kind: 'png', size: bytes.length, contentType: 'image/png' });
    expect(stored.url).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);

    const response = await fetch(t.url + stored.url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');

    const again = await fetch(t.url + stored.url, { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('gives the same content the same URL and different content another', async () => {
    const first = await media.store({ bytes: png([1, 2, 3]), maxBytes: 1024, kinds: ['png'] });
    const same = await media.store({ bytes: png([1, 2, 3]), maxBytes: 1024, kinds: ['png'] });
    const other = await media.store({ bytes: png([3, 2, 1]), maxBytes: 1024, kinds: ['png'] });
    expect(same.url).toBe(first.url);
    expect(other.url).not.toBe(first.url);
  });

  it('recognises JPEG, WebP and GIF by their magic bytes and serves each with its own type', async () => {
    for (const [bytes, type] of [
      [jpeg, 'image/jpeg'],
      [webp, 'image/webp'],
      [gif, 'image/gif'],
    ] as const) {
      const stored = await media.store({ bytes, maxBytes: 1024, kinds: IMAGES });
      const response = await fetch(t.url + stored.url);
      expect(response.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('refuses an item over the size limit or empty with code 4, and stores nothing', async () => {
    const bytes = png([9, 9, 9]);
    expect(await codeOf(media.store({ bytes, maxBytes: bytes.length - 1, kinds: IMAGES }))).toBe(4);
    expect(await codeOf(media.store({ bytes: Buffer.alloc(0), maxBytes: 1024, kinds: IMAGES }))).toBe(4);
    const huge = Buffer.concat([bytes, Buffer.alloc(MEDIA_HARD_LIMIT_BYTES)]);
    expect(await codeOf(media.store({ bytes: huge, maxBytes: Number.MAX_SAFE_INTEGER, kinds: IMAGES }))).toBe(4);
    const stored = await media.store({ bytes, maxBytes: bytes.length, kinds: IMAGES });
    expect(stored.size).toBe(bytes.length);
  });

  it('refuses with code 12 what is not an accepted image, whatever it is called', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const bytes of [svg, html, Buffer.from('MZ\x90\x00')]) {
      expect(await codeOf(media.store({ bytes, declaredType: 'image/png', maxBytes: 1024, kinds: IMAGES }))).toBe(12);
    }
    // A real GIF, but this caller takes only PNG and JPEG.
    expect(await codeOf(media.store({ bytes: gif, maxBytes: 1024, kinds: ['png', 'jpeg'] }))).toBe(12);
    // The bytes contradict the declared type.
    expect(await codeOf(media.store({ bytes: png([5, 5, 5]), declaredType: 'image/jpeg', maxBytes: 1024, kinds: IMAGES }))).toBe(12);
    expect(await media.store({ bytes: png([5, 5, 5]), declaredType: 'image/png', maxBytes: 1024, kinds: IMAGES })).toMatchObject({ kind: 'png' });
  });
});

describe('GET /media/<id>.<ext>', () => {
  it('answers 404 for an unknown id, a wrong extension or a malformed name', async () => {
    const stored = await media.store({ bytes: png([7, 7, 7]), maxBytes: 1024, kinds: IMAGES });
    const id = stored.id;
    for (const path of [
      `/media/${'0'.repeat(32)}.png`,
      `/media/${id}.gif`,
      `/media/${id}.svg`,
      `/media/${id}`,
      '/media/..%2Fetc.png',
      `/media/${id.toUpperCase()}.png`,
    ]) {
      expect((await fetch(t.url + path)).status, path).toBe(404);
    }
  });

  it('is served by another instance on the same database', async () => {
    const stored = await media.store({ bytes: png([11, 12, 13]), maxBytes: 1024, kinds: IMAGES });
    const other = await startTestApp({}, { alongside: t });
    try {
      const response = await fetch(other.url + stored.url);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(png([11, 12, 13]))).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('media uploads in a JSON body', () => {
  it('decodes base64 and data: URLs, taking the declared type from the URL', () => {
    const bytes = png([1, 1, 1]);
    const plain = decodeMediaUpload(mediaUploadSchema(1024).parse({ data: bytes.toString('base64') }));
    expect(plain.bytes.equals(bytes)).toBe(true);
    expect(plain.declaredType).toBeUndefined();
    const dataUrl = decodeMediaUpload(mediaUploadSchema(1024).parse({ data: `data:image/png;base64,${bytes.toString('base64')}` }));
    expect(dataUrl).toMatchObject({ declaredType: 'image/png' });
    expect(sniffKind(dataUrl.bytes)).toBe('png');
  });

  it('refuses malformed base64 with code 12 and an oversized string at the schema', () => {
    expect(() => decodeMediaUpload({ data: 'not base64!' })).toThrow(expect.objectContaining({ code: 12 }));
    expect(() => decodeMediaUpload({ data: 'abc' })).toThrow(expect.objectContaining({ code: 12 }));
    expect(mediaUploadSchema(30).safeParse({ data: 'A'.repeat(400) }).success).toBe(false);
    expect(mediaUploadSchema(30).safeParse({ data: 'AAAA', other: 1 }).success).toBe(false);
  });
});
