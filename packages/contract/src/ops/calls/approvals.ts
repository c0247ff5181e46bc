import type { OpsCallDefinition } from '../define.ts';

export const approvalsOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
