import type { OpsCallDefinition } from '../define.ts';

export const mailOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
