import type { OpsCallDefinition } from '../define.ts';

export const financeOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
