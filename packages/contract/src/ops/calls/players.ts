import type { OpsCallDefinition } from '../define.ts';

export const playersOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
