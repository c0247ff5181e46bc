import type { CALL_GROUPS as CallGroups } from '@lobby/contract';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const ID = 'virtual:lobby-calls';
const RESOLVED = `\0${ID}`;

/**
 * The client needs only each call's path, auth and whether it moves money, yet the contract declares
 * them next to zod schemas, and importing a call would ship zod and every schema to the browser. This
 * plugin reads the contract at build time and serves just those three fields as `virtual:lobby-calls`;
 * the request and reply types still come from the contract (see src/api/calls.ts).
 *
 * The contract is TypeScript with `.ts` imports, which the config loader leaves to Node, so it is
 * loaded through tsx.
 */
export function contractCalls(): Plugin {
  return {
    name: 'lobby-contract-calls',
    resolveId(source) {
      return source === ID ? RESOLVED : undefined;
    },
    load: {
      filter: { id: /^\0virtual:lobby-calls$/ },
      async handler() {
        const { CALL_GROUPS } = (await tsImport('@lobby/contract', import.meta.url)) as { CALL_GROUPS: typeof CallGroups };
        const groups = Object.fromEntries(
          Object.entries(CALL_GROUPS).map(([group, calls]) => [
            group,
            Object.fromEntries(
              Object.entries(calls).map(([name, call]) => [name, { path: call.path, auth: call.auth, ...(call.movesMoney ? { movesMoney: true } : {}) }]),
            ),
          ]),
        );
        return `export const CALLS = ${JSON.stringify(groups)};\n`;
      },
    },
  };
}
