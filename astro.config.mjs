// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import sirv from 'sirv';

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
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  // The API uses bearer tokens, not cookies; it is served by our server before Astro sees the
  // request. Astro's origin check would reject API clients that send no Origin header.
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  compressHTML: true,
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  vite: {
    plugins: [tailwindcss(), serveMediaInDev()],
    ssr: { external: ['@electric-sql/pglite', '@electric-sql/pglite-socket', 'pg', 'pino'] },
  },
});
