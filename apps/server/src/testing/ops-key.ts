import { PERMISSIONS, type Permission } from '@lobby/contract';
import type { Db } from '../db/database.ts';
import { ApiKeysService } from '../modules/staff/api-keys.service.ts';

let serial = 0;

/**
 * An API key as an owner would create one for automation: every permission unless told otherwise,
 * valid for a day. Tests and browser tests reach the operator calls with it, as tools do.
 */
export async function createAutomationKey(db: Db, permissions: readonly Permission[] = PERMISSIONS, name?: string): Promise<{ key: string; name: string }> {
  const { key, row } = await new ApiKeysService(db).create({
    name: name ?? `automation-${process.pid}-${++serial}-${Math.floor(Math.random() * 1e6)}`,
    permissions,
    expiresAt: new Date(Date.now() + 86_400_000),
    createdBy: null,
    approved: true,
  });
  return { key, name: row.name };
}
