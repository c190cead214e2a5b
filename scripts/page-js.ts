// The JavaScript a page makes the browser load, from a build's static files: every script the page's
// HTML names (module scripts, modulepreload links, islands' component and renderer URLs) and
// everything those import statically, each file counted once. Dynamic imports (`import(...)`) are
// left out: they load only when the code that asks for them runs. So are the components of
// `client:visible` islands: Astro imports them when the island scrolls into view (the comments block
// at the bottom of a drama page, a photo gallery in a tab not shown); they are listed apart, as what
// the page loads "on view" (docs/decisions/036). Sizes are the files as stored, and their brotli and
// gzip twins (what a browser is sent).
//
//   node --experimental-strip-types scripts/page-js.ts [client dir] [page path ...]
//   node --experimental-strip-types scripts/page-js.ts .tmp/e2e-dist/current/client / /drama/1002 /people/10
//   node --experimental-strip-types scripts/page-js.ts dist/current/client http://localhost:4321/user/demo   (on demand)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

function htmlFile(clientDir: string, page: string): string {
  const clean = page.replace(/^\/+|\/+$/g, '');
  return path.join(clientDir, clean, 'index.html');
}

/** The scripts an HTML page names: those loaded at once, and the components of client:visible islands (loaded on view). */
function entryScripts(html: string): { atOnce: string[]; onView: string[] } {
  const urls = new Set<string>();
  const onView = new Set<string>();
  const patterns = [
    /<script[^>]*\bsrc="([^"]+\.js)"/g,
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
    /\b(?:renderer-url|before-hydration-url)="([^"]+)"/g,
  ];
  for (const pattern of patterns) for (const match of html.matchAll(pattern)) if (match[1]) urls.add(match[1]);
  for (const island of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const url = /\bcomponent-url="([^"]+)"/.exec(island[0])?.[1];
    if (url) (/\bclient="visible"/.test(island[0]) ? onView : urls).add(url);
  }
  return { atOnce: [...urls], onView: [...onView].filter((url) => !urls.has(url)) };
}

/** The files a built module imports statically (import ... from "./x.js", import "./x.js"). */
function staticImports(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g)) {
    found.push(path.resolve(path.dirname(file), match[1]!));
  }
  return found;
}

function sizes(file: string) {
  const raw = fs.readFileSync(file);
  const twin = (ext: string, make: (b: Buffer) => Buffer) => (fs.existsSync(file + ext) ? fs.statSync(file + ext).size : make(raw).length);
  return {
    raw: raw.length,
    br: twin('.br', (b) => zlib.brotliCompressSync(b)),
    gz: twin('.gz', (b) => zlib.gzipSync(b, { level: 9 })),
  };
}

/** `entries` and everything they import statically, but for the files in `seen` (which it adds to) */
function closure(clientDir: string, entries: string[], seen: Set<string>) {
  const found: string[] = [];
  const queue = entries.map((url) => path.join(clientDir, url));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    found.push(file);
    queue.push(...staticImports(file, fs.readFileSync(file, 'utf8')));
  }
  const files = found.sort().map((file) => ({ file: path.relative(clientDir, file), ...sizes(file) }));
  const total = files.reduce((t, f) => ({ raw: t.raw + f.raw, br: t.br + f.br, gz: t.gz + f.gz }), { raw: 0, br: 0, gz: 0 });
  return { files, total };
}

/**
 * Every script a built page makes a browser load at once, with their sizes (also used by the browser
 * tests' budget); `onView`: what its client:visible islands load besides, once scrolled into view.
 */
export function pageGraph(clientDir: string, page: string, pageHtml?: string) {
  const html = pageHtml ?? fs.readFileSync(htmlFile(clientDir, page), 'utf8');
  const { atOnce, onView } = entryScripts(html);
  const seen = new Set<string>();
  const { files, total } = closure(clientDir, atOnce, seen);
  return { page, files, total, onView: closure(clientDir, onView, seen) };
}

if (import.meta.main) {
  const [clientDir = 'dist/current/client', ...pages] = process.argv.slice(2);
  const verbose = process.env.VERBOSE === '1';
  for (const page of pages.length > 0 ? pages : ['/']) {
    // a page rendered on demand is read from a running site (a URL), the others from the build's files
    const { files, total, onView } = pageGraph(clientDir, page, /^https?:/.test(page) ? await (await fetch(page)).text() : undefined);
    console.log(`${page}: ${files.length} files, ${total.raw} bytes (brotli ${total.br}, gzip ${total.gz})`);
    if (verbose) for (const f of files) console.log(`  ${f.file.padEnd(70)} ${String(f.raw).padStart(7)} ${String(f.br).padStart(6)} ${String(f.gz).padStart(6)}`);
    if (onView.files.length > 0) {
      console.log(`  on view (client:visible islands): ${onView.files.length} files, ${onView.total.raw} bytes (brotli ${onView.total.br}, gzip ${onView.total.gz})`);
      if (verbose) for (const f of onView.files) console.log(`    ${f.file.padEnd(68)} ${String(f.raw).padStart(7)} ${String(f.br).padStart(6)} ${String(f.gz).padStart(6)}`);
    }
  }
}
