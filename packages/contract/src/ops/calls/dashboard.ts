import type { OpsCallDefinition } from '../define.ts';

export const dashboardOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
