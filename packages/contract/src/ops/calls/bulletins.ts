import type { OpsCallDefinition } from '../define.ts';

export const bulletinsOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
