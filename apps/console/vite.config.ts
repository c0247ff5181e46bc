import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { OPS_CALL_GROUPS, type OpsCallDefinition } from '../../packages/contract/src/ops/index.ts';

/**
 * Who may make each operator call and whether it asks for a step-up, read from the contract when the
 * console is built: the access control hides what the signed-in staff member may not do, without
 * shipping every zod schema to the browser.
 */
const OPS_CALLS = Object.fromEntries(
  Object.entries(OPS_CALL_GROUPS).flatMap(([group, calls]) =>
    Object.entries(calls as Record<string, OpsCallDefinition>).map(([action, call]) => [
      `${group}.${action}`,
      { path: call.path, access: call.access, stepUp: call.stepUp === true },
    ]),
  ),
);

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  define: { __OPS_CALLS__: JSON.stringify(OPS_CALLS) },
  resolve: {
    dedupe: ['react', 'react-dom'],
    // The player app keeps react-router 6 at the root of node_modules; the console and Refine's router
    // binding must share this app's own react-router 7, or Refine's hooks find no router.
    alias: { 'react-router': fileURLToPath(new URL('./node_modules/react-router', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5174,
    proxy: { '/ops': { target: 'http://localhost:8080', changeOrigin: true, ws: true } },
  },
});
