import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../src/lib/server/seed/index.ts';
import { getHomeRows } from '../../src/lib/server/services/home/home.ts';
import { createTestDatabase } from '../helpers/database.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'home-media-'));

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { scale: 60, mediaDir, today: '2026-11-22' });
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('home rows', () => {
  it('give each card its own drama first photo and follow the order of each row', async () => {
    const rows = await getHomeRows(database.db, 8);
    const cards = [...rows.upcoming, ...rows.airing, ...rows['top-rated'], ...rows.popular];
    expect(cards.length).toBeGreaterThan(8);
    for (const card of cards) {
      const { rows: photos } = await database.pool.query(
        'select url from drama_photos where drama_id = $1 order by position limit 1',
        [card.id],
      );
      expect(card.firstPhoto).toBe(photos[0]?.url ?? null);
    }
    const popularity = await database.pool.query('select id from dramas order by popularity limit 8');
    expect(rows.popular.map((c) => c.id)).toEqual(popularity.rows.map((r) => r.id));
  });
});
