import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every import of the folder's source files (tests aside) that lands in one of `forbidden`, as `file -> target`. */
function importsInto(folder: string, forbidden: string[]): string[] {
  const found: string[] = [];
  const files = readdirSync(join(SRC, folder), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  for (const file of files) {
    const path = join(SRC, folder, file);
    const { importedFiles } = ts.preProcessFile(readFileSync(path, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = relative(SRC, resolve(dirname(path), fileName));
      if (forbidden.some((folderName) => target === folderName || target.startsWith(`${folderName}/`))) found.push(`${folder}/${file} -> ${target}`);
    }
  }
  return found;
}

describe('module layering', () => {
  it('keeps the money kernel free of the realtime server and of feature modules: it announces through the event bus', () => {
    expect(importsInto('money', ['realtime', 'modules'])).toEqual([]);
  });

  it('keeps the HTTP plumbing free of feature modules, the realtime server and the money kernel', () => {
    expect(importsInto('http', ['modules', 'realtime', 'money'])).toEqual([]);
  });

  it('finds an import into a forbidden folder (the check itself works)', () => {
    expect(importsInto('money', ['db'])).toContain('money/ledger.service.ts -> db/database.ts');
  });
});
