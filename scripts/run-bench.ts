// npm run bench: loads the API on the 100k-drama benchmark catalogue (PostgreSQL) and reports
// p50/p95/p99 latency and requests/s per scenario, plus EXPLAIN checks that queries use indexes.
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/dramalist_bench) is seeded with
// --scale 100000 unless it already holds that catalogue.
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import hdr from 'hdr-histogram-js';
import pg from 'pg';
import { readCurrentBuild } from '../src/lib/server/build/builds.ts';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/lib/server/db/schema/index.ts';
import { prepareFeedBench, prepareFeedCrowd, type FeedBench } from '../tests/bench/feed-data.ts';
import {
  buildCommentScenarios,
  buildFeedScenarios,
  buildListScenarios,
  buildPageScenarios,
  buildScenarios,
  prepareCommentBench,
  type CommentBench,
  type Scenario,
} from '../tests/bench/scenarios.ts';

// the members' scenarios send tokens signed here with the server's secret
process.env.JWT_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123456789';
const { signAccessToken } = await import('../src/lib/server/auth/access-tokens.ts');
const { readCommentPage } = await import('../src/lib/server/services/comments/comment-reads.ts');
const { readFollowingTimeline, readForYou } = await import('../src/lib/server/services/social/post-reads.ts');

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dramalist_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4690);
/** the production site server on the benchmark database, for the pages rendered on demand */
const sitePort = port + 2;
/** the build it serves: `npm start`'s (the demo's pages; on-demand pages read the benchmark database) */
const siteDist = process.env.BENCH_SITE_DIST ?? 'dist';
const scale = 100_000;

async function ensureCatalogue() {
  const admin = new pg.Client({ connectionString: new URL('/postgres', url).href });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const count = await client.query('select count(*)::int as n from dramas').catch(() => ({ rows: [{ n: 0 }] }));
  await client.end();
  if (count.rows[0].n === scale) return console.log(`Reusing the ${scale.toLocaleString()}-drama catalogue in ${name}.`);
  console.log(`Seeding ${scale.toLocaleString()} dramas into ${name} (a few minutes)…`);
  const started = Date.now();
  const seed = spawn(process.execPath, ['--experimental-strip-types', 'scripts/seed-database.ts', '--scale', String(scale), '--force'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: '.tmp/bench-data' },
  });
  if ((await new Promise((r) => seed.on('exit', r))) !== 0) throw new Error('seeding failed');
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

/** The production site server on the benchmark database, serving the current build of `siteDist`. */
async function startSite() {
  const child = spawn(process.execPath, ['--experimental-strip-types', 'scripts/start-site.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: url, PORT: String(sitePort), HOST: '127.0.0.1', LOG_LEVEL: 'error', NODE_ENV: 'production', DATA_DIR: '.tmp/bench-data', DIST_DIR: siteDist, STATS_INTERVAL_SECONDS: '0' },
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('is ready') && resolve());
    child.on('exit', () => reject(new Error('the site server exited')));
  });
  return child;
}

async function startServer() {
  const child = spawn(process.execPath, ['--experimental-strip-types', 'tests/bench/api-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // NO_CACHE_INTERVAL_MS=0: the "uncached" scenarios' no-cache recomputes every answer (docs/decisions/031)
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), LOG_LEVEL: 'silent', NODE_ENV: 'production', DATA_DIR: '.tmp/bench-data', NO_CACHE_INTERVAL_MS: '0' },
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.on('exit', () => reject(new Error('the API server exited')));
  });
  return child;
}

interface Outcome {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  target?: string;
  met?: boolean;
}

const newHistogram = () => hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3 });
const pathOf = (s: Scenario, n: number) => s.paths[n % s.paths.length]!;
/** an uncached scenario asks for a fresh answer every time: the public answer cache computes it */
const headersOf = (s: Scenario): Record<string, string> => (s.uncached ? { 'cache-control': 'no-cache' } : {});

/**
 * A fixed request rate, evenly spaced (autocannon's `overallRate` sends each second's quota in a
 * burst at the start of the second, which measures the burst, not the server). Each latency runs
 * from the moment the request was due, so a stalled server is not excused (coordinated omission).
 */
async function runAtFixedRate(s: Scenario & { rate: number }): Promise<Outcome> {
  const histogram = newHistogram();
  const agent = new http.Agent({ keepAlive: true, maxSockets: s.connections });
  const total = Math.round(s.rate * seconds);
  const started = performance.now();
  let sent = 0;
  let errors = 0;
  let done = 0;
  await new Promise<void>((resolve) => {
    const send = (n: number) => {
      const due = started + (n * 1000) / s.rate;
      const custom = s.request?.(n);
      const options = custom
        ? { host: '127.0.0.1', port: s.port ?? port, method: custom.method, path: custom.path, headers: { ...headersOf(s), ...custom.headers }, agent }
        : { host: '127.0.0.1', port: s.port ?? port, path: pathOf(s, n), headers: headersOf(s), agent };
      const req = http.request(options, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          histogram.recordValue(Math.max(1, Math.round((performance.now() - due) * 1000)));
          if (++done === total) resolve();
        });
      });
      // a stalled or broken answer counts as an error (and is timed as such), never hangs the run
      req.setTimeout(10_000, () => req.destroy(new Error('timed out')));
      req.end(custom?.body);
      req.on('error', () => {
        errors++;
        histogram.recordValue(Math.max(1, Math.round((performance.now() - due) * 1000)));
        if (++done === total) resolve();
      });
    };
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * s.rate) / 1000) + 1);
      while (sent < due) send(sent++);
      if (sent >= total) clearInterval(timer);
    }, 1);
  });
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  return finish(s, histogram, { requests: total, rps: Math.round(total / elapsed), errors });
}

function finish(s: Scenario, histogram: ReturnType<typeof newHistogram>, counts: { requests: number; rps: number; errors: number }): Outcome {
  const at = (p: number) => histogram.getValueAtPercentile(p) / 1000;
  const outcome: Outcome = { name: s.name, ...counts, p50: at(50), p95: at(95), p99: at(99) };
  if (s.target) {
    outcome.target = `${s.target.percentile} ≤ ${s.target.ms} ms`;
    outcome.met = outcome[s.target.percentile] <= s.target.ms;
  }
  return outcome;
}

async function runScenario(s: Scenario): Promise<Outcome> {
  if (s.rate) return runAtFixedRate({ ...s, rate: s.rate });
  if (s.request) throw new Error(`${s.name}: a scenario with its own requests needs a fixed rate`);
  const histogram = newHistogram();
  let next = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${s.port ?? port}`,
    connections: s.connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: pathOf(s, next++), headers: { ...req.headers, ...headersOf(s) } }) }],
  });
  // autocannon's own percentiles skip p95: record every response time (µs) ourselves.
  (instance as unknown as NodeJS.EventEmitter).on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => histogram.recordValue(Math.round(ms * 1000)));
  const result = await instance;
  return finish(s, histogram, { requests: result.requests.total, rps: Math.round(result.requests.average), errors: result.errors + result.non2xx });
}

/** EXPLAIN of one request's main query would need the SQL; instead, check the catalogue's plans directly. */
async function explainPlans(client: pg.ClientBase) {
  const checks: [string, string][] = [
    ['title typo search', `select id from dramas where search_text % 'crash landng' order by similarity(search_text, 'crash landng') desc limit 24`],
    ['people search', `select id from people where search_text % 'kim soo hyn' limit 24`],
    ['drama by id', `select * from dramas where id = 42`],
    ['popular page', `select id from dramas where popularity is not null order by popularity limit 24 offset 48`],
    ['top rated page', `select id from dramas where ranked is not null order by ranked limit 24`],
    ['cast of a drama', `select * from credits where drama_id = 42 order by position`],
  ];
  // the watch lists' queries, for the bench member with 2,000 entries
  const reader = (await client.query<{ id: number }>("SELECT id FROM users WHERE username = 'benchlists'")).rows[0]?.id ?? 1;
  const [entry] = (await client.query<{ drama_id: number }>('SELECT drama_id FROM list_entries WHERE user_id = $1 LIMIT 1', [reader])).rows;
  checks.push(
    ['a member\'s list entries (GET /lists/me)', `select e.*, d.title from list_entries e join dramas d on d.id = e.drama_id where e.user_id = ${reader} order by e.updated_at desc`],
    ['an entry locked for a save', `select * from list_entries where user_id = ${reader} and drama_id = ${entry?.drama_id ?? 1} for update`],
    ['a member\'s recent activity', `select * from activities where user_id = ${reader} order by created_at desc, id desc limit 20`],
    ['an entry\'s history', `select * from activities where user_id = ${reader} and drama_id = ${entry?.drama_id ?? 1} order by created_at desc limit 200`],
  );
  for (const [name, sql] of checks) {
    const plan = (await client.query(`explain ${sql}`)).rows.map((r) => r['QUERY PLAN']).join(' ');
    const usesIndex = /Index|Bitmap/.test(plan) && !/Seq Scan on (dramas|people|credits|list_entries|activities)\b/.test(plan);
    console.log(`  ${usesIndex ? 'index' : 'NO INDEX'}  ${name}`);
  }
}

/**
 * EXPLAIN (ANALYZE) of the queries GET /comments really sends for the bench drama's first page (the
 * service runs on a connection that records its statements; each is then explained with its
 * parameters): a visitor's page, and a signed-in member's (blocks filtered, their reactions joined).
 */
async function explainCommentPage(client: pg.ClientBase, bench: CommentBench) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({ client: client as pg.Client, schema, casing: 'snake_case', logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
  const query = { target: { type: 'dorama' as const, id: bench.dramaId }, order: 'recent' as const, page: 1, pageSize: 10 };
  for (const [who, reader] of [
    ['a visitor', undefined],
    ['a signed-in member with blocks', { id: bench.readerId, role: 'user' }],
  ] as const) {
    statements.length = 0;
    // @ts-expect-error the service takes the app's pool-backed database; a client-backed one sends the same statements
    await readCommentPage(db, query, reader);
    console.log(`\nGET /comments page 1 for ${who}: ${statements.length} queries`);
    for (const [i, statement] of [...statements].entries()) {
      const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params)).rows.map((r) => r['QUERY PLAN'] as string);
      // (blocks is left out: the bench's 10 rows are read whole, rightly; a real table uses its keys)
      const usesIndex = !plan.some((line) => /Seq Scan on (comments|users|comment_reactions|dramas)\b/.test(line));
      console.log(`  ${i + 1}. ${usesIndex ? 'index' : 'NO INDEX'}  ${statement.sql.replace(/\s+/g, ' ').slice(0, 160)}…`);
      for (const line of plan) console.log(`       ${line}`);
    }
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the queries GET /social/posts really sends (recorded as for the
 * comments): the Following timeline of the members who follow 500 and 5,000, first page and the
 * page after 1,000 entries, and For You for a visitor and a member.
 */
async function explainFeed(client: pg.ClientBase, bench: FeedBench) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({ client: client as pg.Client, schema, casing: 'snake_case', logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
  // the named statements (db/named-query.ts queryRows) go to the client itself, past drizzle's logger: recorded here
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    // (drizzle's own statements come with an unset name and their values apart: its logger has them)
    if (config && typeof config === 'object' && typeof (config as { name?: unknown }).name === 'string' && 'text' in config) {
      const named = config as { text: string; values?: unknown[] };
      statements.push({ sql: named.text, params: named.values ?? [] });
    }
    return query(config, ...rest);
  };
  const explainRecorded = async (title: string) => {
    console.log(`\n${title}: ${statements.length} queries`);
    for (const [i, statement] of [...statements].entries()) {
      const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params)).rows
        // the id lists shortened: ($3, $4, …) or '{1,2,…}'
        .map((r) => (r['QUERY PLAN'] as string).replace(/'\{([0-9,]+)\}'::integer\[\]/g, (_, ids: string) => `'{…${ids.split(',').length} ids}'::integer[]`));
      const usesIndex = !plan.some((line) => /Seq Scan on (posts|users|follows|post_reposts|post_likes)\b/.test(line));
      const time = plan.find((line) => line.startsWith('Execution Time'));
      console.log(`  ${i + 1}. ${usesIndex ? 'index' : 'NO INDEX'}  ${time}  ${statement.sql.replace(/\s+/g, ' ').replace(/(\$\d+, ){3,}\$\d+/g, '$…').slice(0, 160)}…`);
      for (const line of plan) console.log(`       ${line}`);
    }
  };
  for (const follows of [500, 5_000] as const) {
    const readerId = bench.readers[follows];
    let cursor: string | undefined;
    // the page after 1,000 entries: walk there (not recorded), then record the next page
    for (let seen = 0; seen < 1_000; seen += 50) cursor = (await readFollowingTimeline(db as never, readerId, { cursor, limit: 50 })).nextCursor ?? undefined;
    for (const [page, at] of [['first page', undefined], ['the page after 1,000 entries', cursor]] as const) {
      statements.length = 0;
      // @ts-expect-error the service takes the app's pool-backed database; a client-backed one sends the same statements
      await readFollowingTimeline(db, readerId, { cursor: at, limit: 20 });
      await explainRecorded(`GET /social/posts?tab=following, a member following ${follows}, ${page}`);
    }
  }
  for (const [who, reader] of [['a visitor', undefined], ['a signed-in member', { id: bench.readers[500], role: 'user' }]] as const) {
    statements.length = 0;
    // @ts-expect-error as above
    await readForYou(db, { limit: 20 }, reader);
    await explainRecorded(`GET /social/posts?tab=for-you for ${who}`);
  }
}

await ensureCatalogue();
const client = new pg.Client({ connectionString: url });
await client.connect();
// Migrations the reused catalogue may lack, then fresh statistics and visibility (index-only scans).
const migrator = spawn(process.execPath, ['--experimental-strip-types', 'scripts/migrate-database.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url, DATA_DIR: '.tmp/bench-data' },
});
await new Promise((r) => migrator.on('exit', r));
await client.query('VACUUM ANALYZE');
const scenarios = [
  ...(await buildScenarios(client)),
  ...(await buildListScenarios(client, { tokenFor: async (userId) => signAccessToken({ userId, role: 'user', version: 0 }) })),
];
const commentBench = await prepareCommentBench(client);
scenarios.push(...buildCommentScenarios(commentBench, await signAccessToken({ userId: commentBench.readerId, role: 'user', version: 0 })));
await client.query('VACUUM ANALYZE users, list_entries, activities, comments, blocks, comment_reactions'); // the bench members' rows: fresh statistics, index-only scans
// the social feed (issue 21): 100k members, 1M posts, follows, likes, reposts (built on first use, a few minutes)
const feedBench = await prepareFeedBench(client);
const feedToken = (userId: number) => signAccessToken({ userId, role: 'user', version: 0 });
const feedCrowd = await prepareFeedCrowd(client, feedBench);
scenarios.push(
  ...buildFeedScenarios({
    follows500: await feedToken(feedBench.readers[500]),
    follows5000: await feedToken(feedBench.readers[5_000]),
    crowd: await Promise.all(feedCrowd.map(feedToken)),
  }),
);
// pages need a build to serve (`npm start` or `npm run build` makes one); without it they are left out, and said so
const hasSite = Boolean(readCurrentBuild(path.resolve(siteDist)));
if (hasSite) scenarios.push(...(await buildPageScenarios(client, sitePort)));
else console.log(`\nNo build in ${siteDist}/current: the page scenarios need one (run \`npm start\` or \`npm run build\` once), left out.`);
console.log('\nQuery plans:');
await explainPlans(client);
await explainCommentPage(client, commentBench);
await explainFeed(client, feedBench);
await client.end();

const server = await startServer();
const site = hasSite ? await startSite() : undefined;
try {
  console.log(`\nLoad: ${seconds} s per scenario on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), server and load generator on the same machine.\n`);
  const outcomes: Outcome[] = [];
  // BENCH_ONLY=text runs only the scenarios whose name contains it (or any of several, comma-separated)
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
  for (const scenario of scenarios.filter((sc) => !only?.length || only.some((part) => sc.name.includes(part)))) {
    await runScenario({ ...scenario, connections: 10 } as Scenario).catch(() => {}); // warm up
    const o = await runScenario(scenario);
    outcomes.push(o);
    console.log(
      `${o.name.padEnd(52)} ${String(o.rps).padStart(6)} req/s  p50 ${o.p50.toFixed(1).padStart(6)}  p95 ${o.p95.toFixed(1).padStart(6)}  p99 ${o.p99.toFixed(1).padStart(6)} ms` +
        `${o.errors ? `  ${o.errors} errors` : ''}${o.target ? `  target ${o.target}: ${o.met ? 'met' : 'MISSED'}` : ''}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  site?.kill('SIGTERM');
}
