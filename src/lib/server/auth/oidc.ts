import * as oidc from 'openid-client';
import { ServiceUnavailableError } from '../errors.ts';
import { env } from '../env.ts';

/** Where the identity provider sends the browser back. */
export const callbackUrl = () => `${env().publicUrl}/api/v1/auth/google/callback`;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
let configuration: Promise<oidc.Configuration> | undefined;

/** The provider's configuration, discovered once from GOOGLE_ISSUER; 503 while sign-in is off. */
export function getOidcConfiguration(): Promise<oidc.Configuration> {
  const { clientId, clientSecret, issuer } = env().google;
  if (!clientId || !clientSecret) {
    throw new ServiceUnavailableError('Google sign-in is not configured on this server');
  }
  const url = new URL(issuer);
  const insecure = url.protocol === 'http:';
  if (insecure && !LOOPBACK.has(url.hostname)) {
    throw new ServiceUnavailableError('Google sign-in is misconfigured: GOOGLE_ISSUER must use https');
  }
  configuration ??= oidc
    .discovery(url, clientId, clientSecret, undefined, {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    })
    .catch((error) => {
      configuration = undefined; // try again on the next request
      throw new ServiceUnavailableError(`Google sign-in is unavailable: ${(error as Error).message}`);
    });
  return configuration;
}

/** The secrets of one sign-in attempt, kept by the browser in a signed cookie until the callback. */
export interface OidcAttempt {
  state: string;
  nonce: string;
  verifier: string;
}

/** The address that starts a sign-in at the provider (authorization code flow with PKCE). */
export async function startOidcSignIn(): Promise<{ url: string; attempt: OidcAttempt }> {
  const config = await getOidcConfiguration();
  const attempt = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(attempt.verifier),
    code_challenge_method: 'S256',
    state: attempt.state,
    nonce: attempt.nonce,
  });
  return { url: url.href, attempt };
}

export interface OidcIdentity {
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/** Exchanges the callback's code, checking state, nonce and PKCE; returns who signed in. */
export async function finishOidcSignIn(currentUrl: URL, attempt: OidcAttempt): Promise<OidcIdentity> {
  const config = await getOidcConfiguration();
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: attempt.verifier,
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('The provider sent no ID token');
  // Google puts the e-mail in the ID token; other providers may give it only at the userinfo
  // endpoint (claims requested by scope, OIDC Core §5.4).
  const claims =
    typeof idClaims.email === 'string'
      ? idClaims
      : { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), sub: idClaims.sub };
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    emailVerified: claims.email_verified === true,
    name: typeof claims.name === 'string' ? claims.name : undefined,
  };
}
