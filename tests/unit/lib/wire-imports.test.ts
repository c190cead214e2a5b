import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The API's zod schemas (src/lib/api/wire/) are for the server; code that can reach the browser
// reads their inferred types only, so no zod is bundled for it (docs/decisions/017).

const root = path.resolve(import.meta.dirname, '../../..');
const BROWSER_DIRS = ['src/islands', 'src/scripts', 'src/lib'];
const NOT_BROWSER = [path.join('src', 'lib', 'server'), path.join('src', 'lib', 'api', 'wire')];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (NOT_BROWSER.some((excluded) => relative.startsWith(excluded))) return [];
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative] : [];
  });
}

/** Every import or re-export of a wire module: its statement and the file it names. */
function wireImports(file: string) {
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  return [...source.matchAll(/^(?:import|export)\b[^;]*?from\s+['"]([^'"]*\/wire\/[^'"]*)['"]/gms)].map((m) => ({
    statement: m[0].replace(/\s+/g, ' '),
    target: path.relative(root, path.resolve(path.dirname(path.join(root, file)), m[1]!)),
  }));
}

describe('browser code and the wire schemas', () => {
  const files = BROWSER_DIRS.flatMap(sourceFiles);

  it('finds the browser code, and the islands read wire types', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((f) => wireImports(f).length > 0).length).toBeGreaterThan(3);
  });

  it('imports only types, and only from src/lib/api/wire/index.ts', () => {
    const wrong = files.flatMap((file) =>
      wireImports(file)
        .filter(({ statement, target }) => !/^(?:import|export) type\b/.test(statement) || target !== path.join('src', 'lib', 'api', 'wire', 'index.ts'))
        .map(({ statement }) => `${file}: ${statement}`),
    );
    expect(wrong).toEqual([]);
  });

  it('index.ts itself brings no module in at run time', () => {
    const source = fs.readFileSync(path.join(root, 'src/lib/api/wire/index.ts'), 'utf8');
    const statements = [...source.matchAll(/^(?:import|export)\b[^;]*;/gms)].map((m) => m[0]);
    expect(statements.filter((s) => /\bfrom\b/.test(s) && !/^(?:import|export) type\b/.test(s))).toEqual([]);
  });
});
