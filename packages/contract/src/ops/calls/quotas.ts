import type { OpsCallDefinition } from '../define.ts';

export const quotasOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
