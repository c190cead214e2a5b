import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi, type Api } from '../../src/lib/server/api/index.ts';
import { createMediaHandler } from '../../src/lib/server/http/media-serving.ts';
import { createApiListener } from '../../src/lib/server/http/site-server.ts';

/**
 * Serves the API on an ephemeral loopback port as the site server does, so tests talk to it over real
 * HTTP; with `mediaDir`, also local media at /media/ as the site server serves it.
 */
export async function startApiServer(configure?: (api: Api) => void, options: { mediaDir?: string } = {}) {
  const api = createApi();
  configure?.(api);
  const listener = createApiListener(api);
  const media = options.mediaDir ? createMediaHandler(options.mediaDir) : undefined;
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (media && url.startsWith('/media/')) {
      req.url = url.slice('/media'.length);
      return void media(req, res);
    }
    return void listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    /** fetch relative to the server, e.g. `request('/api/v1/health')` */
    request: (pathname: string, init?: RequestInit) => fetch(`${baseUrl}${pathname}`, init),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
