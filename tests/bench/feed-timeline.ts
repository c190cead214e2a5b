// npm run bench:feed — the timeline design measured (issue 21, docs/decisions/037 "Timeline design").
// On the feed's bench data set (tests/bench/feed-data.ts: 100k members, 1M posts, follows, likes,
// reposts) it times the candidate queries for the Following timeline of members who follow 500,
// 2,000 and 5,000 members, and For You, first page and a deep page, and prints EXPLAIN (ANALYZE,
// BUFFERS) of each:
//   (a) author_id = ANY(followees) over posts_author_timeline_index, keyset (created_at, id) < cursor;
//   (b) JOIN LATERAL per followee, LIMIT 20 each, then merged;
//   (c) fan-out on write (comparison only): a per-member timeline table, read by one range scan;
//       its cost is written down as writes per post (the author's followers).
// Every Following candidate includes the reposts by followed members (post_reposts_user_timeline_index).
// FEED_BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/feedbench); made and migrated when missing.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { FEED_READER_FOLLOWS, prepareFeedBench } from './feed-data.ts';

const url = process.env.FEED_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/feedbench';
const RUNS = Number(process.env.FEED_BENCH_RUNS ?? 40);
const PAGE = 20;
/** the deep page starts after this many items of the timeline */
const DEEP = 1_000;

const admin = new pg.Client({ connectionString: new URL('/postgres', url).href });
await admin.connect();
const name = new URL(url).pathname.slice(1);
if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) await admin.query(`CREATE DATABASE "${name}"`);
await admin.end();
const migrator = spawn(process.execPath, ['--experimental-strip-types', 'scripts/migrate-database.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url, DATA_DIR: '.tmp/bench-data' },
});
await new Promise((r) => migrator.on('exit', r));

const client = new pg.Client({ connectionString: url });
await client.connect();
const bench = await prepareFeedBench(client);

/** the live top-level posts and quotes of the followees and the reader, and the followees' reposts */
const LIVE = "kind <> 'reply' AND deleted_at IS NULL";

type Cursor = { at: string; id: number };
type Candidate = { name: string; sql: (reader: number, cursor: Cursor | null) => { text: string; values: unknown[] } };

// the cursor: (sort_at, post_id) of the last item; items are posts (sort_at = created_at) and reposts (sort_at = repost time)
const before = (at: string, id: string, c: Cursor | null, n: number) => (c ? `AND (${at}, ${id}) < ($${n}::timestamptz, $${n + 1}::int)` : '');
const cursorValues = (c: Cursor | null) => (c ? [c.at, c.id] : []);

const followees = new Map<number, number[]>();
for (const reader of Object.values(bench.readers)) {
  followees.set(reader, (await client.query<{ id: number }>('SELECT followee_id AS id FROM follows WHERE follower_id = $1', [reader])).rows.map((r) => r.id));
}

const candidates: Candidate[] = [
  {
    // as the API sends it: whom the reader follows read first (one index range), then this with the ids
    name: '(a) author_id = ANY(followees) + reposts',
    sql: (reader, c) => ({
      text: `SELECT * FROM (
          (SELECT p.id AS post_id, p.created_at AS sort_at, NULL::int AS reposted_by FROM posts p
           WHERE p.author_id = ANY($1::int[]) AND p.${LIVE.replace(' AND ', ' AND p.')} ${before('p.created_at', 'p.id', c, 2)}
           ORDER BY p.created_at DESC, p.id DESC LIMIT ${PAGE})
          UNION ALL
          (SELECT r.post_id, r.created_at, r.user_id FROM post_reposts r
           WHERE r.user_id = ANY($1::int[]) ${before('r.created_at', 'r.post_id', c, 2)}
           ORDER BY r.created_at DESC, r.post_id DESC LIMIT ${PAGE})
        ) AS t ORDER BY sort_at DESC, post_id DESC LIMIT ${PAGE}`,
      values: [[reader, ...(followees.get(reader) ?? [])], ...cursorValues(c)],
    }),
  },
  {
    name: '(b) JOIN LATERAL per followee + reposts',
    sql: (reader, c) => ({
      text: `WITH f AS (SELECT followee_id AS id FROM follows WHERE follower_id = $1 UNION ALL SELECT $1::int)
        SELECT * FROM (
          (SELECT p.id AS post_id, p.created_at AS sort_at, NULL::int AS reposted_by FROM f
           CROSS JOIN LATERAL (SELECT id, created_at FROM posts WHERE author_id = f.id AND ${LIVE} ${before('created_at', 'id', c, 2)}
                               ORDER BY created_at DESC, id DESC LIMIT ${PAGE}) AS p
           ORDER BY p.created_at DESC, p.id DESC LIMIT ${PAGE})
          UNION ALL
          (SELECT r.post_id, r.created_at, f.id FROM f
           CROSS JOIN LATERAL (SELECT post_id, created_at FROM post_reposts WHERE user_id = f.id ${before('created_at', 'post_id', c, 2)}
                               ORDER BY created_at DESC, post_id DESC LIMIT ${PAGE}) AS r
           ORDER BY r.created_at DESC, r.post_id DESC LIMIT ${PAGE})
        ) AS t ORDER BY sort_at DESC, post_id DESC LIMIT ${PAGE}`,
      values: [reader, ...cursorValues(c)],
    }),
  },
  {
    name: '(c) fan-out on write: timeline table read',
    sql: (reader, c) => ({
      text: `SELECT post_id, sort_at, reposted_by FROM feed_bench_timeline WHERE member_id = $1 ${before('sort_at', 'post_id', c, 2)}
        ORDER BY sort_at DESC, post_id DESC LIMIT ${PAGE}`,
      values: [reader, ...cursorValues(c)],
    }),
  },
];

const forYou: Candidate = {
  name: 'For You: posts_timeline_index keyset',
  sql: (_reader, c) => ({
    text: `SELECT id AS post_id, created_at AS sort_at FROM posts WHERE ${LIVE} ${before('created_at', 'id', c, 1)}
      ORDER BY created_at DESC, id DESC LIMIT ${PAGE}`,
    values: cursorValues(c),
  }),
};

// (c)'s table, filled for the three readers only (every member's would be posts × followers rows)
await client.query('CREATE TEMP TABLE feed_bench_timeline (member_id int, sort_at timestamptz, post_id int, reposted_by int, PRIMARY KEY (member_id, sort_at, post_id))');
for (const reader of Object.values(bench.readers)) {
  await client.query(
    `INSERT INTO feed_bench_timeline
     SELECT $1, p.created_at, p.id, NULL FROM posts p WHERE ${LIVE.replace(' AND ', ' AND p.').replace(/^kind/, 'p.kind')}
       AND p.author_id IN (SELECT followee_id FROM follows WHERE follower_id = $1 UNION ALL SELECT $1)
     UNION ALL
     SELECT $1, r.created_at, r.post_id, r.user_id FROM post_reposts r WHERE r.user_id IN (SELECT followee_id FROM follows WHERE follower_id = $1)
     ON CONFLICT DO NOTHING`,
    [reader],
  );
}
await client.query('ANALYZE feed_bench_timeline');

const ms = (n: number) => n.toFixed(2);
/** a plan line with its long id lists shortened: '{1,2,…}'::integer[] → '{…500 ids}' */
const compact = (line: string) => line.replace(/'\{([0-9,]+)\}'::integer\[\]/g, (_, ids: string) => `'{…${ids.split(',').length} ids}'::integer[]`);
async function time(q: { text: string; values: unknown[] }) {
  for (let i = 0; i < 3; i++) await client.query(q); // warm
  const t: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await client.query(q);
    t.push(performance.now() - s);
  }
  t.sort((x, y) => x - y);
  return { p50: t[Math.floor(RUNS * 0.5)]!, p95: t[Math.min(RUNS - 1, Math.floor(RUNS * 0.95))]! };
}
async function explain(q: { text: string; values: unknown[] }) {
  return (await client.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, values: q.values })).rows.map((r) => compact(r['QUERY PLAN'] as string));
}
/** the cursor after DEEP items (read with candidate (c), the exact merge) */
async function deepCursor(reader: number | null): Promise<Cursor> {
  const row = reader === null
    ? (await client.query(`SELECT created_at AS at, id FROM posts WHERE ${LIVE} ORDER BY created_at DESC, id DESC OFFSET ${DEEP - 1} LIMIT 1`)).rows[0]
    : (await client.query(`SELECT sort_at AS at, post_id AS id FROM feed_bench_timeline WHERE member_id = $1 ORDER BY sort_at DESC, post_id DESC OFFSET ${DEEP - 1} LIMIT 1`, [reader])).rows[0];
  return { at: (row.at as Date).toISOString(), id: row.id as number };
}

const rows: string[] = [];
const report = (who: string, cand: string, page: string, r: { p50: number; p95: number }, plan: string[]) => {
  const exec = plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
  const buffers = plan.find((l) => /Buffers:/.test(l))?.trim().replace('Buffers: ', '') ?? '';
  rows.push(`| ${who} | ${cand} | ${page} | ${ms(r.p50)} | ${ms(r.p95)} | ${exec} | ${buffers} |`);
};

const verbose = process.env.FEED_BENCH_PLANS !== 'summary';
for (const k of FEED_READER_FOLLOWS) {
  const reader = bench.readers[k];
  const stats = (await client.query<{ posts: number; reposts: number; timeline: number }>(
    `SELECT (SELECT count(*)::int FROM posts WHERE ${LIVE} AND author_id IN (SELECT followee_id FROM follows WHERE follower_id = $1)) AS posts,
            (SELECT count(*)::int FROM post_reposts WHERE user_id IN (SELECT followee_id FROM follows WHERE follower_id = $1)) AS reposts,
            (SELECT count(*)::int FROM feed_bench_timeline WHERE member_id = $1) AS timeline`,
    [reader],
  )).rows[0]!;
  console.log(`\n=== Following, reader follows ${k}: their followees wrote ${stats.posts} live posts and ${stats.reposts} reposts in the year (timeline ${stats.timeline} items)`);
  const deep = await deepCursor(reader);
  // every candidate answers the same page
  const expected = JSON.stringify((await client.query(candidates[2]!.sql(reader, null))).rows.map((r) => [r.post_id, r.reposted_by]));
  for (const cand of candidates) {
    const got = JSON.stringify((await client.query(cand.sql(reader, null))).rows.map((r) => [r.post_id, r.reposted_by]));
    if (got !== expected) console.log(`  !! ${cand.name} answers a different first page`);
    for (const [page, cursor] of [['first', null], [`after ${DEEP}`, deep]] as const) {
      const q = cand.sql(reader, cursor);
      const plan = await explain(q);
      report(`follows ${k}`, cand.name, page, await time(q), plan);
      if (verbose || page === 'first') {
        console.log(`\n-- ${cand.name}, ${page} page:`);
        for (const line of plan) console.log(`   ${line}`);
      }
    }
  }
}

console.log('\n=== For You');
const deepForYou = await deepCursor(null);
for (const [page, cursor] of [['first', null], [`after ${DEEP}`, deepForYou]] as const) {
  const q = forYou.sql(0, cursor);
  const plan = await explain(q);
  report('anyone', forYou.name, page, await time(q), plan);
  console.log(`\n-- ${forYou.name}, ${page} page:`);
  for (const line of plan) console.log(`   ${line}`);
}

// (c)'s write cost: one post written into every follower's timeline
const fanout = (await client.query<{ avg: number; p99: number; max: number; members: number }>(
  `SELECT round(avg(u.followers_count))::int AS avg, percentile_disc(0.99) WITHIN GROUP (ORDER BY u.followers_count) AS p99,
          max(u.followers_count) AS max, (SELECT count(*)::int FROM users WHERE followers_count >= 2000) AS members
   FROM posts p JOIN users u ON u.id = p.author_id WHERE p.author_id BETWEEN $1 AND $2`,
  [bench.firstMember, bench.lastMember],
)).rows[0]!;
const celebrity = (await client.query<{ id: number; n: number }>('SELECT id, followers_count AS n FROM users WHERE id BETWEEN $1 AND $2 ORDER BY followers_count DESC LIMIT 1', [bench.firstMember, bench.lastMember])).rows[0]!;
await client.query('CREATE TEMP TABLE feed_bench_fanout (member_id int, sort_at timestamptz, post_id int, reposted_by int, PRIMARY KEY (member_id, sort_at, post_id))');
await client.query('INSERT INTO feed_bench_fanout SELECT follower_id, now() - interval \'1 day\', 1, NULL FROM follows LIMIT 200000 ON CONFLICT DO NOTHING'); // a table with rows, like a real one
await client.query('BEGIN');
let s = performance.now();
await client.query("INSERT INTO feed_bench_fanout SELECT follower_id, now(), 2, NULL FROM follows WHERE followee_id = $1", [celebrity.id]);
const celebrityMs = performance.now() - s;
await client.query('ROLLBACK');
const typical = (await client.query<{ id: number; n: number }>('SELECT id, followers_count AS n FROM users WHERE id BETWEEN $1 AND $2 AND followers_count BETWEEN $3 AND $3 + 20 LIMIT 1', [bench.firstMember, bench.lastMember, fanout.avg])).rows[0];
let typicalMs = 0;
if (typical) {
  await client.query('BEGIN');
  s = performance.now();
  await client.query("INSERT INTO feed_bench_fanout SELECT follower_id, now(), 3, NULL FROM follows WHERE followee_id = $1", [typical.id]);
  typicalMs = performance.now() - s;
  await client.query('ROLLBACK');
}

console.log(`\n=== Summary (${RUNS} runs each after 3 warm-ups, client-side ms; EXPLAIN's execution time and top buffers)\n`);
console.log('| reader | candidate | page | p50 ms | p95 ms | EXPLAIN exec | buffers (top node) |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log(`\n(c) fan-out on write: a post costs its author's followers in timeline writes — per post written, ${fanout.avg} on average (weighted by posts), p99 ${fanout.p99}, max ${fanout.max}; ${fanout.members} members have ≥ 2,000 followers.`);
console.log(`    one post of the most followed member (${celebrity.n} followers): ${ms(celebrityMs)} ms of inserts; of a typical one (${typical?.n ?? '?'} followers): ${ms(typicalMs)} ms.`);
await client.end();
