import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Fails the build when the JavaScript a player downloads before the lobby appears grows past the
 * budget: the entry, everything it imports statically, and the largest locale (one is always loaded
 * before the first render).
 */
export function bundleBudget(limitKb = 200): Plugin {
  return {
    name: 'lobby-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((item) => item.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        chunks.get(fileName)?.imports.forEach(visit);
      };
      visit(entry.fileName);
      const gz = (code: string) => gzipSync(code, { level: 9 }).length;
      const initial = [...seen].reduce((sum, name) => sum + gz(chunks.get(name)!.code), 0);
      const locales = [...chunks.values()].filter((c) => c.facadeModuleId?.includes('/src/locales/'));
      const locale = Math.max(0, ...locales.map((c) => gz(c.code)));
      const totalKb = (initial + locale) / 1024;
      this.info(
        `initial JS ${totalKb.toFixed(1)} KB gzipped (app ${(initial / 1024).toFixed(1)} + locale ${(locale / 1024).toFixed(1)}), budget ${limitKb} KB`,
      );
      if (totalKb > limitKb) this.error(`initial JS is ${totalKb.toFixed(1)} KB gzipped, over the ${limitKb} KB budget`);
    },
  };
}
