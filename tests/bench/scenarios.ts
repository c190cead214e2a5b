import type pg from 'pg';

/** One load pattern: what to request, how hard, and the target it must meet. */
export interface Scenario {
  name: string;
  /** request paths, used round-robin */
  paths: string[];
  /**
   * send every request with `Cache-Control: no-cache`, so no answer comes from the public answer
   * cache (api/public-cache.ts), which computes a fresh one: the cost of a miss (the cache ignores
   * parameters a route does not read, so a unique `_=n` no longer does this)
   */
  uncached?: boolean;
  connections: number;
  /** fixed request rate (open loop); otherwise as fast as the connections go */
  rate?: number;
  target?: { percentile: 'p95' | 'p99'; ms: number };
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
