import type { OpsCallDefinition } from '../define.ts';

export const ledgerOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
