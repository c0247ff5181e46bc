import type { Db } from '../../db/database.ts';
import { Approvals } from '../approvals/approvals.service.ts';
import { ApiKeysService } from './api-keys.service.ts';
import { StaffAdmin } from './staff-admin.service.ts';
import { StaffAuthenticator } from './staff-authenticator.ts';
import { registerStaffGrants } from './staff-grants.ts';
import { StaffIdentity, type StaffIdentityOptions } from './staff.service.ts';

export interface StaffModule {
  keys: ApiKeysService;
  identity: StaffIdentity;
  admin: StaffAdmin;
  /** For `new OpsRegistrar(http, staff.authenticator, audit)`. */
  authenticator: StaffAuthenticator;
}

/**
 * Staff identity wired together, with the shipped roles in place; grants of rights are filed with
 * `approvals`, the server's one four-eyes queue.
 */
export async function createStaffModule(db: Db, options: StaffIdentityOptions, approvals: Approvals = new Approvals(db)): Promise<StaffModule> {
  const keys = new ApiKeysService(db, options.now);
  const identity = new StaffIdentity(db, options);
  const admin = new StaffAdmin(db, identity, keys, approvals);
  registerStaffGrants(approvals, admin);
  await admin.ensureShippedRoles();
  return { keys, identity, admin, authenticator: new StaffAuthenticator(keys, identity.sessions) };
}

/**
 * Where one-time links point: PUBLIC_URL when set, else https://PUBLIC_HOST, else this machine
 * (development, where the console is served by the server itself).
 */
export function staffPublicUrl(config: { PUBLIC_HOST?: string; PORT: number }, env: NodeJS.ProcessEnv = process.env): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL;
  if (config.PUBLIC_HOST) return `https://${config.PUBLIC_HOST}`;
  return `http://localhost:${config.PORT}`;
}
