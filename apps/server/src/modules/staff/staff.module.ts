import type { Db } from '../../db/database.ts';
import { ApiKeysService } from './api-keys.service.ts';
import { StaffAdmin } from './staff-admin.service.ts';
import { StaffAuthenticator } from './staff-authenticator.ts';
import { StaffIdentity, type StaffIdentityOptions } from './staff.service.ts';

export interface StaffModule {
  keys: ApiKeysService;
  identity: StaffIdentity;
  admin: StaffAdmin;
  /** For `new OpsRegistrar(http, staff.authenticator, audit)`. */
  authenticator: StaffAuthenticator;
}

/** Staff identity wired together, with the shipped roles in place. */
export async function createStaffModule(db: Db, options: StaffIdentityOptions): Promise<StaffModule> {
  const keys = new ApiKeysService(db, options.now);
  const identity = new StaffIdentity(db, options);
  const admin = new StaffAdmin(db, identity, keys);
  await admin.ensureShippedRoles();
  return { keys, identity, admin, authenticator: new StaffAuthenticator(keys, identity.sessions) };
}
