import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../src/lib/server/build/search-index.ts';
import { seedDatabase } from '../../src/lib/server/seed/index.ts';
import { dramaIndexRows, personIndexRows } from '../../src/lib/server/services/navbar-search/search-index-rows.ts';
import { createTestDatabase } from '../helpers/database.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-'));

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { scale: 60, mediaDir: path.join(tmp, 'media'), today: '2026-11-22' });
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function collect<T>(batches: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

describe('search index rows', () => {
  it('read every drama once, in id order, in batches of at most the given size, with its first photo', async () => {
    const batches = await collect(dramaIndexRows(database.db, 7));
    const ids = batches.flat().map((d) => d.id);
    const all = await database.pool.query('select id from dramas order by id');
    expect(ids).toEqual(all.rows.map((r) => r.id));
    expect(batches.every((b) => b.length > 0 && b.length <= 7)).toBe(true);
    expect(batches.length).toBe(Math.ceil(ids.length / 7));

    const withPhoto = batches.flat().find((d) => d.firstPhoto);
    expect(withPhoto).toBeDefined();
    const photo = await database.pool.query(
      'select url from drama_photos where drama_id = $1 order by position, id limit 1',
      [withPhoto!.id],
    );
    expect(withPhoto!.firstPhoto).toBe(photo.rows[0].url);
  });

  it('read every person once', async () => {
    const people = (await collect(personIndexRows(database.db, 50))).flat();
    const count = await database.pool.query('select count(*)::int as n from people');
    expect(people.length).toBe(count.rows[0].n); // no person twice
    expect(new Set(people.map((p) => p.id)).size).toBe(count.rows[0].n);
    expect(people.every((p) => Array.isArray(p.nationality))).toBe(true);
  });
});

describe('buildSearchIndex', () => {
  it('writes a Pagefind bundle with one record per drama and per person in each language', async () => {
    const out = path.join(tmp, 'pagefind');
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, 'left-over.txt'), 'from a previous build');
    const info = await buildSearchIndex(out);

    const counts = await database.pool.query(
      'select (select count(*) from dramas)::int as dramas, (select count(*) from people)::int as people',
    );
    expect({ dramas: info.dramas, people: info.people }).toEqual(counts.rows[0]);
    expect(fs.existsSync(path.join(out, 'pagefind.js'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'left-over.txt'))).toBe(false);
    const entry = JSON.parse(fs.readFileSync(path.join(out, 'pagefind-entry.json'), 'utf8'));
    expect(entry.languages.en.page_count).toBe(info.dramas + info.people);
    // the same records again in Portuguese, in their own index (docs/decisions/019)
    expect(entry.languages['pt-br'].page_count).toBe(info.dramas + info.people);
    expect(info.files).toBeGreaterThan(info.dramas + info.people);
    expect(info.bytes).toBeGreaterThan(0);
  }, 120_000);
});
