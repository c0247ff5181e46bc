import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bundleBudget } from './build/bundleBudget.ts';
import { contractCalls } from './build/contractCalls.ts';
import { contractMessages } from './build/contractMessages.ts';
import { precompress } from './build/precompress.ts';
import { shippedFonts } from './build/shippedFonts.ts';

/**
 * Ionic ships its components as modules that register custom elements when imported, and it does not
 * declare itself free of side effects. Told that only its CSS has side effects, the bundler keeps the
 * handful of components the app uses instead of all of them. The contract package is treated the same
 * way so that importing one constant does not pull every zod schema into the first screen.
 */
const sideEffectFree = /[\\/]node_modules[\\/](@ionic[\\/](react|core|react-router)|ionicons)[\\/]|[\\/]packages[\\/]contract[\\/]/;

/**
 * Ionic React declares its class components as `class X extends React.Component` (or PureComponent).
 * Reading a property of an import might run a getter, so the bundler keeps every such class even when
 * nothing uses it, and with the unused IonBackButton and IonIcon come ion-back-button, ion-icon and the
 * ionicons runtime: about 13 KB gzipped of the first download. Extending an imported binding reads
 * nothing, so unused classes are dropped like any other unused code.
 */
function ionicClassComponents(): Plugin {
  return {
    name: 'lobby-ionic-class-components',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/ },
      handler(code) {
        if (!/extends React\.(Pure)?Component\b/.test(code)) return undefined;
        const bases = `import { Component as IonicReactComponent, PureComponent as IonicReactPureComponent } from 'react';\n`;
        return {
          code: bases + code.replace(/extends React\.(Pure)?Component\b/g, (_, pure) => `extends IonicReact${pure ?? ''}Component`),
          map: null,
        };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), contractCalls(), contractMessages(), ionicClassComponents(), shippedFonts(), bundleBudget(200), precompress()],
  resolve: {
    // One copy of each: Ionic's router and the app must share React and Ionic's contexts.
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@ionic/react', '@ionic/core'],
  },
  server: {
    port: 5173,
    proxy: { '/v1': { target: 'http://localhost:8080', changeOrigin: true, ws: true }, '/media': 'http://localhost:8080', '/ip': 'http://localhost:8080' },
  },
  preview: {
    port: 4173,
    proxy: { '/v1': { target: 'http://localhost:8080', changeOrigin: true, ws: true }, '/media': 'http://localhost:8080', '/ip': 'http://localhost:8080' },
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
      output: {
        // Everything the first screen needs in one file. Left alone, the bundler cuts the code shared
        // with later screens into a dozen small files, and on a phone's connection each costs a round
        // trip before the app can start.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
