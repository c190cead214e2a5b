import { Redis } from 'ioredis';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from './api/errors.ts';
import { openDatabase } from './db/client.ts';
import { env } from './env.ts';

/** Limits, as points per window: each attempt (or each failure, for login per account) costs one point. */
export const RATE_LIMITS = {
  /** any login attempt from one address */
  loginByIp: { points: 30, duration: 15 * 60 },
  /** failed logins on one account, from anywhere (reset by a successful login) */
  loginFailuresByAccount: { points: 10, duration: 15 * 60 },
  registerByIp: { points: 10, duration: 60 * 60 },
  forgotPasswordByIp: { points: 5, duration: 15 * 60 },
  /** reset and verification e-mails to one address */
  mailByAccount: { points: 3, duration: 60 * 60 },
} as const;

export type LimitName = keyof typeof RATE_LIMITS;

const limiters = new Map<LimitName, Promise<RateLimiterAbstract>>();
let redis: Redis | undefined;

/**
 * The limiter for a rule, stored where every instance sees it: Redis when REDIS_URL is set,
 * otherwise the database's rate_limits table.
 */
function getLimiter(name: LimitName): Promise<RateLimiterAbstract> {
  let limiter = limiters.get(name);
  if (!limiter) {
    const options = { ...RATE_LIMITS[name], keyPrefix: name };
    limiter = (async () => {
      if (env().redisUrl) {
        redis ??= new Redis(env().redisUrl!, { enableOfflineQueue: false, lazyConnect: false });
        return new RateLimiterRedis({ ...options, storeClient: redis });
      }
      const { pool } = await openDatabase();
      return new RateLimiterPostgres({ ...options, storeClient: pool, tableName: 'rate_limits', tableCreated: true });
    })();
    limiters.set(name, limiter);
  }
  return limiter;
}

function minutes(ms: number) {
  const m = Math.ceil(ms / 60_000);
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** Spends one point of `key` under the rule; throws a 429 ApiError when none is left. */
export async function consumeLimit(name: LimitName, key: string, message: string): Promise<void> {
  try {
    await (await getLimiter(name)).consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      throw tooManyRequests(`${message} Please try again in ${minutes(error.msBeforeNext)}.`, error.msBeforeNext / 1000);
    }
    throw error;
  }
}

/** Throws a 429 if `key` has no points left, without spending one. */
export async function checkLimit(name: LimitName, key: string, message: string): Promise<void> {
  const res = await (await getLimiter(name)).get(key);
  if (res && res.remainingPoints <= 0 && res.consumedPoints > RATE_LIMITS[name].points - 1) {
    throw tooManyRequests(`${message} Please try again in ${minutes(res.msBeforeNext)}.`, res.msBeforeNext / 1000);
  }
}

/** Forgets the points spent by `key` (a successful login clears its failures). */
export async function resetLimit(name: LimitName, key: string): Promise<void> {
  await (await getLimiter(name)).delete(key);
}

/** Drops cached limiters and the Redis connection (tests and shutdown). */
export async function closeRateLimits(): Promise<void> {
  limiters.clear();
  await redis?.quit();
  redis = undefined;
}
