import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/lib/server/db/schema/index.ts';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';

// Which address a request is limited by, behind the proxies TRUST_PROXY describes. The test server's
// peer is always 127.0.0.1 (the "nearest proxy"); X-Forwarded-For carries the rest of the chain.
// Forgot-password allows 5 requests per address in 15 minutes, so a 6th from the same address is a 429.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiServer();
});
afterAll(async () => {
  delete process.env.TRUST_PROXY;
  reloadEnv();
  await server?.close();
  await database?.drop();
});
beforeEach(async () => {
  await database.db.delete(rateLimits);
});

function trustProxy(value: string) {
  process.env.TRUST_PROXY = value;
  reloadEnv();
}

const forgot = (forwardedFor?: string) =>
  server.request('/api/v1/auth/forgot-password', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
    body: JSON.stringify({ email: 'nobody@example.com' }),
  });

/** Sends forgot-password once per chain; answers the statuses. */
async function send(chains: (string | undefined)[]) {
  const answers: number[] = [];
  for (const chain of chains) answers.push((await forgot(chain)).status);
  return answers;
}

const fiveTimes = (chain: (i: number) => string | undefined) => Array.from({ length: 5 }, (_, i) => chain(i));

describe('TRUST_PROXY', () => {
  it('as a hop count (CDN + balancer = 2) limits the client the outer proxy saw, whatever the client wrote before it', async () => {
    trustProxy('2');
    expect(await send(fiveTimes((i) => `6.6.6.${i}, 198.51.100.9, 10.0.0.2`))).toEqual([200, 200, 200, 200, 200]);
    expect(await send(['7.7.7.7, 198.51.100.9, 10.0.0.2'])).toEqual([429]);
    expect(await send(['198.51.100.10, 10.0.0.2'])).toEqual([200]); // another client behind the same proxies
  });

  it('as 1 (or true) trusts one proxy: the last entry is the client', async () => {
    trustProxy('true');
    expect(await send(fiveTimes((i) => `6.6.6.${i}, 198.51.100.9`))).toEqual([200, 200, 200, 200, 200]);
    expect(await send(['198.51.100.9'])).toEqual([429]);
    expect(await send(['198.51.100.9, 198.51.100.10'])).toEqual([200]);
  });

  it('as a list of proxy addresses and ranges skips every trusted proxy in the chain', async () => {
    trustProxy('127.0.0.1,10.0.0.0/8');
    expect(await send(fiveTimes((i) => `6.6.6.${i}, 198.51.100.9, 10.0.0.${i + 2}`))).toEqual([200, 200, 200, 200, 200]);
    expect(await send(['198.51.100.9, 10.1.1.1, 10.0.0.2'])).toEqual([429]);
    expect(await send(['198.51.100.10'])).toEqual([200]);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    trustProxy('10.0.0.0/8');
    expect(await send(fiveTimes((i) => `198.51.100.${i}`))).toEqual([200, 200, 200, 200, 200]);
    expect(await send(['198.51.100.99'])).toEqual([429]); // all of them came from 127.0.0.1
  });

  it('off: the peer is the client, whatever X-Forwarded-For says', async () => {
    trustProxy('false');
    expect(await send(fiveTimes((i) => `198.51.100.${i}`))).toEqual([200, 200, 200, 200, 200]);
    expect(await send([undefined])).toEqual([429]);
  });
});

describe('IPv6 clients', () => {
  it('are limited by their /64: any address in it counts as the same client', async () => {
    trustProxy('1');
    expect(await send(fiveTimes((i) => `2001:db8:1:2::${i + 1}`))).toEqual([200, 200, 200, 200, 200]);
    expect(await send(['2001:db8:1:2:ffff:ffff:ffff:ffff'])).toEqual([429]);
    expect(await send(['2001:db8:1:3::1'])).toEqual([200]); // the next /64 is someone else
  });
});
