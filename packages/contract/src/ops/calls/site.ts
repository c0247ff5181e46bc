import type { OpsCallDefinition } from '../define.ts';

export const siteOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
