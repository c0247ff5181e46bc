import type { OpsCallDefinition } from '../define.ts';

export const referralOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
