import { readFile } from 'node:fs/promises';
import { LANGUAGES, OPS_IMAGE_MAX_BYTES, type Language } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { MediaService } from '../media/media.service.ts';
import { BANNER_DESIGNS, bannerArtFile } from './banner-art.ts';
import { bannerFields, BannerRepository, type BannerRecord, type BannerValues } from './banner.repo.ts';

/** Largest banner picture an operator may upload. */
export const BANNER_MAX_BYTES = OPS_IMAGE_MAX_BYTES;
const BANNER_KINDS = ['png', 'jpeg', 'webp', 'gif'] as const;

export interface BannerImage {
  bytes: Uint8Array;
  declaredType?: string;
}

export interface BannerFields {
  title: string;
  link: string | null;
  language: Language | null;
  promotionChannel: string | null;
}

export interface NewBanner extends BannerFields {
  image: BannerImage;
  sort?: number;
  startsAt: Date | null;
  endsAt: Date | null;
  enabled: boolean;
}

export interface BannerView {
  id: number;
  title: string;
  imageUrl: string;
  link: string | null;
  sort: number;
  language: string | null;
  promotionChannel: string | null;
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
  /** Shown right now to the players it targets: switched on and inside its time window. */
  live: boolean;
  updatedAt: string;
}

/**
 * Lobby banners as operators manage them: pictures go through the media store, every change is
 * written with its audit row, and `changed` then makes every instance's lobby drop its cached
 * catalogue, so `/v1/app/queryBanner` shows the change at once.
 */
export class BannerService {
  private readonly repo: BannerRepository;

  constructor(
    db: Db,
    private readonly media: MediaService,
    private readonly changed: () => Promise<void>,
  ) {
    this.repo = new BannerRepository(db);
  }

  async list(): Promise<BannerView[]> {
    const now = new Date();
    return (await this.repo.list()).map((row) => view(row, now));
  }

  async create(input: NewBanner, by: string): Promise<BannerView> {
    checkWindow(input.startsAt, input.endsAt);
    const image = await this.storeImage(input.image);
    const sort = input.sort ?? (await this.repo.list()).reduce((max, row) => Math.max(max, row.sort), 0) + 10;
    const row = await this.repo.insert(
      {
        title: input.title,
        image_url: image.url,
        media_id: image.id,
        link: input.link,
        sort,
        language: input.language,
        promotion_channel: input.promotionChannel,
        enabled: input.enabled,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
      },
      by,
    );
    await this.changed();
    return view(row, new Date());
  }

  /** Changes what a banner shows and to whom; fields left out stay as they are. */
  async edit(id: number, patch: Partial<BannerFields> & { image?: BannerImage }, by: string): Promise<BannerView> {
    const image = patch.image ? await this.storeImage(patch.image) : undefined;
    const row = await this.repo.update(id, 'edit', by, () => {
      const values: Partial<BannerValues> = {};
      if (patch.title !== undefined) values.title = patch.title;
      if (patch.link !== undefined) values.link = patch.link;
      if (patch.language !== undefined) values.language = patch.language;
      if (patch.promotionChannel !== undefined) values.promotion_channel = patch.promotionChannel;
      if (image) {
        values.image_url = image.url;
        values.media_id = image.id;
      }
      return values;
    });
    return this.afterChange(id, row);
  }

  async schedule(id: number, window: { startsAt: Date | null; endsAt: Date | null }, by: string): Promise<BannerView> {
    checkWindow(window.startsAt, window.endsAt);
    const row = await this.repo.update(id, 'schedule', by, () => ({ starts_at: window.startsAt, ends_at: window.endsAt }));
    return this.afterChange(id, row);
  }

  async setEnabled(id: number, enabled: boolean, by: string): Promise<BannerView> {
    const row = await this.repo.update(id, enabled ? 'enable' : 'disable', by, () => ({ enabled }));
    return this.afterChange(id, row);
  }

  /** Puts the listed banners in this order (sorts 10, 20, ...), before any banner not listed with a higher sort. */
  async order(ids: number[], by: string): Promise<BannerView[]> {
    if (new Set(ids).size !== ids.length) throw fail('INVALID_PARAMETERS', 'ids must not repeat');
    if (!(await this.repo.reorder(ids, by))) throw fail('CONFIG_NOT_FOUND', 'a listed banner does not exist');
    await this.changed();
    return this.list();
  }

  async audit(bannerId: number | undefined, limit: number) {
    const rows = await this.repo.audit(bannerId, limit);
    return rows.map((row) => ({
      id: Number(row.id),
      bannerId: row.banner_id,
      action: row.action,
      oldValue: row.old_value,
      newValue: row.new_value,
      by: row.changed_by,
      at: row.created_at.toISOString(),
    }));
  }

  /**
   * On a database that has never held a banner, writes the starting ones (../banner-art.ts): each
   * design in each language, its picture stored by the media store. Answers whether it wrote them.
   */
  async ensureStartingBanners(): Promise<boolean> {
    if ((await this.repo.list()).length > 0) return false;
    const rows: BannerValues[] = [];
    for (const design of BANNER_DESIGNS) {
      for (const language of LANGUAGES) {
        const bytes = await readFile(new URL(bannerArtFile(design.key, language), import.meta.url));
        const image = await this.media.store({ bytes, maxBytes: BANNER_MAX_BYTES, kinds: BANNER_KINDS, purpose: 'banner' });
        rows.push({
          title: `${design.words[language].title} (${language})`,
          image_url: image.url,
          media_id: image.id,
          link: design.link,
          sort: design.sort,
          language,
          promotion_channel: null,
          enabled: true,
          starts_at: null,
          ends_at: null,
        });
      }
    }
    const wrote = await this.repo.seedIfEmpty(rows, 'starting banners');
    if (wrote) await this.changed();
    return wrote;
  }

  private storeImage(image: BannerImage) {
    return this.media.store({ bytes: image.bytes, declaredType: image.declaredType, maxBytes: BANNER_MAX_BYTES, kinds: BANNER_KINDS, purpose: 'banner' });
  }

  private async afterChange(id: number, row: BannerRecord | undefined): Promise<BannerView> {
    if (!row) throw fail('CONFIG_NOT_FOUND', `banner ${id}`);
    await this.changed();
    return view(row, new Date());
  }
}

function checkWindow(startsAt: Date | null, endsAt: Date | null) {
  if (startsAt && endsAt && startsAt >= endsAt) throw fail('INVALID_PARAMETERS', 'startsAt must be before endsAt');
}

function view(row: BannerRecord, now: Date): BannerView {
  return {
    id: row.id,
    ...bannerFields(row),
    live: row.enabled && (!row.starts_at || row.starts_at <= now) && (!row.ends_at || row.ends_at > now),
    updatedAt: row.updated_at.toISOString(),
  };
}
