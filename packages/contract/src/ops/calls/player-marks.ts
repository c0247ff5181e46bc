import type { OpsCallDefinition } from '../define.ts';

export const playerMarksOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
