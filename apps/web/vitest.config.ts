import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { contractCalls } from './build/contractCalls.ts';
import { contractMessages } from './build/contractMessages.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// The `web` project of the root vitest workspace: the web app's unit tests in a browser-like DOM.
export default defineProject({
  plugins: [react(), contractCalls(), contractMessages()],
  resolve: {
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@ionic/react', '@ionic/core'],
  },
  test: {
    name: 'web',
    // Globs are written from the repository root, as in the root workspace config.
    root: repoRoot,
    include: ['apps/web/src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Two CI passes share two cores (see the root vitest.config.ts).
    testTimeout: 30_000,
  },
});
