// Every member write is rate limited by construction (DESIGN "Conventions", docs/decisions/028):
// a route a member writes through is declared with `memberWrite(rule, route)`, which adds the
// bearer security, the member-write guard, the rule's limiter and the 429 to the document. There is no other
// preset for a member's write; tests/api/write-limits.test.ts walks the document and fails on a
// non-GET operation with a bearer that is not wired to a limiter.
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { consumeLimit, limitKey, RATE_LIMITS, refundLimit, type LimitName } from '../rate-limit.ts';
import { currentUser, optionalUser, requireMemberWrite, requireUser } from './auth-middleware.ts';
import type { ApiEnv } from './create-router.ts';
import { errorAnswer } from './schemas.ts';

/** the rules each member limiter counts against, by its middleware (memberLimitOf, memberLimitsOf) */
const rules = new WeakMap<object, readonly LimitName[]>();

/** One rule, or several a write counts against at once (a comment: 10 a minute and 200 a day). */
export type MemberRules = LimitName | readonly [LimitName, ...LimitName[]];

const ruleList = (rule: MemberRules): readonly LimitName[] => (typeof rule === 'string' ? [rule] : rule);

/**
 * Counts a member's write against per-member limits (rate-limit.ts RATE_LIMITS, README "Rate
 * limits"), after requireUser and before the work: a refused write is a 429 with Retry-After and
 * nothing changed. With several rules, each is spent in order, and a refusal by a later one gives
 * back the points the earlier ones took (a refused write counts against none). It runs on the pool,
 * never inside a service's transaction (on the embedded database the limiter would wait for the
 * connection the transaction holds).
 */
export const limitMember = (rule: MemberRules): MiddlewareHandler<ApiEnv> => {
  const names = ruleList(rule);
  const middleware = createMiddleware<ApiEnv>(async (c, next) => {
    const key = limitKey.member(currentUser(c).id);
    const spent: LimitName[] = [];
    try {
      for (const name of names) {
        await consumeLimit(name, key);
        spent.push(name);
      }
    } catch (error) {
      await Promise.all(spent.map((name) => refundLimit(name, key)));
      throw error;
    }
    await next();
  });
  rules.set(middleware, names);
  return middleware;
};

/** The (first) rule a middleware made by limitMember counts against, or undefined for any other middleware. */
export const memberLimitOf = (middleware: unknown): LimitName | undefined => memberLimitsOf(middleware)[0];

/** Every rule a middleware made by limitMember counts against, in order (none for any other middleware). */
export const memberLimitsOf = (middleware: unknown): readonly LimitName[] =>
  (typeof middleware === 'function' ? rules.get(middleware) : undefined) ?? [];

const WINDOWS: [number, string][] = [
  [86_400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
];

/** "120 a minute", "30 in 10 minutes": a rule as the document says it. */
export function describeLimit(name: LimitName): string {
  const { points, duration } = RATE_LIMITS[name];
  for (const [seconds, unit] of WINDOWS) {
    if (duration % seconds !== 0) continue;
    const count = duration / seconds;
    return count === 1 ? `${points} a ${unit}` : `${points} in ${count} ${unit}s`;
  }
  return `${points} in ${duration} seconds`;
}

/** The 429 of a member write under `rule` (one or several), for the document. */
export const limitedAnswer = (rule: MemberRules) =>
  errorAnswer(
    `${ruleList(rule)
      .map((name) => `${RATE_LIMITS[name].message} (${describeLimit(name)} per member)`)
      .join('; ')}: try again after Retry-After seconds`,
  );

/**
 * A route a signed-in member writes through, counted against `rule` (one rule, or several): bearer security, the guard
 * (requireMemberWrite: a member who may write, docs/decisions/027; sign-outs pass requireUser, so
 * that a suspended member can still sign out), the rule's limiter, and the 429 added to the
 * responses. The route gives everything else.
 */
export function memberWrite<const R extends Omit<RouteConfig, 'security' | 'middleware'>>(
  rule: MemberRules,
  route: R,
  guard: typeof requireUser = requireMemberWrite,
) {
  return createRoute({
    ...route,
    security: [{ bearer: [] }],
    middleware: [guard, limitMember(rule)] as const,
    responses: { ...route.responses, 429: limitedAnswer(rule) },
  });
}

/** The preset of a route a signed-in member only reads through (GET): bearer security and requireUser. */
export const memberRead = { security: [{ bearer: [] }], middleware: [requireUser] };

/**
 * The preset of a route anyone reads, visitors included (GET): no security required, and a token,
 * when sent, names the caller (optionalUser; a bad one is a 401), so an owner reads their own
 * private lists through it.
 */
export const anyoneRead = { security: [], middleware: [optionalUser] };
