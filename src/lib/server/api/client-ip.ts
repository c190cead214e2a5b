import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import proxyaddr from 'proxy-addr';
import { env, type TrustProxy } from '../env.ts';

type Trust = (address: string, hop: number) => boolean;
const compiled = new WeakMap<object, Trust>();

/** The trust function of the setting: the first `hops` hops (socket peer first), or the listed proxies. */
function trustOf(setting: NonNullable<TrustProxy>): Trust {
  let trust = compiled.get(setting);
  if (!trust) {
    if ('hops' in setting) {
      const { hops } = setting;
      trust = (_address, hop) => hop < hops;
    } else {
      trust = proxyaddr.compile(setting.proxies);
    }
    compiled.set(setting, trust);
  }
  return trust;
}

/**
 * The client's address. Without TRUST_PROXY it is the socket's peer. Behind proxies (TRUST_PROXY) it
 * is read as Express's `trust proxy` does (proxy-addr): walking X-Forwarded-For from the right, past
 * the trusted hops or addresses, to the first entry no trusted proxy vouches for; the entries left of
 * it were written by the client and are ignored.
 */
export function clientIp(c: Context): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // not served by @hono/node-server (e.g. under `astro dev`)
  }
  const setting = env().trustProxy;
  if (!setting) return peer ?? 'unknown';
  const request = {
    headers: { 'x-forwarded-for': c.req.header('X-Forwarded-For') },
    socket: { remoteAddress: peer },
  } as unknown as IncomingMessage;
  return proxyaddr(request, trustOf(setting)) ?? peer ?? 'unknown';
}
