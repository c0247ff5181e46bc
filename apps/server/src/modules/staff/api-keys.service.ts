import { createHash, randomBytes } from 'node:crypto';
import { isPermission, type Permission } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { StaffActor } from '../../http/ops-call.ts';
import { ApiKeysRepo, type ApiKeyRow } from './api-keys.repo.ts';

/** What a key looks like: a fixed prefix (so a leaked one is recognisable) and 32 random bytes. */
const KEY_PREFIX = 'lobk_';
export const API_KEY_PATTERN = /^lobk_[A-Za-z0-9_-]{43}$/;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * API keys for automation (CONSOLE.md): created with a subset of permissions and an expiry, shown
 * once, stored as a hash, and acting under the key's own name in the audit.
 */
export class ApiKeysService {
  private readonly repo: ApiKeysRepo;

  constructor(
    db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repo = new ApiKeysRepo(db);
  }

  /**
   * Returns the key itself, which is never seen again, with its stored row. A key made in the console
   * waits for a second person (`approved: false`); one made by the host's command works at once.
   */
  async create(input: {
    name: string;
    permissions: readonly Permission[];
    expiresAt: Date;
    createdBy: number | null;
    approved: boolean;
  }): Promise<{ key: string; row: ApiKeyRow }> {
    const key = KEY_PREFIX + randomBytes(32).toString('base64url');
    const row = await this.repo.insert({
      name: input.name,
      keyHash: hashApiKey(key),
      permissions: [...new Set(input.permissions)],
      createdBy: input.createdBy,
      expiresAt: input.expiresAt,
      approvedAt: input.approved ? this.now() : null,
    });
    return { key, row };
  }

  /** The actor behind a presented key, or null when the key is unknown, revoked or expired. */
  async actorFor(key: string): Promise<StaffActor | null> {
    if (!API_KEY_PATTERN.test(key)) return null;
    const row = await this.repo.usable(hashApiKey(key), this.now());
    if (!row) return null;
    return { kind: 'key', id: Number(row.id), name: row.name, permissions: new Set(row.permissions.filter(isPermission)), verifiedAt: null, sessionId: null };
  }

  list(): Promise<ApiKeyRow[]> {
    return this.repo.list();
  }

  find(id: number, db?: Db): Promise<ApiKeyRow | undefined> {
    return this.repo.find(id, db);
  }

  approve(id: number, db?: Db): Promise<ApiKeyRow | undefined> {
    return this.repo.approve(id, this.now(), db);
  }

  revoke(id: number): Promise<ApiKeyRow | undefined> {
    return this.repo.revoke(id, this.now());
  }
}
