import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = join(ROOT, 'apps/server/src/main.ts');

export interface ServerProcess {
  child: ChildProcess;
  /** Settles with the exit code or signal when the process ends, however it ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The address from the "lobby server listening" log line; rejects if the process ends first. */
  listening: Promise<string>;
}

/**
 * Starts `main.ts` as a process of its own, as production does, so a test can kill it with SIGKILL at
 * a failpoint and start another on the same database. The caller kills what it started.
 */
export function spawnServerProcess(env: NodeJS.ProcessEnv, startTimeoutMs = 90_000): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let output = '';
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), startTimeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split('\n')) {
        if (!line.includes('lobby server listening')) continue;
        clearTimeout(timer);
        resolve(JSON.parse(line).address);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening:\n${output}`));
    });
  });
  // A caller racing `listening` against `exited` must not leave an unhandled rejection behind.
  listening.catch(() => undefined);
  return { child, exited, listening };
}
