import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';

// Swagger UI served from the swagger-ui-dist package, so the docs work offline and load nothing
// from a CDN.
const distDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>DramaList API</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="docs"></div><script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;

// A file rather than an inline script: the docs' Content-Security-Policy allows only their own files.
const init = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#docs', deepLinking: true });\n`;

/** Interactive API documentation at /api/docs. */
export const docsRoutes = new Hono({ strict: false })
  .get('/', (c) => c.html(page))
  .get('/init.js', (c) =>
    c.body(init, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' }),
  )
  .get('/:asset', async (c) => {
    const asset = c.req.param('asset');
    const type = assets[asset];
    if (!type) return c.json({ detail: 'Not found' }, 404);
    const body = await readFile(path.join(distDir, asset));
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
