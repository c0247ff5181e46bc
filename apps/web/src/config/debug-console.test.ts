import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Environment } from '@lobby/contract';
import { describe, expect, it, vi } from 'vitest';
import { debugType, startDebugConsole } from './debug-console';

const fakeConsole = () => {
  const init = vi.fn();
  const load = vi.fn(async () => ({ default: { init } }));
  return { init, load };
};

describe('the debug console (SPEC section 4)', () => {
  it('is not loaded at all when the debug type is official', async () => {
    const { init, load } = fakeConsole();
    expect(await startDebugConsole(undefined, Environment.OFFICIAL, load)).toBe(false);
    expect(await startDebugConsole('3', Environment.TEST, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(init).not.toHaveBeenCalled();
  });

  it('is loaded and shown for the test, internal and preview debug types', async () => {
    for (const env of [Environment.TEST, Environment.INTERNAL, Environment.PREVIEW]) {
      const { init, load } = fakeConsole();
      expect(await startDebugConsole(undefined, env, load)).toBe(true);
      expect(init).toHaveBeenCalledOnce();
    }
  });

  it("takes the launch link's debugType over the build's environment, ignoring values that name none", () => {
    expect(debugType('1', Environment.OFFICIAL)).toBe(Environment.INTERNAL);
    expect(debugType('3', Environment.TEST)).toBe(Environment.OFFICIAL);
    expect(debugType('9', Environment.OFFICIAL)).toBe(Environment.OFFICIAL);
    expect(debugType('yes', Environment.OFFICIAL)).toBe(Environment.OFFICIAL);
    expect(debugType(undefined, Environment.PREVIEW)).toBe(Environment.PREVIEW);
  });

  it('leaves the lobby running when the console fails to load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await startDebugConsole(undefined, Environment.TEST, () => Promise.reject(new Error('chunk failed')))).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('puts the real eruda console into the page', async () => {
    // jsdom has no media queries nor CSS.supports, which eruda reads for its layout.
    (globalThis as { CSS?: unknown }).CSS ??= { supports: () => false, escape: (value: string) => value };
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia;
    expect(await startDebugConsole(undefined, Environment.TEST)).toBe(true);
    expect(document.getElementById('eruda')).not.toBeNull();
  });

  it('is imported dynamically, only by this module, so no screen carries it in its first script', () => {
    const src = join(import.meta.dirname, '..') + '/';
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    const mentions = files(src).filter((path) => /['"]eruda['"]/.test(readFileSync(path, 'utf8')));
    expect(mentions.map((path) => path.slice(src.length))).toEqual(['config/debug-console.ts']);
    expect(readFileSync(join(src, 'config/debug-console.ts'), 'utf8')).not.toMatch(/^import .*['"]eruda['"]/m);
  });
});
