import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { readAccessToken, type TokenSession } from '../auth/access-tokens.ts';
import { getDb } from '../db/client.ts';
import type { UserRow } from '../services/accounts/accounts.ts';
import { findSessionUser } from '../services/accounts/sessions.ts';
import type { ApiEnv as AuthEnv } from './create-router.ts';
import { ForbiddenError, UnauthenticatedError } from '../errors.ts';
import { canWrite, NOT_ALLOWED } from '../../users/permissions.ts';


const INVALID_TOKEN = 'Could not validate credentials';

type Resolved = { user: UserRow; session: TokenSession };

/**
 * The signed-in user of a bearer token, and the token's session: undefined without a token, 401
 * for a bad one or a revoked one (signed out, or its account's token version moved on).
 */
async function resolveUser(header: string | undefined): Promise<Resolved | undefined> {
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new UnauthenticatedError(INVALID_TOKEN);
  const session = await readAccessToken(token);
  if (!session) throw new UnauthenticatedError(INVALID_TOKEN);
  const user = await findSessionUser(await getDb(), session);
  if (!user) throw new UnauthenticatedError(INVALID_TOKEN);
  return { user, session };
}

/** Sets `user` when a valid token is sent; anonymous requests pass through. */
export const optionalUser: MiddlewareHandler<AuthEnv> = createMiddleware<AuthEnv>(async (c, next) => {
  const resolved = await resolveUser(c.req.header('Authorization'));
  c.set('user', resolved?.user);
  c.set('session', resolved?.session);
  await next();
});

/** 401 unless a valid token is sent. */
export const requireUser: MiddlewareHandler<AuthEnv> = createMiddleware<AuthEnv>(async (c, next) => {
  const resolved = await resolveUser(c.req.header('Authorization'));
  if (!resolved) throw new UnauthenticatedError();
  c.set('user', resolved.user);
  c.set('session', resolved.session);
  await next();
});

/**
 * The one guard of who may call a route (docs/decisions/027): 401 unless a valid token is sent, then
 * 403 with `detail` unless `allowed(user)` (a rule of src/lib/users/permissions.ts) holds. Sets
 * `user` and `session` as requireUser does. A rule that needs the loaded record (is this the
 * author's comment?) is asked in the service, with the same module, not here.
 */
export function requirePermission(
  allowed: (user: UserRow) => boolean,
  detail: string | ((user: UserRow) => string) = NOT_ALLOWED,
): MiddlewareHandler<AuthEnv> {
  const guard = createMiddleware<AuthEnv>(async (c, next) => {
    const resolved = await resolveUser(c.req.header('Authorization'));
    if (!resolved) throw new UnauthenticatedError();
    if (!allowed(resolved.user)) throw new ForbiddenError(typeof detail === 'function' ? detail(resolved.user) : detail);
    c.set('user', resolved.user);
    c.set('session', resolved.session);
    await next();
  });
  permissionGuards.add(guard);
  return guard;
}

/** the guards requirePermission made */
const permissionGuards = new WeakSet<object>();

/**
 * Whether a middleware signs the caller in (a 401 without a valid token): requireUser, or a guard
 * made by requirePermission (requireMemberWrite, a staff guard). tests/api/write-limits.test.ts
 * checks that one runs before every member write's limiter.
 */
export const isSignInGuard = (middleware: unknown): boolean =>
  middleware === requireUser || (typeof middleware === 'function' && permissionGuards.has(middleware));

/** Any member write: signed in and not suspended (permissions.ts canWrite). */
export const requireMemberWrite: MiddlewareHandler<AuthEnv> = requirePermission((user) => canWrite(user), NOT_ALLOWED);

/** The token of the signed-in user (in a route behind requireUser). */
export function currentSession(c: { get(key: 'session'): TokenSession | undefined }): TokenSession {
  const session = c.get('session');
  if (!session) throw new UnauthenticatedError();
  return session;
}

/** The signed-in user (in a route behind requireUser). */
export function currentUser(c: { get(key: 'user'): UserRow | undefined }): UserRow {
  const user = c.get('user');
  if (!user) throw new UnauthenticatedError();
  return user;
}
