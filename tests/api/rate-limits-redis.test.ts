import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { logger } from '../../src/lib/server/logger.ts';
import { closeRateLimits, openRateLimits, rateLimitStore } from '../../src/lib/server/rate-limit.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { startMailbox } from '../helpers/mailbox.ts';
import { startRedisServer } from '../helpers/redis-server.ts';
import { createMember as createVerifiedMember } from '../helpers/factories.ts';
import { api, login as loginAs, signIn } from '../helpers/http.ts';

// Rate limits in Redis (REDIS_URL), on a redis-server of this test's own that it stops and starts
// again as an outage would. While Redis is away, limits are counted in the database.

let redisServer: Awaited<ReturnType<typeof startRedisServer>>;
let redis: Redis;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = new Redis(redisServer.url, { lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
  process.env.REDIS_URL = redisServer.url;
  process.env.TRUST_PROXY = '1';
  reloadEnv();
  mailbox = await startMailbox();
  database = await createTestDatabase();
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
  await closeRateLimits();
  redis?.disconnect();
  await redisServer?.close();
  await mailbox?.close();
  await database?.drop();
  delete process.env.REDIS_URL;
  reloadEnv();
});

const OWNER = '198.51.100.20';
const ATTACKER = '203.0.113.66';

const postJson = (path: string, body: unknown, address: string) => api(server).post(path, body, { address });
const login = (email: string, password: string, address: string) => loginAs(server, { email, password }, { address });

let counter = 0;
async function register(address = OWNER) {
  counter++;
  const email = `redis${counter}@example.com`;
  const since = mailbox.messages.length;
  const res = await postJson('/auth/register', { email, username: `redis${counter}`, full_name: '', password: 'Secret123' }, address);
  return { res, email, password: 'Secret123', since };
}

/** A verified member who signed in once from OWNER. */
async function createMember() {
  const member = await createVerifiedMember();
  await signIn(server, member, { address: OWNER });
  return member;
}

async function keysInRedis() {
  if (redis.status !== 'ready') await redis.connect();
  return redis.dbsize();
}

describe('rate limits in Redis', () => {
  it('answer the first rate-limited request after start, and are counted in Redis', async () => {
    // The very first rate-limited request, before anything connected to Redis (npm start connects
    // before listening; any other entry point connects on first use): counted in the database meanwhile.
    const first = await register();
    expect(first.res.status).toBe(201);
    await openRateLimits();
    expect(rateLimitStore()).toBe('redis');
    const before = await keysInRedis();
    expect((await postJson('/auth/forgot-password', { email: 'someone@example.com' }, '192.0.2.10')).status).toBe(200);
    expect(await keysInRedis()).toBeGreaterThan(before);
  });

  it('keep members signing in and guesses limited while Redis is down, saying so in the log', async () => {
    const member = await createMember();
    const warn = vi.spyOn(logger, 'warn');
    redis.disconnect();
    await redisServer.stop();

    expect((await login(member.email, member.password, OWNER)).status).toBe(200);
    expect((await register('192.0.2.20')).res.status).toBe(201);
    for (let i = 0; i < 10; i++) expect((await login(member.email, 'Wrong1234', ATTACKER)).status).toBe(401);
    expect((await login(member.email, 'Wrong1234', ATTACKER)).status).toBe(429);
    expect((await login(member.email, member.password, OWNER)).status).toBe(200);

    expect(rateLimitStore()).toBe('database-fallback');
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('Redis is unreachable'));
    warn.mockRestore();
  });

  it('go back to Redis when it is back', async () => {
    await redisServer.start();
    await vi.waitFor(() => expect(rateLimitStore()).toBe('redis'), { timeout: 10_000, interval: 50 });
    expect(await keysInRedis()).toBe(0); // a fresh server, nothing kept
    expect((await postJson('/auth/forgot-password', { email: 'someone@example.com' }, '192.0.2.30')).status).toBe(200);
    expect(await keysInRedis()).toBeGreaterThan(0);
  });
});
