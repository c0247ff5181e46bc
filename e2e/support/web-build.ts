import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_APP = fileURLToPath(new URL('../../apps/web', import.meta.url));
const CONSOLE_APP = fileURLToPath(new URL('../../apps/console', import.meta.url));

export interface WebBuild {
  dir: string;
  remove(): void;
}

/**
 * A production build of the web app in a folder of its own. Runs that build into the shared
 * apps/web/dist would empty it under each other's servers; give the folder to startServer as
 * WEB_DIST_DIR instead.
 */
export function buildWebApp(): WebBuild {
  return buildInto(WEB_APP, 'lobby-web-');
}

/** The operator console's production build, in its own folder (CONSOLE_DIST_DIR for the servers). */
export function buildConsoleApp(): WebBuild {
  return buildInto(CONSOLE_APP, 'lobby-console-');
}

function buildInto(app: string, prefix: string): WebBuild {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    // The test runner sets NODE_ENV=test, which would make Vite bundle React's development build.
    execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: app,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}
