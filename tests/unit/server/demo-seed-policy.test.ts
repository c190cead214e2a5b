import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/lib/server/db/client.ts';
import { readEnv, reloadEnv } from '../../../src/lib/server/env.ts';
import { seedDatabase } from '../../../src/lib/server/seed/index.ts';

// Issue 9 item 1: `npm start` seeded the demo (staff accounts with the README's passwords, 1,500
// members sharing one) into any empty database, production included.
const PG = 'postgres://app@db.internal:5432/dramalist';
const seeds = (vars: Record<string, string>) => readEnv(vars).seedDemo;

describe('when npm start seeds the demo into an empty database', () => {
  it('seeds the embedded default, the README’s two commands', () => {
    expect(seeds({})).toBe(true);
    expect(seeds({ NODE_ENV: 'development' })).toBe(true);
    expect(seeds({ SEED_DEMO: '0' })).toBe(false);
  });

  it('seeds a PostgreSQL database only when asked', () => {
    expect(seeds({ DATABASE_URL: PG })).toBe(false);
    expect(seeds({ DATABASE_URL: PG, SEED_DEMO: '1' })).toBe(true);
  });

  it('never seeds in production, on either database', () => {
    expect(seeds({ NODE_ENV: 'production', DATABASE_URL: PG })).toBe(false);
    expect(seeds({ NODE_ENV: 'production' })).toBe(false);
    expect(readEnv({ NODE_ENV: 'production' }).production).toBe(true);
  });

  it('refuses SEED_DEMO=1 with NODE_ENV=production, naming the variable', () => {
    expect(() => readEnv({ NODE_ENV: 'production', DATABASE_URL: PG, SEED_DEMO: '1' })).toThrow(
      /SEED_DEMO: the demo data \(staff accounts with public passwords\) is never seeded when NODE_ENV=production/,
    );
    expect(seeds({ NODE_ENV: 'production', SEED_DEMO: '0' })).toBe(false);
  });
});

describe('seeding in production', () => {
  const nodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
    reloadEnv();
  });

  it('is refused whoever asks, before the database is touched', async () => {
    process.env.NODE_ENV = 'production';
    reloadEnv();
    const untouchable = new Proxy({}, { get: () => { throw new Error('the database was touched'); } }) as Database;
    await expect(seedDatabase(untouchable, { mediaDir: '/nonexistent' })).rejects.toThrow(
      'NODE_ENV=production: the demo data is never seeded into a production database.',
    );
  });
});
