import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseNotEmptyError, seedDatabase } from '../../src/lib/server/seed/index.ts';
import { createTestDatabase } from '../helpers/database.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-media-'));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

describe('seeding a database', () => {
  it('derives every figure from members\' data, refuses a second seed, and replaces the first one identically', async () => {
    const database = await createTestDatabase();
    try {
      const options = { scale: 40, mediaDir, today: '2026-11-22' };
      const summary = await seedDatabase(database.db, options);
      expect(summary.dramas).toBe(40);
      const { rows } = await database.pool.query(`
        SELECT count(*)::int AS wrong FROM dramas d
        LEFT JOIN (SELECT drama_id, count(*) AS w, count(score) AS v, avg(score) AS r FROM list_entries GROUP BY 1) e
          ON e.drama_id = d.id
        WHERE d.watchers <> coalesce(e.w, 0) OR d.votes <> coalesce(e.v, 0) OR abs(d.rating - coalesce(e.r, 0)) > 0.0001`);
      expect(rows[0].wrong).toBe(0);
      const ranks = await database.pool.query('SELECT array_agg(popularity ORDER BY popularity) AS p FROM dramas');
      expect(ranks.rows[0].p).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      await expect(seedDatabase(database.db, options)).rejects.toBeInstanceOf(DatabaseNotEmptyError);
      const again = await seedDatabase(database.db, { ...options, replace: true });
      expect({ ...again, seconds: 0 }).toEqual({ ...summary, seconds: 0 });
    } finally {
      await database.drop();
    }
  }, 60_000);
});
