import type { AuditLogProvider } from '@refinedev/core';
import { opsCall } from '../api/opsClient.ts';

/**
 * The server writes the audit itself, for every call (CONSOLE.md "Audit"): the console never writes a
 * record of its own, it reads them, e.g. a player's or a staff member's history by target.
 */
export const auditLogProvider: AuditLogProvider = {
  create: async () => undefined,
  get: async ({ meta }) => {
    const page = await opsCall<{ list: unknown[] }>('/ops/v1/audit/list', { ...((meta as object | undefined) ?? {}), limit: 50 });
    return page.list;
  },
  update: async () => undefined,
};
