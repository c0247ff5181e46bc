import type { OpsCallDefinition } from '../define.ts';

export const authOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
