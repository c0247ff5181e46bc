/** Each operator call by `group.action`: its path, access and step-up, from the contract at build time (vite.config.ts). */
declare const __OPS_CALLS__: Record<string, { path: string; access: string; stepUp: boolean }>;
