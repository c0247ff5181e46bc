import type { OpsCallDefinition } from '../define.ts';

export const chatOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
