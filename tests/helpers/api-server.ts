import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApi, type Api } from '../../src/lib/server/api/index.ts';

/** Serves the API on an ephemeral loopback port, so tests talk to it over real HTTP. */
export async function startApiServer(configure?: (api: Api) => void) {
  const api = createApi();
  configure?.(api);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: api.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    /** fetch relative to the server, e.g. `request('/api/v1/health')` */
    request: (pathname: string, init?: RequestInit) => fetch(`${baseUrl}${pathname}`, init),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
