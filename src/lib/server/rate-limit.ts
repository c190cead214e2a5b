// Rate limits, shared by every instance (docs/decisions/010): points per window in the database's
// rate_limits table, or in Redis when REDIS_URL is set, with the database as the fallback while Redis
// is unreachable. Callers name a rule and a key (built with limitKey); a refused attempt throws
// RateLimitedError (errors.ts), which the API answers with 429 and Retry-After (api/errors.ts).
import { createHash } from 'node:crypto';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Redis } from 'ioredis';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { openDatabase } from './db/client.ts';
import { env } from './env.ts';
import { RateLimitedError } from './errors.ts';
import { SUGGESTIONS_PER_DAY } from '../catalogue-editing/edit-fields.ts';
import { logger } from './logger.ts';

interface Rule {
  points: number;
  /** the window, in seconds */
  duration: number;
  /** the 429's detail starts with this; "Please try again in N minutes" follows */
  message: string;
  /** appended to "Please try again in N minutes" */
  alternative?: string;
}

const MINUTE = 60;
const HOUR = 3600;

/**
 * Every limit, as points per window. The README's rate-limit table lists the same names and numbers
 * (tests/unit/server/rate-limit-table.test.ts compares them).
 * "address" means the client's network: its IPv4 address, or its IPv6 /64 (limitKey.address).
 */
export const RATE_LIMITS = {
  /** every sign-in attempt from one address, whatever the account */
  loginByAddress: { points: 30, duration: 15 * MINUTE, message: 'Too many login attempts.' },
  /** failed sign-ins on one account from one address; reserved before the password is checked, cleared by a success */
  loginFailuresByAccountAndAddress: { points: 10, duration: 15 * MINUTE, message: 'Too many login attempts.' },
  /**
   * failed sign-ins on one account from every address together (credential stuffing from many
   * addresses); an address the account signed in from in the last 30 days is never refused by it,
   * and a password reset clears it
   */
  loginFailuresByAccount: {
    points: 100,
    duration: HOUR,
    message: 'Too many failed sign-ins on this account.',
    alternative: ', or reset your password',
  },
  /**
   * failed sign-ins with one device cookie (a browser that signed in to the account before): its
   * own budget instead of the account's ceiling; once spent, the cookie is ignored (docs/decisions/032)
   */
  loginFailuresByDevice: { points: 10, duration: 15 * MINUTE, message: 'Too many login attempts.' },
  /** requests for a one-time sign-in link from one address */
  signInLinkByAddress: { points: 5, duration: 15 * MINUTE, message: 'Too many sign-in link requests.' },
  /** sign-in links e-mailed to one account (beyond it, requests answer the same and nothing is sent) */
  signInLinkMailByAccount: { points: 3, duration: HOUR, message: 'Too many sign-in links for this account.' },
  /** attempts to use a sign-in link from one address */
  redeemSignInLinkByAddress: { points: 10, duration: 15 * MINUTE, message: 'Too many sign-in link attempts.' },
  registerByAddress: { points: 10, duration: HOUR, message: 'Too many registrations from your network.' },
  forgotPasswordByAddress: { points: 5, duration: 15 * MINUTE, message: 'Too many password reset requests.' },
  resetPasswordByAddress: { points: 10, duration: 15 * MINUTE, message: 'Too many password reset attempts.' },
  verifyEmailByAddress: { points: 20, duration: 15 * MINUTE, message: 'Too many verification attempts.' },
  resendVerificationByAddress: { points: 5, duration: 15 * MINUTE, message: 'Too many requests.' },
  /** changes to one member's watch lists and favourites (saves, removals, rewatches, favourites) */
  listWritesByMember: { points: 120, duration: MINUTE, message: 'Too many changes to your lists.' },
  /** one member's follows and unfollows */
  followWritesByMember: { points: 60, duration: MINUTE, message: 'Too many follow changes.' },
  /** one member's upload addresses (POST /uploads): avatars, covers and the edit forms' images */
  uploadsByMember: { points: 30, duration: HOUR, message: 'Too many uploads.' },
  /** one member's small on/off toggles: hearts given and taken back (and the toggles to come: likes, reactions) */
  toggleWritesByMember: { points: 60, duration: MINUTE, message: 'Too many changes.' },
  /** one member's profile saves (PUT /users/me; contract "Usernames": 30 in 10 minutes) */
  profileSavesByMember: { points: 30, duration: 10 * MINUTE, message: 'Too many profile changes.' },
  /** the profile views one member records (POST /users/{id}/view, one per profile page opened) */
  profileViewsByMember: { points: 120, duration: MINUTE, message: 'Too many profile views.' },
  /** one member's sign-outs (POST /auth/logout, /auth/logout-all); each needs a token, itself limited by sign-ins */
  signOutsByMember: { points: 60, duration: MINUTE, message: 'Too many sign-outs.' },
  /** reset and verification e-mails to one address (beyond it, messages are dropped, not refused) */
  // comments, reactions, reports and blocks (docs/decisions/035); a day's cap beside the minute's for comments
  commentsByMember: { points: 10, duration: MINUTE, message: 'Too many comments.' },
  commentsByMemberDaily: { points: 200, duration: 24 * HOUR, message: 'Too many comments today.' },
  commentEditsByMember: { points: 30, duration: 10 * MINUTE, message: 'Too many comment changes.' },
  reactionsByMember: { points: 120, duration: 10 * MINUTE, message: 'Too many reactions.' },
  reportsByMember: { points: 20, duration: 24 * HOUR, message: 'Too many reports today.' },
  blocksByMember: { points: 50, duration: 24 * HOUR, message: 'Too many block changes today.' },
  // the social feed (issue 21); likes and reposts count against toggleWritesByMember
  postsByMember: { points: 10, duration: MINUTE, message: 'Too many posts.' },
  postsByMemberDaily: { points: 300, duration: 24 * HOUR, message: 'Too many posts today.' },
  postEditsByMember: { points: 30, duration: 10 * MINUTE, message: 'Too many post changes.' },
  /** a mod's or an admin's moderation actions: resolving reports, reviewing suggestions, moderating members */
  moderationByMember: { points: 300, duration: HOUR, message: 'Too many moderation actions.' },
  // catalogue editing (issue 22, docs/decisions/038)
  /** a mod's or an admin's direct edits, reverts and field locks */
  catalogueEditsByMember: { points: 60, duration: 10 * MINUTE, message: 'Too many catalogue edits.' },
  /** a member's edit suggestions; the daily cap (SUGGESTIONS_PER_DAY, Shikimori's 35) is the second rule */
  suggestionsByMember: { points: 10, duration: 10 * MINUTE, message: 'Too many edit suggestions.' },
  suggestionsByMemberDaily: { points: SUGGESTIONS_PER_DAY, duration: 24 * HOUR, message: 'Too many edit suggestions today.' },
  mailByAccount: { points: 3, duration: HOUR, message: 'Too many e-mails to this address.' },
} as const satisfies Record<string, Rule>;

export type LimitName = keyof typeof RATE_LIMITS;

/** What a rule keeps besides limits: (account, address) pairs that signed in, for 30 days. */
const MEMORIES = {
  signInAddress: { points: 1, duration: 30 * 24 * HOUR },
} as const;

export type MemoryName = keyof typeof MEMORIES;

/** The refusal of an attempt under `limit` (errors.ts' RateLimitedError: the API answers 429 with Retry-After). */
function refusal(limit: LimitName, msBeforeNext: number): RateLimitedError {
  const rule: Rule = RATE_LIMITS[limit];
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  const message = `${rule.message} Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}${rule.alternative ?? ''}.`;
  return new RateLimitedError(message, limit, msBeforeNext / 1000);
}

/**
 * The network a client address belongs to, for limits: an IPv4 address as is (an IPv4-mapped IPv6
 * address too), an IPv6 address as its /64, since one subscriber gets a whole /64 and can pick any
 * address in it. Anything else (no address known) is kept as given.
 */
export function networkOf(address: string): string {
  const bare = address.trim();
  if (!net.isIP(bare)) return bare;
  const ip = ipaddr.parse(bare);
  if (ip.kind() === 'ipv4') return ip.toString();
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}

/** The keys limits are counted under. */
export const limitKey = {
  address: (address: string) => networkOf(address),
  member: (userId: number) => `member ${userId}`,
  account: (email: string) => email.trim().toLowerCase(),
  accountAtAddress: (email: string, address: string) => `${limitKey.account(email)} ${networkOf(address)}`,
  /** a device cookie, by its random nonce */
  device: (nonce: string) => `device ${nonce}`,
};

/** Stored keys are hashes: fixed length, any input (NUL bytes, 1,000-character e-mails), no addresses or e-mails at rest. */
function storeKey(key: string) {
  return createHash('sha256').update(key).digest('base64url');
}

// The database store reaches the pool at each query, so a reopened database (tests, reconnects) is
// used as it is. On the embedded database the pool sends the limiter's statements unnamed (db/client.ts).
const databaseStore = {
  async query(config: { text: string; values?: unknown[]; name?: string }) {
    return (await openDatabase()).pool.query(config);
  },
};

function databaseLimiter(keyPrefix: string, rule: { points: number; duration: number }) {
  return new RateLimiterPostgres({
    points: rule.points,
    duration: rule.duration,
    keyPrefix,
    storeClient: databaseStore,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
  });
}

let redis: Redis | undefined;
let redisReady: Promise<void> | undefined;
/** whether Redis answered last time we heard from it (undefined before the first answer) */
let redisAvailable: boolean | undefined;

/**
 * The Redis connection, opened at once (not on first use) and kept open: ioredis reconnects by itself.
 * Commands are never queued while it is away: they fail at once (or after 1 s without an answer) and
 * the limiter falls back to the database, so an outage costs neither errors nor waiting.
 */
function redisClient(url: string): Redis {
  if (redis) return redis;
  const client = new Redis(url, { enableOfflineQueue: false, commandTimeout: 1000, maxRetriesPerRequest: 1 });
  const unavailable = (err?: unknown) => {
    if (redisAvailable === false) return;
    redisAvailable = false;
    logger.warn({ err }, 'Redis is unreachable: rate limits are counted in the database until it is back');
  };
  client.on('ready', () => {
    if (redisAvailable === false) logger.info('Redis is back: rate limits are counted in Redis again');
    else logger.info('rate limits are counted in Redis');
    redisAvailable = true;
  });
  client.on('error', (err) => unavailable(err));
  client.on('close', () => {
    if (redisAvailable) unavailable();
  });
  redis = client;
  redisReady = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 3000).unref();
    client.once('ready', done).once('error', done);
  });
  return client;
}

const limiters = new Map<string, RateLimiterAbstract>();

/** The limiter of a rule: Redis (falling back to the database) when REDIS_URL is set, else the database. */
function limiterFor(name: LimitName | MemoryName): RateLimiterAbstract {
  let limiter = limiters.get(name);
  if (!limiter) {
    const rule = name in RATE_LIMITS ? RATE_LIMITS[name as LimitName] : MEMORIES[name as MemoryName];
    const url = env().redisUrl;
    limiter = url
      ? new RateLimiterRedis({
          points: rule.points,
          duration: rule.duration,
          keyPrefix: name,
          storeClient: redisClient(url),
          rejectIfRedisNotReady: true,
          insuranceLimiter: databaseLimiter(name, rule),
        })
      : databaseLimiter(name, rule);
    limiters.set(name, limiter);
  }
  return limiter;
}

/**
 * Opens the shared store (connects to Redis when REDIS_URL is set). Resolves once Redis answered
 * or failed to (at most 3 s); limits work before that too, in the database.
 */
export function openRateLimits(): Promise<void> {
  const url = env().redisUrl;
  if (!url) return Promise.resolve();
  redisClient(url);
  return redisReady!;
}

/** Where limits are counted now: 'redis', 'database', or 'database-fallback' while Redis is unreachable. */
export function rateLimitStore(): 'redis' | 'database' | 'database-fallback' {
  if (!env().redisUrl) return 'database';
  return redis?.status === 'ready' ? 'redis' : 'database-fallback';
}

/** Spends one point of `key` under the rule; throws RateLimitedError when none was left. */
export async function consumeLimit(name: LimitName, key: string): Promise<void> {
  try {
    await limiterFor(name).consume(storeKey(key));
  } catch (error) {
    if (error instanceof RateLimiterRes) throw refusal(name, error.msBeforeNext);
    throw error;
  }
}

/** Gives back one point spent by `key` (an attempt reserved and then not counted). */
export async function refundLimit(name: LimitName, key: string): Promise<void> {
  await limiterFor(name).reward(storeKey(key), 1);
}

/** Forgets every point spent by `key`. */
export async function clearLimit(name: LimitName, key: string): Promise<void> {
  await limiterFor(name).delete(storeKey(key));
}

/** Remembers `key` for the memory's duration (shared by every instance, like the limits). */
export async function remember(name: MemoryName, key: string): Promise<void> {
  await limiterFor(name).set(storeKey(key), 1, MEMORIES[name].duration);
}

/** Whether `key` was remembered and has not expired. */
export async function isRemembered(name: MemoryName, key: string): Promise<boolean> {
  const res = await limiterFor(name).get(storeKey(key));
  return !!res && res.consumedPoints > 0;
}

/** Drops the limiters and closes the Redis connection (tests and shutdown). */
export async function closeRateLimits(): Promise<void> {
  limiters.clear();
  const client = redis;
  redis = undefined;
  redisReady = undefined;
  redisAvailable = undefined;
  if (client) {
    client.removeAllListeners();
    client.on('error', () => {});
    client.disconnect();
  }
}
