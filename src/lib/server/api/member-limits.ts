import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { consumeLimit, limitKey, type LimitName } from '../rate-limit.ts';
import { currentUser } from './auth-middleware.ts';
import type { ApiEnv } from './create-router.ts';

/**
 * Counts a member's write against a per-member limit (rate-limit.ts RATE_LIMITS, README "Rate
 * limits"), after requireUser and before the work: a refused write is a 429 with Retry-After and
 * nothing changed. It runs on the pool, never inside a service's transaction (on the embedded
 * database the limiter would wait for the connection the transaction holds).
 */
export const limitMember = (name: LimitName): MiddlewareHandler<ApiEnv> =>
  createMiddleware<ApiEnv>(async (c, next) => {
    await consumeLimit(name, limitKey.member(currentUser(c).id));
    await next();
  });
