import type { OpsCallDefinition } from '../define.ts';

export const bonusOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
