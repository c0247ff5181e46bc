import type { OpsCallDefinition } from '../define.ts';

export const withdrawalsOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
