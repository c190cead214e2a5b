import type pg from 'pg';

/** One load pattern: what to request, how hard, and the target it must meet. */
export interface Scenario {
  name: string;
  /** request paths, used round-robin */
  paths: string[];
  /**
   * send every request with `Cache-Control: no-cache`, so no answer comes from the public answer
   * cache (api/public-cache.ts), which computes a fresh one (the bench server runs with
   * NO_CACHE_INTERVAL_MS=0, docs/decisions/031): the cost of a miss (the cache ignores
   * parameters a route does not read, so a unique `_=n` no longer does this)
   */
  uncached?: boolean;
  connections: number;
  /** fixed request rate (open loop); otherwise as fast as the connections go */
  rate?: number;
  target?: { percentile: 'p95' | 'p99'; ms: number };
  /** the port of the server it loads, when not the API's (the site server for pages rendered on demand) */
  port?: number;
  /** the n-th request when it is not a plain GET of `paths` (a member's token, a POST with a body) */
  request?: (n: number) => { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };
}

/** What the members' scenarios need: tokens signed as the server signs them. */
export interface MemberScenarioOptions {
  tokenFor: (userId: number) => Promise<string>;
}

const BENCH_LIST_LENGTH = 2000;
const BENCH_WRITERS = 200;

/**
 * The watch-list scenarios (issue 12): GET /lists/me for a member with 2,000 entries, and status
 * saves at 200/s spread over 200 members (each under the per-member write limit of 120 a minute),
 * each save a real change (progress 0 ↔ 1), so every one writes the entry and an activity item.
 * The members are made on first use (benchlists, benchwriter1 …) and their entries reset each run.
 */
export async function buildListScenarios(client: pg.ClientBase, options: MemberScenarioOptions): Promise<Scenario[]> {
  const member = async (username: string) =>
    (
      await client.query<{ id: number }>(
        `INSERT INTO users (email, username, full_name, email_verified_at) VALUES ($1, $2, 'Bench Member', now())
         ON CONFLICT ((lower(username))) DO UPDATE SET full_name = excluded.full_name RETURNING id`,
        [`${username}@bench.example`, username],
      )
    ).rows[0]!.id;
  const reader = await member('benchlists');
  const have = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM list_entries WHERE user_id = $1', [reader])).rows[0]!.n;
  if (have < BENCH_LIST_LENGTH) {
    await client.query(
      `INSERT INTO list_entries (user_id, drama_id, status, score, progress, notes)
       SELECT $1, id, (ARRAY['watching','completed','plan_to_watch','dropped']::list_status[])[1 + id % 4],
         CASE WHEN id % 3 = 0 THEN NULL ELSE 1 + id % 10 END, 0, CASE WHEN id % 7 = 0 THEN 'A note for the bench' END
       FROM dramas ORDER BY random() LIMIT $2 ON CONFLICT DO NOTHING`,
      [reader, BENCH_LIST_LENGTH - have],
    );
  }
  const writers: number[] = [];
  for (let i = 1; i <= BENCH_WRITERS; i++) writers.push(await member(`benchwriter${i}`));
  await client.query('DELETE FROM list_entries WHERE user_id = ANY($1)', [writers]);
  await client.query('DELETE FROM activities WHERE user_id = ANY($1)', [writers]);
  const dramas = (await client.query<{ id: number }>('SELECT id FROM dramas WHERE episodes IS NULL OR episodes >= 1 ORDER BY random() LIMIT $1', [BENCH_WRITERS])).rows.map((r) => r.id);
  const readerAuth = { Authorization: `Bearer ${await options.tokenFor(reader)}` };
  const writerAuth = await Promise.all(writers.map(async (id) => `Bearer ${await options.tokenFor(id)}`));
  return [
    {
      name: 'GET /lists/me, 2,000 entries (50 req/s)',
      paths: ['/api/v1/lists/me'],
      connections: 10,
      rate: 50,
      target: { percentile: 'p95', ms: 30 },
      request: () => ({ method: 'GET', path: '/api/v1/lists/me', headers: readerAuth }),
    },
    {
      // the same answer computed from the database each time (what the first read after a change
      // costs): the kept answer (api/lists/list-answers.ts) is skipped by no-cache, since the bench
      // server runs with NO_CACHE_INTERVAL_MS=0 (docs/decisions/031)
      name: 'GET /lists/me, 2,000 entries, uncached (10 req/s)',
      paths: ['/api/v1/lists/me'],
      connections: 4,
      rate: 10,
      request: () => ({ method: 'GET', path: '/api/v1/lists/me', headers: { ...readerAuth, 'Cache-Control': 'no-cache' } }),
    },
    {
      name: 'status saves (200 req/s)',
      paths: ['/api/v1/lists/drama/{id}/status'],
      connections: 50,
      rate: 200,
      target: { percentile: 'p95', ms: 30 },
      request: (n) => {
        const i = n % BENCH_WRITERS;
        return {
          method: 'POST',
          path: `/api/v1/lists/drama/${dramas[i % dramas.length]}/status`,
          headers: { Authorization: writerAuth[i]!, 'Content-Type': 'application/json' },
          body: JSON.stringify({ status: 'watching', progress: Math.floor(n / BENCH_WRITERS) % 2 }),
        };
      },
    },
  ];
}

/**
 * Pages rendered on demand for a visitor, served by the production site server on the benchmark
 * database: a member's profile (issue 13: ≤ 50 ms server time) and activity timeline. Members with
 * the most followers first (the profiles most visited), then ordinary ones.
 */
export async function buildPageScenarios(client: pg.ClientBase, port: number): Promise<Scenario[]> {
  const popular = (await client.query<{ username: string }>('SELECT username FROM users ORDER BY followers_count DESC, id LIMIT 20')).rows;
  const ordinary = (await client.query<{ username: string }>('SELECT username FROM users WHERE NOT lists_private ORDER BY random() LIMIT 80')).rows;
  const names = [...popular, ...ordinary].map((r) => encodeURIComponent(r.username));
  return [
    { name: 'profile page /user/{username} (20 req/s)', port, paths: names.map((n) => `/user/${n}`), connections: 10, rate: 20, target: { percentile: 'p95', ms: 50 } },
    { name: 'activity page /user/{username}/activity (20 req/s)', port, paths: names.map((n) => `/user/${n}/activity`), connections: 10, rate: 20 },
  ];
}

/** Builds the scenarios from real ids and names of the benchmark catalogue. */
export async function buildScenarios(client: pg.ClientBase): Promise<Scenario[]> {
  const ids = (await client.query<{ id: number }>('select id from dramas order by random() limit 200')).rows.map((r) => r.id);
  const genres = (await client.query<{ id: number }>('select id from genres order by id limit 8')).rows.map((r) => r.id);
  const titles = (await client.query<{ title: string }>('select title from dramas order by random() limit 50')).rows.map((r) => r.title);
  const people = (await client.query<{ id: number }>('select person_id as id from credits group by 1 order by count(*) desc limit 100')).rows.map((r) => r.id);
  const names = (await client.query<{ name: string }>('select name from people order by random() limit 50')).rows.map((r) => r.name);
  const countries = ['South Korea', 'China', 'Japan', 'Thailand', 'Taiwan'];
  /** a plausible typo: one letter of the title dropped */
  const typo = (t: string) => {
    const i = Math.min(t.length - 1, 3 + (t.length % 5));
    return t.slice(0, i) + t.slice(i + 1);
  };
  const enc = encodeURIComponent;
  const filtered = genres.flatMap((g, i) =>
    countries.map((c, j) => `/api/v1/dramas/?genre_id=${g}&country=${enc(c)}&year=${2000 + ((i + j) % 15)},2024&sort_by=rating`),
  );
  const byId = ids.map((id) => `/api/v1/dramas/${id}`);
  const titleSearches = titles.map((t) => `/api/v1/dramas/?title=${enc(typo(t))}`);
  return [
    { name: 'drama by id (1,000 req/s)', paths: byId, connections: 50, rate: 1000, target: { percentile: 'p99', ms: 10 } },
    { name: 'drama by id (1,000 req/s), uncached', paths: byId, uncached: true, connections: 50, rate: 1000, target: { percentile: 'p99', ms: 10 } },
    { name: 'filtered search (genre + country + years, by rating)', paths: filtered, connections: 50, target: { percentile: 'p95', ms: 25 } },
    { name: 'filtered search, uncached', paths: filtered, uncached: true, connections: 50, target: { percentile: 'p95', ms: 25 } },
    { name: 'title search with a typo', paths: titleSearches, connections: 50, target: { percentile: 'p95', ms: 25 } },
    { name: 'title search with a typo, uncached', paths: titleSearches, uncached: true, connections: 50, target: { percentile: 'p95', ms: 25 } },
    ...['popular', 'top-rated', 'airing', 'upcoming'].map((list) => ({
      name: `ranked list: ${list}`,
      paths: [1, 2, 3, 4, 5].map((page) => `/api/v1/dramas/${list}?size=24&page=${page}`),
      connections: 50,
    })),
    { name: 'seasons', paths: [2019, 2020, 2021, 2022, 2023].flatMap((y) => [1, 2, 3, 4].map((q) => `/api/v1/dramas/seasons?year=${y}&quarter=${q}`)), connections: 50 },
    { name: 'people search (typo)', paths: names.map((n) => `/api/v1/people/?name=${enc(typo(n))}`), connections: 50 },
    { name: 'people search (typo), uncached', paths: names.map((n) => `/api/v1/people/?name=${enc(typo(n))}`), uncached: true, connections: 50 },
    { name: 'filmography', paths: people.map((id) => `/api/v1/people/${id}/filmography`), connections: 50 },
  ];
}

// --- comments (issue 20) ---------------------------------------------------------------------

const BENCH_COMMENTS = 10_000;
const BENCH_REPLIES_PER_COMMENT = 5; // 50,000 replies
const BENCH_COMMENTERS = 200;

/** The drama the comments scenarios read, and a member who reads it signed in (with blocks to filter). */
export interface CommentBench {
  dramaId: number;
  readerId: number;
}

/**
 * The comments of one drama (issue 20, docs/decisions/035): 10,000 top-level comments over the last
 * year by 200 members (some with @mentions and ||inline spoilers||), each with 5 replies (50,000),
 * 180,000 reactions (the reader's to every 7th comment); the counters are the bench's own figures,
 * not recounted (the page reads them as they are). Made on first use (benchcommenter1 …), kept between
 * runs; the reader blocks 5 of the commenters and is blocked by 5 others.
 */
export async function prepareCommentBench(client: pg.ClientBase): Promise<CommentBench> {
  const member = async (username: string) =>
    (
      await client.query<{ id: number }>(
        `INSERT INTO users (email, username, full_name, email_verified_at) VALUES ($1, $2, 'Bench Commenter', now())
         ON CONFLICT ((lower(username))) DO UPDATE SET full_name = excluded.full_name RETURNING id`,
        [`${username}@bench.example`, username],
      )
    ).rows[0]!.id;
  const commenters: number[] = [];
  for (let i = 1; i <= BENCH_COMMENTERS; i++) commenters.push(await member(`benchcommenter${i}`));
  const readerId = await member('benchcommentreader');
  const dramaId = (await client.query<{ id: number }>('SELECT min(id) AS id FROM dramas')).rows[0]!.id;
  const have = (await client.query<{ top: number; replies: number }>(
    'SELECT count(*) FILTER (WHERE parent_id IS NULL)::int AS top, count(*) FILTER (WHERE parent_id IS NOT NULL)::int AS replies FROM comments WHERE drama_id = $1',
    [dramaId],
  )).rows[0]!;
  if (have.top !== BENCH_COMMENTS || have.replies !== BENCH_COMMENTS * BENCH_REPLIES_PER_COMMENT) {
    await client.query('DELETE FROM comments WHERE drama_id = $1', [dramaId]);
    await client.query(
      `INSERT INTO comments (user_id, drama_id, content, spoiler, like_count, love_count, laugh_count, replies_count, created_at)
       SELECT ($2::int[])[1 + n % array_length($2::int[], 1)], $1,
         CASE WHEN n % 10 = 0 THEN 'Totally agree with @benchcommenter' || (1 + n % 50) || ' about episode ' || (n % 16 + 1)
              WHEN n % 7 = 0 THEN 'The ending ||was a dream|| and I loved it'
              ELSE 'Comment number ' || n || ': the chemistry between the leads is wonderful, and the soundtrack too.' END,
         n % 13 = 0, n % 17, n % 5, n % 3, $3, now() - make_interval(secs => n * 3000)
       FROM generate_series(1, $4) AS n`,
      [dramaId, commenters, BENCH_REPLIES_PER_COMMENT, BENCH_COMMENTS],
    );
    await client.query(
      `INSERT INTO comments (user_id, drama_id, parent_id, content, like_count, created_at)
       SELECT ($2::int[])[1 + (c.id + r) % array_length($2::int[], 1)], $1, c.id,
         CASE WHEN r = 1 THEN '@benchcommenter' || (1 + c.id % 50) || ' yes!' ELSE 'Reply ' || r || ' to comment ' || c.id END,
         r % 3, c.created_at + make_interval(secs => r * 60)
       FROM comments c, generate_series(1, $3) AS r
       WHERE c.drama_id = $1 AND c.parent_id IS NULL`,
      [dramaId, commenters, BENCH_REPLIES_PER_COMMENT],
    );
  }
  // reactions: the reader's to every 7th comment of the drama (on the first page too), and 3 members' to every comment
  const reactions = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM comment_reactions r JOIN comments c ON c.id = r.comment_id WHERE c.drama_id = $1', [dramaId])).rows[0]!.n;
  if (reactions === 0) {
    await client.query(
      `INSERT INTO comment_reactions (user_id, comment_id, type)
       SELECT $2, id, 'love' FROM comments WHERE drama_id = $1 AND id % 7 = 0
       UNION ALL
       SELECT ($3::int[])[k], c.id, (ARRAY['like','love','laugh']::reaction_type[])[k]
       FROM comments c, generate_series(1, 3) AS k WHERE c.drama_id = $1
       ON CONFLICT DO NOTHING`,
      [dramaId, readerId, commenters.slice(20, 23)],
    );
  }
  await client.query('DELETE FROM blocks WHERE blocker_id = $1 OR blocked_id = $1', [readerId]);
  await client.query(
    `INSERT INTO blocks (blocker_id, blocked_id) SELECT $1, unnest($2::int[]) UNION ALL SELECT unnest($3::int[]), $1`,
    [readerId, commenters.slice(0, 5), commenters.slice(5, 10)],
  );
  return { dramaId, readerId };
}

/**
 * GET /comments: the first page of the bench drama, for visitors (kept in memory, and computed each
 * time), and for a signed-in member (never kept).
 */
export function buildCommentScenarios(bench: CommentBench, readerToken: string): Scenario[] {
  const path = `/api/v1/comments?type=dorama&id=${bench.dramaId}`;
  return [
    {
      name: 'GET /comments, 10k comments + 50k replies, page 1 (200 req/s)',
      paths: [path],
      connections: 20,
      rate: 200,
      target: { percentile: 'p95', ms: 25 },
    },
    {
      // every answer computed from the database (no-cache: the kept page is skipped), as after a write
      name: 'GET /comments, page 1, uncached (200 req/s)',
      paths: [path],
      uncached: true,
      connections: 20,
      rate: 200,
      target: { percentile: 'p95', ms: 25 },
    },
    {
      name: 'GET /comments, page 1, signed in with blocks (100 req/s)',
      paths: [path],
      connections: 20,
      rate: 100,
      target: { percentile: 'p95', ms: 25 },
      request: () => ({ method: 'GET', path, headers: { Authorization: `Bearer ${readerToken}` } }),
    },
  ];
}
// --- end comments ---

// --- social feed (issue 21) ------------------------------------------------------------------

/**
 * GET /social/posts on the feed's data set (tests/bench/feed-data.ts: 100k members, 1M posts):
 * the Following timeline of a member who follows 500 members (and, to see where the design bends,
 * 5,000), and For You for a visitor (kept briefly under the feed version), computed each time, and
 * for a signed-in member (never kept). Docs/decisions/037 "Timeline design".
 */
export function buildFeedScenarios(tokens: { follows500: string; follows5000: string; crowd: string[] }): Scenario[] {
  const following = '/api/v1/social/posts?tab=following';
  const forYou = '/api/v1/social/posts?tab=for-you';
  return [
    {
      // one member at 200 req/s: their first page is kept under the feed's and their own versions
      name: 'GET /social/posts?tab=following, follows 500 (200 req/s)',
      paths: [following],
      connections: 20,
      rate: 200,
      target: { percentile: 'p95', ms: 25 },
      request: () => ({ method: 'GET', path: following, headers: { Authorization: `Bearer ${tokens.follows500}` } }),
    },
    {
      // every answer computed from the database (no-cache: the kept page is skipped), as after a post
      name: 'GET /social/posts?tab=following, follows 500, uncached (200 req/s)',
      paths: [following],
      connections: 20,
      rate: 200,
      target: { percentile: 'p95', ms: 25 },
      request: () => ({ method: 'GET', path: following, headers: { Authorization: `Bearer ${tokens.follows500}`, 'Cache-Control': 'no-cache' } }),
    },
    {
      // 200 different members following 500 each, in turn, computed each time (no-cache)
      name: `GET /social/posts?tab=following, ${tokens.crowd.length} readers following 500, uncached (200 req/s)`,
      paths: [following],
      connections: 20,
      rate: 200,
      target: { percentile: 'p95', ms: 25 },
      request: (n) => ({ method: 'GET', path: following, headers: { Authorization: `Bearer ${tokens.crowd[n % tokens.crowd.length]}`, 'Cache-Control': 'no-cache' } }),
    },
    {
      // beyond the bar: where fan-out on read starts to bend (docs/decisions/037)
      name: 'GET /social/posts?tab=following, follows 5,000 (50 req/s)',
      paths: [following],
      connections: 20,
      rate: 50,
      request: () => ({ method: 'GET', path: following, headers: { Authorization: `Bearer ${tokens.follows5000}` } }),
    },
    {
      name: 'GET /social/posts?tab=for-you (200 req/s)',
      paths: [forYou],
      connections: 20,
      rate: 200,
      target: { percentile: 'p95', ms: 25 },
    },
    {
      // every answer computed from the database (no-cache: the kept page is skipped)
      name: 'GET /social/posts?tab=for-you, uncached (200 req/s)',
      paths: [forYou],
      uncached: true,
      connections: 20,
      rate: 200,
      target: { percentile: 'p95', ms: 25 },
    },
    {
      name: 'GET /social/posts?tab=for-you, signed in (200 req/s)',
      paths: [forYou],
      connections: 20,
      rate: 200,
      target: { percentile: 'p95', ms: 25 },
      request: () => ({ method: 'GET', path: forYou, headers: { Authorization: `Bearer ${tokens.follows500}` } }),
    },
  ];
}
// --- end social feed ---
