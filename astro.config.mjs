// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import sirv from 'sirv';
import { INLINE_SCRIPTS, INLINE_STYLES } from './src/lib/ui/inline-code.ts';
import { astroCsp } from './src/lib/server/http/security-headers.ts';
import { importBoundaries } from './src/lib/server/build/import-boundaries.ts';

/**
 * Vite wraps every dynamic import in a preload helper (~0.8 kB brotli, one chunk) that fetches the
 * imported chunk's own imports in parallel. Our dynamic imports are the members' parts of islands
 * (the avatar menus, the heart, the watch-status control): they import what the page has loaded
 * already, so the helper would cost every visitor bytes to save a member one round trip. This
 * plain version just imports (docs/decisions/017). `build.modulePreload: false` does not remove it.
 */
const leanPreload = () => ({
  name: 'dramalist:lean-preload',
  enforce: /** @type {const} */ ('pre'),
  /** @param {string} id */
  load(id) {
    if (id === '\0vite/preload-helper.js') return 'export const __vitePreload = (load) => load();';
  },
  // ...and the list of each lazy chunk's imports that Vite writes beside every dynamic import for
  // its helper (`__vite__mapDeps`), which the plain version never reads
  generateBundle: {
    order: /** @type {const} */ ('post'),
    /** @param {unknown} _options @param {Record<string, { type: string, code?: string }>} bundle */
    handler(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.code?.includes('__vite__mapDeps')) continue;
        const calls = chunk.code.replace(/,__vite__mapDeps\(\[[\d,]*\]\)/g, '');
        const lean = calls.replace(/^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=\[[^\]]*\]\)\)\)=>i\.map\(i=>d\[i\]\);\n?/, '');
        // the list goes only when no call is left to read it
        chunk.code = lean.includes('__vite__mapDeps') ? calls : lean;
      }
    },
  },
});

/** Under `astro dev`, serve local media (DATA_DIR/media) at /media/ as the site server does. */
const serveMediaInDev = () => ({
  name: 'dramalist:media',
  /** @param {import('vite').ViteDevServer} server */
  configureServer(server) {
    server.middlewares.use('/media', sirv(path.resolve(process.env.DATA_DIR ?? 'data', 'media'), { dev: true }));
  },
});

// Pages are pre-rendered by default; on-demand pages opt out with `export const prerender = false`.
// The node adapter runs in middleware mode: our own server (src/lib/server/http/site-server.ts)
// serves the static build, decides when a pre-rendered page is stale, and hands the rest to Astro.
// See docs/decisions/001-server-composition.md.
export default defineConfig({
  output: 'static',
  // English at the spec's paths, Brazilian Portuguese at the same paths under /pt-br/. One page file
  // per route serves both: every /pt-br/ address falls back to the English route by a rewrite
  // (pre-rendered in both languages at build time, rewritten on demand), and the page reads its
  // language from the address it was asked for (src/i18n/page.ts). docs/decisions/019.
  i18n: {
    locales: ['en', 'pt-br'],
    defaultLocale: 'en',
    fallback: { 'pt-br': 'en' },
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false, fallbackType: 'rewrite' },
  },
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  security: {
    // The API uses bearer tokens, not cookies; it is served by our server before Astro sees the
    // request. Astro's origin check would reject API clients that send no Origin header.
    checkOrigin: false,
    // The pages' Content-Security-Policy: a <meta> in pre-rendered pages, a header on pages rendered
    // on demand; the site server adds frame-ancestors and the other headers (docs/decisions/011).
    // Off under `astro dev` (Astro injects it only in builds).
    csp: astroCsp({ mediaPublicUrl: process.env.MEDIA_PUBLIC_URL || undefined }, { scripts: INLINE_SCRIPTS, styles: INLINE_STYLES }),
  },
  devToolbar: { enabled: false },
  // No Markdown pages; Shiki's highlighting would write inline styles the CSP refuses.
  markdown: { syntaxHighlight: false },
  compressHTML: true,
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  vite: {
    // importBoundaries: a module that imports across docs/decisions/015's boundaries fails the build
    plugins: [importBoundaries(), tailwindcss(), serveMediaInDev(), leanPreload()],
    ssr: { external: ['@electric-sql/pglite', '@electric-sql/pglite-socket', 'pg', 'pino'] },
  },
});
