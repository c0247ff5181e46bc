import type { OpsCallDefinition } from '../define.ts';

export const gamesOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
