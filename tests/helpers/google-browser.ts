// Google sign-in as a browser goes through it, against the tests' OpenID provider
// (tests/helpers/oidc-provider.ts) and an API server of the tests (tests/helpers/api-server.ts).

/** Cookies as a browser keeps them, per host. */
export function cookieJar() {
  const jars = new Map<string, Map<string, string>>();
  return {
    store(url: string, res: Response) {
      const host = new URL(url).host;
      const jar = jars.get(host) ?? new Map<string, string>();
      for (const line of res.headers.getSetCookie()) {
        const [name, ...value] = line.split(';')[0]!.split('=');
        jar.set(name!.trim(), value.join('='));
      }
      jars.set(host, jar);
    },
    header: (url: string) => [...(jars.get(new URL(url).host) ?? [])].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/**
 * A browser of its own (cookies kept, redirects not followed): `go(url, init)` fetches and keeps
 * the cookies the answer sets; `toCallback(url, account)` follows the provider's pages from its
 * authorisation address, signing in as `account`, up to its redirect back to our callback, and
 * answers that address on the test server (`baseUrl`, where PUBLIC_URL points in the tests).
 * Nothing has used the code in it yet.
 */
export function googleBrowser(baseUrl: string) {
  const jar = cookieJar();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), cookie: jar.header(url) } });
    jar.store(url, res);
    return res;
  };
  async function toCallback(authorizationUrl: string, account: string): Promise<string> {
    let url = authorizationUrl;
    for (let hops = 0; hops < 10; hops++) {
      // the provider sends the browser back to PUBLIC_URL; here that host is the test server
      const target = url.replace(process.env.PUBLIC_URL!, baseUrl);
      if (new URL(target).pathname === '/api/v1/auth/google/callback') return target;
      const res = /\/interaction\/[\w-]+$/.test(new URL(target).pathname)
        ? await go(target, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `account=${account}` })
        : await go(target);
      const next = res.headers.get('location');
      if (!next) throw new Error(`stuck at ${target} (${res.status})`);
      url = new URL(next, target).href;
    }
    throw new Error('too many redirects');
  }
  return { go, toCallback, cookie: (url: string) => jar.header(url) };
}
