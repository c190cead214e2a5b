// The layering rules of docs/decisions/015, as one function used by the unit test (every file of
// src/) and by the build (astro.config.mjs refuses a browser bundle that reaches server code).
import path from 'node:path';

const IMPORT = /(?:\bimport\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?|\bexport\s+(?:type\s+)?[\w*{}\s,$]+\s+from\s+|\bimport\s*\(\s*)(['"])([^'"]+)\1/g;

/** The module specifiers a source file imports (static, type-only, re-exports and dynamic). */
export function listImports(code: string): string[] {
  return [...code.matchAll(IMPORT)].map((m) => m[2]!);
}

const SERVER = 'src/lib/server/';
const isBrowserCode = (file: string) =>
  file.startsWith('src/islands/') || file.startsWith('src/scripts/') || (file.startsWith('src/lib/') && !file.startsWith(SERVER));

/**
 * Why `file` (a path relative to the project root) may not import `specifier`, or undefined when it
 * may: browser code (islands, enhancer scripts, shared rules in src/lib) never imports server code,
 * and services never import the API layer (domain errors and DTOs belong to the API, not the reverse).
 */
export function importViolation(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  if (isBrowserCode(file) && target.startsWith(SERVER)) {
    return `${file} imports ${target}: browser code must not import server code`;
  }
  if (file.startsWith(`${SERVER}services/`) && target.startsWith(`${SERVER}api/`)) {
    return `${file} imports ${target}: services must not import the API layer`;
  }
  return undefined;
}
