import { z } from 'zod';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';

/** Micro-units per currency, as integer strings. */
const microPerCurrency = z.record(z.string(), z.string().describe('Micro-units as an integer string, e.g. "12500000" for 12.5'));

/** The money kernel's own check. */
export const ledgerOpsCalls = {
  check: defineOpsCall({
    path: '/ops/v1/ledger/check',
    access: 'finance.read',
    audit: 'read',
    summary: "Proves the ledger's invariants over one snapshot: each transfer sums to zero, each balance equals its entries, no player balance is negative",
    request: opsBody({}),
    response: z.object({
      ok: z.boolean().describe('Every invariant holds'),
      problems: z.array(z.string()).describe('One line per broken invariant: how many, with the first examples'),
      stats: z.object({
        accounts: z.number().int().min(0),
        transfers: z.number().int().min(0),
        entries: z.number().int().min(0),
        playerBalances: microPerCurrency.describe('What players hold in cash, per currency'),
        bonusBalances: microPerCurrency.describe('What players hold in bonus money, per currency'),
        houseBalances: microPerCurrency.describe('What the house holds, per currency'),
      }),
    }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
