import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { MediaRepository, type StoredMedia } from './media.repo.ts';
import { CONTENT_TYPES, declaredKind, EXTENSIONS, kindOfExtension, MEDIA_KINDS, sniffKind } from './media-kinds.ts';
import type { MediaKind } from './tables.ts';

/** No caller may store more than this in one item, whatever it asks for: rows travel whole. */
export const MEDIA_HARD_LIMIT_BYTES = 8 * 1024 * 1024;
/** Served items are immutable, so an instance keeps the most recent ones in memory up to this size. */
const CACHE_BUDGET_BYTES = 32 * 1024 * 1024;

export interface StoreMediaInput {
  bytes: Uint8Array;
  /** What the sender says it is (MIME type or extension); refused when the bytes say otherwise. */
  declaredType?: string;
  maxBytes: number;
  /** The kinds this caller accepts, e.g. a chat may take GIFs where a banner may not. */
  kinds: readonly MediaKind[];
  /** What the item is for (`banner`, `chat`, ...), kept for the operator. */
  purpose?: string;
}

export interface StoredMediaRef {
  id: string;
  kind: MediaKind;
  size: number;
  contentType: string;
  /** Path on this server, stable forever: `/media/<id>.<ext>`. */
  url: string;
}

export interface MediaFile {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

const ID = /^[0-9a-f]{32}$/;

/**
 * The media store: checks an upload's size and its real type by magic bytes, stores it in the
 * database (so every instance serves it) under an id derived from its content, and answers the URL
 * `GET /media/<id>.<ext>` serves it at. Refusals: code 4 for an empty or oversized item, code 12
 * for a type the caller does not accept or bytes that contradict the declared type.
 */
export class MediaService {
  private readonly repo: MediaRepository;
  private readonly cache = new Map<string, StoredMedia>();
  private cachedBytes = 0;

  constructor(db: Db) {
    this.repo = new MediaRepository(db);
  }

  /**
   * `owner`: the player the item is stored for, inside their transaction `db`; refused with 10054
   * (and nothing stored once the transaction rolls back) when it would take what the player owns in
   * the store past `capBytes`.
   */
  async store(input: StoreMediaInput, owner?: { db: Db; playerId: number; capBytes: number }): Promise<StoredMediaRef> {
    const limit = Math.min(input.maxBytes, MEDIA_HARD_LIMIT_BYTES);
    const size = input.bytes.byteLength;
    if (size === 0) throw fail('INPUT', 'the image is empty');
    if (size > limit) throw fail('INPUT', `the image is ${size} bytes, more than ${limit}`);
    const accepted = input.kinds.filter((kind) => MEDIA_KINDS.includes(kind));
    const kind = sniffKind(input.bytes);
    if (!kind || !accepted.includes(kind)) {
      throw fail('INVALID_PARAMETERS', `the image must be ${accepted.join(', ')}${kind ? `, not ${kind}` : ''}`);
    }
    if (input.declaredType !== undefined && declaredKind(input.declaredType) !== kind) {
      throw fail('INVALID_PARAMETERS', `the image is ${kind}, not ${input.declaredType.slice(0, 40)}`);
    }
    const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
    const id = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const repo = owner ? new MediaRepository(owner.db) : this.repo;
    await repo.insert({ id, kind, bytes, purpose: (input.purpose ?? 'upload').slice(0, 40) || 'upload' });
    if (owner && !(await repo.own(owner.playerId, id, size, owner.capBytes))) {
      throw fail('QUOTA_REACHED', `the media store holds at most ${owner.capBytes} bytes per player`);
    }
    return { id, kind, size, contentType: CONTENT_TYPES[kind], url: mediaUrl(id, kind) };
  }

  /** The item a `/media/<id>.<ext>` file name names; undefined when there is none or the extension is not its kind's. */
  async read(fileName: string): Promise<MediaFile | undefined> {
    const match = /^([0-9a-f]{32})\.([a-z]{3,4})$/.exec(fileName);
    if (!match || !ID.test(match[1])) return undefined;
    const item = await this.find(match[1]);
    if (!item || kindOfExtension(match[2]) !== item.kind) return undefined;
    return { bytes: item.bytes, contentType: CONTENT_TYPES[item.kind], etag: `"${item.id}"` };
  }

  private async find(id: string): Promise<StoredMedia | undefined> {
    const cached = this.cache.get(id);
    if (cached) {
      // Re-inserted to mark it as recently used.
      this.cache.delete(id);
      this.cache.set(id, cached);
      return cached;
    }
    const item = await this.repo.find(id);
    if (item && item.bytes.length <= CACHE_BUDGET_BYTES / 8) {
      this.cache.set(id, item);
      this.cachedBytes += item.bytes.length;
      for (const [oldest, value] of this.cache) {
        if (this.cachedBytes <= CACHE_BUDGET_BYTES) break;
        this.cache.delete(oldest);
        this.cachedBytes -= value.bytes.length;
      }
    }
    return item;
  }
}

export function mediaUrl(id: string, kind: MediaKind): string {
  return `/media/${id}.${EXTENSIONS[kind]}`;
}
