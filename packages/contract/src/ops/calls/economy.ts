import type { OpsCallDefinition } from '../define.ts';

export const economyOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
