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
