import type { OpsCallDefinition } from '../define.ts';

export const staffOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
