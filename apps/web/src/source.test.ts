import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

function filesUnder(dir: string, accept: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, accept);
    return accept(path) ? [path] : [];
  });
}

/** `file:line: text` for every line of the files that matches. */
function findLines(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

const isCode = (path: string) => /\.tsx?$/.test(path);
const isSourceCode = (path: string) => isCode(path) && !/\.test\.tsx?$/.test(path);

describe('the web app source', () => {
  it('never casts to `never`: requests are typed by the contract end to end', () => {
    // Written in two pieces so that this file does not find itself.
    const cast = new RegExp(['as', 'never'].join(' ') + '\\b');
    expect(findLines(filesUnder(SRC, isCode), cast)).toEqual([]);
  });

  it('reads and writes server data only through the hooks of state/queries, never the api client from screens or components', () => {
    const screensAndComponents = [...filesUnder(join(SRC, 'screens'), isSourceCode), ...filesUnder(join(SRC, 'components'), isSourceCode)];
    expect(findLines(screensAndComponents, /\bapi\s*\.\s*(call|request)\b|from '(\.\.\/)+api\/calls'/)).toEqual([]);
  });

  it('takes every colour of its stylesheets from the design tokens of theme/variables.css', () => {
    const stylesheets = filesUnder(SRC, (path) => path.endsWith('.css') && !path.endsWith(join('theme', 'variables.css')));
    expect(findLines(stylesheets, /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?)\(/i)).toEqual([]);
  });

  it('draws the buttons of its screens with the design system (Button, Pressable), never a bare <button>', () => {
    expect(findLines(filesUnder(join(SRC, 'screens'), isSourceCode), /<button\b/)).toEqual([]);
  });
});
