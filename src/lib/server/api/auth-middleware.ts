import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { readAccessToken } from '../auth/access-tokens.ts';
import { findUserById, type UserRow } from '../services/accounts.ts';
import type { ApiEnv as AuthEnv } from './create-router.ts';
import { unauthorized } from './errors.ts';


const INVALID_TOKEN = 'Could not validate credentials';

/** The signed-in user of a bearer token: undefined without a token, 401 for a bad or revoked one. */
async function resolveUser(header: string | undefined): Promise<UserRow | undefined> {
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized(INVALID_TOKEN);
  const claims = await readAccessToken(token);
  if (!claims) throw unauthorized(INVALID_TOKEN);
  const user = await findUserById(claims.userId);
  // A password reset or a role change bumps the version: older tokens stop working.
  if (!user || user.tokenVersion !== claims.version) throw unauthorized(INVALID_TOKEN);
  return user;
}

/** Sets `user` when a valid token is sent; anonymous requests pass through. */
export const optionalUser: MiddlewareHandler<AuthEnv> = createMiddleware<AuthEnv>(async (c, next) => {
  c.set('user', await resolveUser(c.req.header('Authorization')));
  await next();
});

/** 401 unless a valid token is sent. */
export const requireUser: MiddlewareHandler<AuthEnv> = createMiddleware<AuthEnv>(async (c, next) => {
  const user = await resolveUser(c.req.header('Authorization'));
  if (!user) throw unauthorized();
  c.set('user', user);
  await next();
});

/** The signed-in user (in a route behind requireUser). */
export function currentUser(c: { get(key: 'user'): UserRow | undefined }): UserRow {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
