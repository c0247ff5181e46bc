import type { OpsCallDefinition } from '../define.ts';

export const activitiesOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
