import type { OpsCallDefinition } from '../define.ts';

export const auditOpsCalls = {} as const satisfies Record<string, OpsCallDefinition>;
