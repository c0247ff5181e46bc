import type { AccessControlProvider } from '@refinedev/core';
import { loadMe, mayCall } from '../state/me.ts';

/**
 * What the signed-in staff member may see and do, from the permissions the server gave and the access
 * each call declares in the contract. A resource names the call its page reads (`meta.call`); an action
 * button asks for its own call (`can({ resource: 'players', action: 'freeze' })` reads players.freeze).
 * Whatever is refused is hidden, not just disabled; the server refuses it anyway.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const call = (params?.resource?.meta?.call as string | undefined) ?? `${resource}.${action}`;
    const me = await loadMe().catch(() => null);
    return { can: mayCall(me?.permissions, call) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
