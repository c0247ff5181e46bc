import type { EXPERIENCE_MESSAGES as ExperienceMessages, ERROR_MESSAGES as ErrorMessages, LANGUAGES as Languages } from '@lobby/contract';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

interface Contract {
  LANGUAGES: typeof Languages;
  ERROR_MESSAGES: typeof ErrorMessages;
  EXPERIENCE_MESSAGES: typeof ExperienceMessages;
}

const PREFIX = 'virtual:lobby-messages/';
// The chunk takes its name from this id: messages-<language>, apart from the interface texts' <language>.
const RESOLVED = '\0messages-';

/**
 * The contract keeps every error text in all eight languages in one module, and a player reads one
 * of them. This plugin serves the catalogue per language as `virtual:lobby-messages/<language>`, so
 * the browser downloads an eighth of it.
 */
export function contractMessages(): Plugin {
  let contract: Promise<Contract> | undefined;
  return {
    name: 'lobby-contract-messages',
    resolveId(source) {
      return source.startsWith(PREFIX) ? RESOLVED + source.slice(PREFIX.length) : undefined;
    },
    load: {
      filter: { id: /^\0messages-/ },
      async handler(id) {
        const language = id.slice(RESOLVED.length);
        contract ??= tsImport('@lobby/contract', import.meta.url) as Promise<Contract>;
        const { LANGUAGES, ERROR_MESSAGES, EXPERIENCE_MESSAGES } = await contract;
        if (!(LANGUAGES as readonly string[]).includes(language)) this.error(`no messages for language ${language}`);
        const lang = language as (typeof Languages)[number];
        const errors = Object.fromEntries(Object.entries(ERROR_MESSAGES).map(([code, texts]) => [code, texts[lang]]));
        const experience = Object.fromEntries(Object.entries(EXPERIENCE_MESSAGES).map(([key, texts]) => [key, texts[lang]]));
        return `export default ${JSON.stringify({ errors, experience })};\n`;
      },
    },
  };
}
