/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CLIENT_VERSION?: string;
  readonly VITE_APP_ENV?: string;
  /** Public IP lookup of test and internal builds; default this server's GET /ip. */
  readonly VITE_PUBLIC_IP_URL?: string;
}

/** Call paths and auth read from the contract at build time (build/contractCalls.ts). */
declare module 'virtual:lobby-calls' {
  export const CALLS: Record<string, Record<string, { path: string; auth: 'public' | 'player' | 'optional'; movesMoney?: boolean }>>;
}

/** The error catalogue in one language, read from the contract at build time (build/contractMessages.ts). */
declare module 'virtual:lobby-messages/*' {
  export interface Catalogue {
    errors: Record<number, string>;
    experience: { unsettledOrders: string; goldNotUsedUp: string };
  }
  const catalogue: Catalogue;
  export default catalogue;
}
