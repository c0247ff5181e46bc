import type { OpsCallDefinition } from '../define.ts';

export const bannersOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
