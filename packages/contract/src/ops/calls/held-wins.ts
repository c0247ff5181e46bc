import type { OpsCallDefinition } from '../define.ts';

export const heldWinsOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
