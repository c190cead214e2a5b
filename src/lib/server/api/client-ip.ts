import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { env } from '../env.ts';

/**
 * The client's address, for rate limits. Behind a trusted load balancer (TRUST_PROXY) it is the last
 * X-Forwarded-For entry, the one the balancer itself appended; otherwise the socket's peer.
 */
export function clientIp(c: Context): string {
  if (env().trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // not served by @hono/node-server (e.g. under `astro dev`)
  }
}
