import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes JSON to a temporary name and renames it, so a crash never leaves half a file (mode 0600). */
export function writeJsonFile(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(value), { mode: 0o600 });
  renameSync(temporary, file);
}

/** The JSON kept in `file`, or undefined when there is none or it cannot be read. */
export function readJsonFile<T>(file: string | undefined, log?: (msg: string, extra?: object) => void): T | undefined {
  if (!file || !existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    log?.('demo aggregator: unreadable file, starting without it', { file, error: String(error) });
    return undefined;
  }
}
