import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, keysetAfter, keysetOrder, keysetPage, keysetTime, readCursor, type KeysetOrder } from '../../src/lib/server/db/keyset-paging.ts';
import { posts } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createMember, type Member } from '../helpers/factories.ts';

// The cursor paging helper on a real database (docs/decisions/033): pages continue after the last
// row seen by (created_at, id), so rows written or removed while a reader pages shift nothing.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let author: Member;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const keys = { at: posts.createdAt, id: posts.id };

/** One page of one author's posts, as a feed would read it. */
async function page(authorId: number, order: KeysetOrder, limit: number, cursor?: string) {
  const rows = await database.db
    .select({ id: posts.id, content: posts.content, cursorAt: keysetTime(posts.createdAt) })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), keysetAfter(keys, readCursor(cursor), order)))
    .orderBy(...keysetOrder(keys, order))
    .limit(limit + 1);
  return keysetPage(rows, limit, (row) => ({ at: row.cursorAt, id: row.id }));
}

/** Posts by `member`, created at the given times (many share one time, some a microsecond apart). */
async function write(member: Member, times: string[], label: string) {
  const rows = await database.db
    .insert(posts)
    .values(times.map((t, i) => ({ authorId: member.id, content: `${label} ${i}`, createdAt: new Date(t) })))
    .returning({ id: posts.id });
  return rows.map((r) => r.id);
}

/** Times with ties and microsecond neighbours: what a busy feed writes. */
function busyTimes(count: number, base = Date.parse('2026-11-01T10:00:00Z')): string[] {
  return Array.from({ length: count }, (_, i) => new Date(base + Math.floor(i / 3) * 1000).toISOString());
}

async function pageAll(authorId: number, order: KeysetOrder, limit: number, between?: (pageNumber: number) => Promise<void>) {
  const seen: number[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 1000; n++) {
    const { items, next_cursor } = await page(authorId, order, limit, cursor);
    seen.push(...items.map((i) => i.id));
    if (!next_cursor) return seen;
    await between?.(n);
    cursor = next_cursor;
  }
  throw new Error('paging did not end');
}

describe('keyset paging', () => {
  it('walks every row once, newest first, through ties of the same time', async () => {
    author = await createMember();
    const ids = await write(author, busyTimes(25), 'tie');
    const seen = await pageAll(author.id, 'desc', 4);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(new Set(seen)).toEqual(new Set(ids));
    // newest first, and the higher id first within one time
    const rows = await database.db.select({ id: posts.id, at: posts.createdAt }).from(posts).where(inArray(posts.id, seen));
    const at = new Map(rows.map((r) => [r.id, r.at.getTime()]));
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      expect(at.get(a)! > at.get(b)! || (at.get(a) === at.get(b) && a > b), `${a} before ${b}`).toBe(true);
    }
  });

  it('keeps microseconds: rows a microsecond apart are neither skipped nor repeated', async () => {
    const member = await createMember();
    const client = await database.db.$client.connect();
    try {
      // a JS Date holds milliseconds; the database holds microseconds
      for (let i = 0; i < 9; i++) {
        await client.query('INSERT INTO posts (author_id, content, created_at) VALUES ($1, $2, $3::timestamptz)', [
          member.id,
          `micro ${i}`,
          `2026-11-02T10:00:00.000${i}00Z`.replace(/(\.\d{6})\d+Z$/, '$1Z'),
        ]);
      }
    } finally {
      client.release();
    }
    for (const order of ['desc', 'asc'] as const) {
      const seen = await pageAll(member.id, order, 2);
      expect(seen, order).toHaveLength(9);
      expect(new Set(seen).size, order).toBe(9);
    }
  });

  it('finds no duplicate and no gap while rows are written and removed between pages (newest first)', async () => {
    const member = await createMember();
    const before = await write(member, busyTimes(30, Date.parse('2026-11-03T10:00:00Z')), 'before');
    const removedUnseen: number[] = [];
    const seen = await pageAll(member.id, 'desc', 5, async (n) => {
      // newer posts arrive (above what the reader has seen), and one not yet seen is removed
      await write(member, busyTimes(4, Date.parse('2026-11-04T10:00:00Z') + n * 10_000), `during ${n}`);
      const [oldest] = await database.db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, member.id)).orderBy(posts.createdAt, posts.id).limit(1);
      if (oldest && !removedUnseen.includes(oldest.id)) {
        await database.db.delete(posts).where(eq(posts.id, oldest.id));
        removedUnseen.push(oldest.id);
      }
    });
    expect(new Set(seen).size, 'no duplicate').toBe(seen.length);
    // every post there at the start is seen, unless it was removed before the reader reached it
    expect(seen.sort((a, b) => a - b)).toEqual(before.filter((id) => !removedUnseen.includes(id)).sort((a, b) => a - b));
  });

  it('finds no duplicate and no gap while rows are written between pages (oldest first: they are read at the end)', async () => {
    const member = await createMember();
    const before = await write(member, busyTimes(12, Date.parse('2026-11-05T10:00:00Z')), 'before');
    const written: number[] = [];
    const seen = await pageAll(member.id, 'asc', 5, async (n) => {
      if (n < 3) written.push(...(await write(member, busyTimes(3, Date.parse('2026-11-06T10:00:00Z') + n * 10_000), `during ${n}`)));
    });
    expect(new Set(seen).size, 'no duplicate').toBe(seen.length);
    expect(seen.sort((a, b) => a - b)).toEqual([...before, ...written].sort((a, b) => a - b));
  });

  it('ends with a null cursor, and a page of exactly the rest carries none', async () => {
    const member = await createMember();
    await write(member, busyTimes(6, Date.parse('2026-11-07T10:00:00Z')), 'end');
    const first = await page(member.id, 'desc', 3);
    expect(first.items).toHaveLength(3);
    expect(first.next_cursor).toEqual(expect.any(String));
    const last = await page(member.id, 'desc', 3, first.next_cursor!);
    expect(last.items).toHaveLength(3);
    expect(last.next_cursor).toBeNull();
    expect((await page(member.id, 'desc', 10)).next_cursor).toBeNull();
  });

  it('answers a cursor it did not issue with a 400-class error naming the field, before any query', async () => {
    const member = await createMember();
    await write(member, busyTimes(4, Date.parse('2026-11-08T10:00:00Z')), 'tamper');
    const { next_cursor } = await page(member.id, 'desc', 2);
    const [data, signature] = next_cursor!.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const forged = Buffer.from('2026-11-08T10:00:00.000000Z|1').toString('base64url');
    for (const bad of [
      `${flip(data!)}.${signature}`,
      `${data}.${flip(signature!)}`,
      `${data}.`,
      data!,
      `${data}.${signature}.x`,
      `${forged}.${signature}`,
      "' OR 1=1 --",
      '%00',
      'x'.repeat(201),
    ]) {
      await expect(page(member.id, 'desc', 2, bad), bad).rejects.toMatchObject({ name: 'ValidationError', field: 'cursor' });
    }
  });

  it('carries a rank between the time and the id where a list merges two kinds of rows (the Following timeline), and refuses a malformed one', () => {
    const at = '2026-11-08T10:00:00.123456Z';
    expect(decodeCursor(encodeCursor({ at, id: 7, rank: 1 }))).toEqual({ at, id: 7, rank: 1 });
    expect(decodeCursor(encodeCursor({ at, id: 7 }))).toEqual({ at, id: 7 });
    // signed by this server, yet not a cursor it issues: a rank of two digits
    expect(decodeCursor(encodeCursor({ at, id: 7, rank: 12 }))).toBeUndefined();
    expect(() => readCursor(encodeCursor({ at, id: 7, rank: 12 }))).toThrow(expect.objectContaining({ field: 'cursor' }));
  });
});
