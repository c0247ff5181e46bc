import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    root: '/work/main',
    projects: [{ test: { name: 'server', root: '/work/main', include: ['apps/server/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } }],
  },
});
