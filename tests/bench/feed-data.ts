// The social feed's benchmark data set (issue 21, docs/decisions/037 "Timeline design"), built with
// SQL alone (generate_series, INSERT … SELECT) in a minute or two, kept between runs:
//   - 100,000 members (feedm1 … feedm100000); member n's activity and popularity fall with n
//     (member 1 is a celebrity, most members post rarely);
//   - 1,000,000 posts over the last 365 days: author drawn by u² over the members (the top 1% write
//     ~10% of the posts, the bottom half ~6 each), 80% posts, 10% replies (to a recent post), 10%
//     quotes, 0.3% deleted (tombstones, out of the timeline indexes);
//   - follows: each member follows 10 … 200 (mean ~57), half at random, half by popularity (u³), so
//     the most followed have tens of thousands of followers; three readers follow exactly 500,
//     2,000 and 5,000 members drawn the same way (feedreader500 …);
//   - 3,000,000 likes and 500,000 reposts (reposters skewed like authors), counters set from the rows.
// Deterministic enough for a benchmark (setseed), not bit-identical across PostgreSQL versions.
import type pg from 'pg';
import { suspendIndexes } from '../../src/lib/server/seed/bulk-load.ts';

export const FEED_MEMBERS = 100_000;
export const FEED_POSTS = 1_000_000;
const FEED_LIKES = 3_000_000;
const FEED_REPOSTS = 500_000;
export const FEED_READER_FOLLOWS = [500, 2_000, 5_000] as const;
const YEAR_SECONDS = 365 * 86_400;

export interface FeedBench {
  /** reader id by how many members they follow */
  readers: Record<(typeof FEED_READER_FOLLOWS)[number], number>;
  /** the first and last bench member ids (contiguous) */
  firstMember: number;
  lastMember: number;
}

const log = (s: string) => console.log(`  feed bench: ${s}`);

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await run();
  log(`${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

async function readBench(client: pg.ClientBase): Promise<FeedBench | null> {
  const range = (await client.query<{ lo: number | null; hi: number | null; n: number }>(
    "SELECT min(id) AS lo, max(id) AS hi, count(*)::int AS n FROM users WHERE username LIKE 'feedm%' AND email LIKE '%@feedbench.example'",
  )).rows[0]!;
  if (range.n !== FEED_MEMBERS || range.hi! - range.lo! + 1 !== FEED_MEMBERS) return null;
  const posts = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM posts WHERE author_id BETWEEN $1 AND $2', [range.lo, range.hi])).rows[0]!.n;
  if (posts < FEED_POSTS) return null;
  const readers = {} as FeedBench['readers'];
  for (const k of FEED_READER_FOLLOWS) {
    const row = (await client.query<{ id: number; n: number }>(
      'SELECT u.id, (SELECT count(*)::int FROM follows f WHERE f.follower_id = u.id) AS n FROM users u WHERE lower(u.username) = $1',
      [`feedreader${k}`],
    )).rows[0];
    if (!row || row.n !== k) return null;
    readers[k] = row.id;
  }
  return { readers, firstMember: range.lo!, lastMember: range.hi! };
}

/** Builds the data set unless the database already holds it; answers the readers. */
export async function prepareFeedBench(client: pg.ClientBase): Promise<FeedBench> {
  const kept = await readBench(client);
  if (kept) {
    log('reusing the 100k members / 1M posts data set');
    return kept;
  }
  log('building 100k members, 1M posts, follows, likes and reposts (a minute or two)…');
  const started = performance.now();
  // the bench's own rows only: a previous partial build is cleared first
  await client.query("DELETE FROM users WHERE (username LIKE 'feedm%' OR username LIKE 'feedreader%') AND email LIKE '%@feedbench.example'");
  // one transaction (a failed build leaves nothing); the secondary indexes of the tables it fills are
  // built once at the end (the seed's bulk load, seed/bulk-load.ts), and no per-row foreign-key
  // triggers run (the rows are consistent by construction)
  await client.query('BEGIN');
  await client.query('SELECT setseed(0.21)');
  await client.query('SET LOCAL session_replication_role = replica');
  try {
    const rebuildIndexes = await suspendIndexes(client, ['posts', 'follows', 'post_likes', 'post_reposts']);
    await timed('members', () =>
      client.query(
        `INSERT INTO users (email, username, full_name, email_verified_at, created_at)
         SELECT 'feedm' || n || '@feedbench.example', 'feedm' || n, 'Feed Member ' || n, now(), now() - interval '400 days'
         FROM generate_series(1, $1) AS n ORDER BY n`,
        [FEED_MEMBERS],
      ),
    );
    const lo = (await client.query<{ lo: number }>("SELECT min(id) AS lo FROM users WHERE username LIKE 'feedm%' AND email LIKE '%@feedbench.example'")).rows[0]!.lo;
    const readerIds: number[] = [];
    for (const k of FEED_READER_FOLLOWS) {
      readerIds.push((await client.query<{ id: number }>(
        `INSERT INTO users (email, username, full_name, email_verified_at) VALUES ($1, $2, $3, now()) RETURNING id`,
        [`feedreader${k}@feedbench.example`, `feedreader${k}`, `Feed Reader ${k}`],
      )).rows[0]!.id);
    }
    const base = (await client.query<{ base: number }>('SELECT coalesce(max(id), 0) + 1 AS base FROM posts')).rows[0]!.base;
    // posts: g-th post at now() - (1M - g) × 31.5 s; replies answer one of the previous 5,000 posts
    await timed('posts', () =>
      client.query(
        `INSERT INTO posts (id, author_id, kind, parent_id, content, spoiler, created_at, deleted_at)
         SELECT $1 + g - 1, $2 + floor($3 * r.a ^ 2)::int, r.kind,
           CASE WHEN r.kind = 'post' OR g = 1 THEN NULL ELSE $1 + g - 2 - floor(random() * least(g - 1, 5000))::int END,
           CASE WHEN r.deleted THEN ''
                WHEN g % 11 = 0 THEN 'Has anyone else finished episode ' || (g % 16 + 1) || '? @feedm' || (1 + g % 997) || ' you were right about the ending.'
                WHEN g % 7 = 0 THEN 'The second lead ||was the villain all along|| and I am still not over it. Post ' || g
                ELSE 'Bench post ' || g || ': the chemistry between the leads carries every scene, and the soundtrack is on repeat.' END,
           g % 29 = 0,
           now() - make_interval(secs => ($4 - g) * ${YEAR_SECONDS / FEED_POSTS}),
           CASE WHEN r.deleted THEN now() END
         FROM generate_series(1, $4) AS g,
           LATERAL (SELECT random() AS a,
                      CASE WHEN g = 1 THEN 'post'::post_kind ELSE (ARRAY['post','post','post','post','post','post','post','post','reply','quote']::post_kind[])[1 + floor(random() * 10)::int] END AS kind,
                      random() < 0.003 AS deleted OFFSET 0) AS r`,
        [base, lo, FEED_MEMBERS, FEED_POSTS],
      ),
    );
    await client.query("SELECT setval(pg_get_serial_sequence('posts', 'id'), (SELECT max(id) FROM posts))");
    await client.query('ANALYZE posts'); // the plans below need the new rows' statistics
    // follows: each member 10 … 200 followees, half uniform, half by popularity (u³)
    await timed('follows', () =>
      client.query(
        `INSERT INTO follows (follower_id, followee_id, created_at)
         SELECT DISTINCT ON (m.n, f.e) $1 + m.n - 1, $1 + f.e - 1, now() - interval '200 days'
         FROM generate_series(1, $2) AS m(n),
           LATERAL generate_series(1, 10 + floor(190 * random() ^ 3)::int + 0 * m.n) AS k,
           LATERAL (SELECT CASE WHEN random() < 0.5 THEN floor($2 * random())::int + 1 ELSE floor($2 * random() ^ 3)::int + 1 END + 0 * k AS e) AS f
         WHERE f.e <> m.n
         ON CONFLICT DO NOTHING`,
        [lo, FEED_MEMBERS],
      ),
    );
    for (const [i, k] of FEED_READER_FOLLOWS.entries()) {
      await client.query(
        `INSERT INTO follows (follower_id, followee_id, created_at)
         SELECT $1, $2 + e - 1, now() - interval '100 days'
         FROM (SELECT DISTINCT CASE WHEN random() < 0.5 THEN floor($3 * random())::int + 1 ELSE floor($3 * random() ^ 3)::int + 1 END AS e
               FROM generate_series(1, $4 * 3)) AS d
         ORDER BY random() LIMIT $4`,
        [readerIds[i], lo, FEED_MEMBERS, k],
      );
    }
    await client.query('ANALYZE follows');
    await timed('follow counters', () =>
      client.query(
        `WITH fo AS (SELECT followee_id AS id, count(*)::int AS n FROM follows WHERE followee_id >= $1 GROUP BY 1),
              fi AS (SELECT follower_id AS id, count(*)::int AS n FROM follows WHERE follower_id >= $1 GROUP BY 1)
         UPDATE users u SET followers_count = coalesce(fo.n, 0), following_count = coalesce(fi.n, 0)
         FROM users u0 LEFT JOIN fo ON fo.id = u0.id LEFT JOIN fi ON fi.id = u0.id
         WHERE u.id = u0.id AND u0.id >= $1`,
        [lo],
      ),
    );
    // likes (post skewed toward the recent: u^0.5 of the year) and reposts (reposter by u²), never of one's own post
    await timed('likes', () =>
      client.query(
        `INSERT INTO post_likes (user_id, post_id, created_at)
         SELECT DISTINCT ON (u, p) u, p, now() - make_interval(secs => (1 - x) * ${YEAR_SECONDS} * 0.99)
         FROM (SELECT $1 + floor($2 * random() ^ 2)::int AS u, random() ^ 0.5 AS x FROM generate_series(1, $4)) AS s,
           LATERAL (SELECT $3 + least(floor(x * $5)::int, $5 - 1) AS p) AS q
         ON CONFLICT DO NOTHING`,
        [lo, FEED_MEMBERS, base, FEED_LIKES, FEED_POSTS],
      ),
    );
    await timed('reposts', () =>
      client.query(
        `INSERT INTO post_reposts (user_id, post_id, created_at)
         SELECT DISTINCT ON (u, p) u, p, now() - make_interval(secs => (1 - x) * ${YEAR_SECONDS} * 0.99)
         FROM (SELECT $1 + floor($2 * random() ^ 2)::int AS u, random() ^ 0.5 AS x FROM generate_series(1, $4)) AS s,
           LATERAL (SELECT $3 + least(floor(x * $5)::int, $5 - 1) AS p) AS q
         ON CONFLICT DO NOTHING`,
        [lo, FEED_MEMBERS, base, FEED_REPOSTS, FEED_POSTS],
      ),
    );
    await timed('reposts of own posts and of deleted posts removed', () =>
      client.query(
        `DELETE FROM post_reposts r USING posts p WHERE p.id = r.post_id AND p.id >= $1 AND (p.author_id = r.user_id OR p.deleted_at IS NOT NULL)`,
        [base],
      ),
    );
    await client.query('ANALYZE post_likes, post_reposts');
    await timed('post counters', () =>
      client.query(
        `UPDATE posts p SET likes_count = c.likes, reposts_count = c.reposts, replies_count = c.replies
         FROM (SELECT post_id, sum(likes)::int AS likes, sum(reposts)::int AS reposts, sum(replies)::int AS replies
               FROM (SELECT post_id, 1 AS likes, 0 AS reposts, 0 AS replies FROM post_likes WHERE post_id >= $1
                     UNION ALL SELECT post_id, 0, 1, 0 FROM post_reposts WHERE post_id >= $1
                     UNION ALL SELECT parent_id, 0, (kind = 'quote')::int, (kind = 'reply')::int FROM posts
                       WHERE parent_id >= $1 AND deleted_at IS NULL) AS x
               GROUP BY post_id) AS c
         WHERE p.id = c.post_id`,
        [base],
      ),
    );
    await timed('indexes', rebuildIndexes);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
  await timed('VACUUM ANALYZE', () => client.query('VACUUM ANALYZE users, posts, follows, post_likes, post_reposts'));
  log(`built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const bench = await readBench(client);
  if (!bench) throw new Error('the feed bench data set is incomplete after building it');
  return bench;
}

/** how many other readers follow exactly 500 members each (the Following scenario of many readers) */
export const FEED_CROWD = 200;

/**
 * FEED_CROWD more readers ("feedcrowd1" …), each following exactly 500 bench members drawn as the
 * reader of 500 is (half at random, half by popularity): the Following timeline read by many
 * different members, none of whose pages is kept. Added to a built data set on first use (a few
 * seconds), kept after; answers their ids.
 */
export async function prepareFeedCrowd(client: pg.ClientBase, bench: FeedBench): Promise<number[]> {
  const counted = async () =>
    (await client.query<{ id: number; n: number }>(
      `SELECT u.id, (SELECT count(*)::int FROM follows f WHERE f.follower_id = u.id) AS n
       FROM users u WHERE u.username LIKE 'feedcrowd%' AND u.email LIKE '%@feedbench.example' ORDER BY u.id`,
    )).rows;
  const kept = await counted();
  if (kept.length === FEED_CROWD && kept.every((r) => r.n === 500)) return kept.map((r) => r.id);
  await client.query("DELETE FROM users WHERE username LIKE 'feedcrowd%' AND email LIKE '%@feedbench.example'");
  await timed(`${FEED_CROWD} readers following 500 each`, async () => {
    await client.query('BEGIN');
    await client.query('SELECT setseed(0.37)');
    const ids = (await client.query<{ id: number }>(
      `INSERT INTO users (email, username, full_name, email_verified_at)
       SELECT 'feedcrowd' || n || '@feedbench.example', 'feedcrowd' || n, 'Feed Crowd ' || n, now() FROM generate_series(1, $1) AS n ORDER BY n
       RETURNING id`,
      [FEED_CROWD],
    )).rows.map((r) => r.id);
    const members = bench.lastMember - bench.firstMember + 1;
    for (const id of ids) {
      await client.query(
        `INSERT INTO follows (follower_id, followee_id, created_at)
         SELECT $1, $2 + e - 1, now() - interval '100 days'
         FROM (SELECT DISTINCT CASE WHEN random() < 0.5 THEN floor($3 * random())::int + 1 ELSE floor($3 * random() ^ 3)::int + 1 END AS e
               FROM generate_series(1, 1500)) AS d
         ORDER BY random() LIMIT 500`,
        [id, bench.firstMember, members],
      );
    }
    await client.query('COMMIT');
  });
  await client.query('VACUUM ANALYZE follows, users');
  return (await counted()).map((r) => r.id);
}

