import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './build/bundleBudget.ts';
import { contractCalls } from './build/contractCalls.ts';

/**
 * Ionic ships its components as modules that register custom elements when imported, and it does not
 * declare itself free of side effects. Told that only its CSS has side effects, the bundler keeps the
 * handful of components the app uses instead of all of them. The contract package is treated the same
 * way so that importing one constant does not pull every zod schema into the first screen.
 */
const sideEffectFree = /[\\/]node_modules[\\/](@ionic[\\/](react|core|react-router)|ionicons)[\\/]|[\\/]packages[\\/]contract[\\/]/;

export default defineConfig({
  plugins: [react(), contractCalls(), bundleBudget(200)],
  resolve: {
    // One copy of each: Ionic's router and the app must share React and Ionic's contexts.
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@ionic/react', '@ionic/core'],
  },
  server: {
    port: 5173,
    proxy: { '/v1': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/v1': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // Ionic React wraps every component in these factories at module level; they only build
        // components, so a component the app never renders can be dropped with its custom element.
        manualPureFunctions: [
          'createForwardRef',
          'createReactComponent',
          'createRoutingComponent',
          'createInlineOverlayComponent',
          'createControllerComponent',
          'createOverlayComponent',
        ],
        moduleSideEffects: [
          { test: /\.css$/, sideEffects: true },
          { test: sideEffectFree, sideEffects: false },
        ],
      },
    },
  },
});
