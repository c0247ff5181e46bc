import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';
import { opsData } from './common.ts';

/** The money kernel's own check. */
export const ledgerOpsCalls = {
  check: defineOpsCall({
    path: '/ops/v1/ledger/check',
    access: 'finance.read',
    audit: 'read',
    summary: "Proves the ledger's invariants over one snapshot: each transfer sums to zero, each balance equals its entries, no player balance is negative",
    request: opsBody({}),
    response: opsData('{ ok, problems }'),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
