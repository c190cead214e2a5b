import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestIdentity {
  email: string;
  email_verified: boolean;
  name: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, standing in for Google. Its
 * sign-in page is ours and minimal (a form with the account's id), so nothing loads from another
 * host; consent is granted automatically. By default the e-mail and name come from its userinfo
 * endpoint (as the OIDC standard has it); `claimsInIdToken` puts them in the ID token too, as Google
 * does, so that the sign-in needs no call with the access token.
 */
export async function startOidcProvider(options: { clientId: string; clientSecret: string; redirectUri: string; claimsInIdToken?: boolean }) {
  const identities = new Map<string, TestIdentity>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: !options.claimsInIdToken,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['test-provider-cookie-key'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const identity = identities.get(id);
      if (!identity) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...identity }) };
    },
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();

  server.on('request', async (req, res) => {
    const match = req.url?.match(/^\/interaction\/([\w-]+)$/);
    if (!match) return void callback(req, res);
    try {
      if (req.method === 'GET') {
        await provider.interactionDetails(req, res);
        res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><title>Test provider</title>
<h1>Sign in to the test provider</h1>
<form method="post" action="/interaction/${match[1]}">
<label>Account <input name="account" required></label><button type="submit">Sign in</button></form>`);
        return;
      }
      const body = await new Promise<string>((resolve) => {
        let data = '';
        req.on('data', (chunk) => (data += chunk));
        req.on('end', () => resolve(data));
      });
      const account = new URLSearchParams(body).get('account') ?? '';
      await provider.interactionFinished(req, res, { login: { accountId: account } }, { mergeWithLastSubmission: false });
    } catch (error) {
      res.writeHead(400).end(String(error));
    }
  });

  return {
    issuer,
    /** makes an account the provider can sign in as */
    addIdentity: (id: string, identity: TestIdentity) => identities.set(id, identity),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
