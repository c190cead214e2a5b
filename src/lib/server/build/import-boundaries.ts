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
 * `browser`: judge `file` as browser code wherever it lives (a component's `<script>`).
 */
export function importViolation(file: string, specifier: string, options: { browser?: boolean } = {}): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  if ((options.browser || isBrowserCode(file)) && target.startsWith(SERVER)) {
    return `${file} imports ${target}: browser code must not import server code`;
  }
  if (file.startsWith(`${SERVER}services/`) && target.startsWith(`${SERVER}api/`)) {
    return `${file} imports ${target}: services must not import the API layer`;
  }
  return undefined;
}

/**
 * A Vite plugin that fails the build (and `astro dev`) when a module imports across a boundary: it
 * asks `importViolation` about every relative import Vite resolves, so a browser bundle can never
 * reach server code. Scripts of Astro components (`<script>` tags, bundled for the browser) count
 * as browser code wherever the component lives.
 */
export function importBoundaries(options: { root?: string } = {}) {
  let root = options.root ?? process.cwd();
  return {
    name: 'dramalist:import-boundaries',
    enforce: 'pre' as const,
    configResolved(config: { root: string }) {
      if (!options.root) root = config.root;
    },
    resolveId(source: string, importer: string | undefined): null {
      if (!importer || !source.startsWith('.')) return null;
      const [file = '', query = ''] = importer.split('?');
      const relative = path.relative(root, file).split(path.sep).join('/');
      if (relative.startsWith('..')) return null; // outside the project (node_modules, virtual modules)
      // a component's <script> is bundled for the browser
      const violation = importViolation(relative, source, { browser: /(?:^|&)type=script(?:&|$)/.test(query) });
      if (violation) throw new Error(`Import boundary (docs/decisions/015): ${violation}`);
      return null;
    },
  };
}
