// The demo catalogue: a deterministic generator (same seed and day, same rows and files, byte for
// byte, except the salted password hashes) used by `npm run seed` and by `npm start` on an empty
// database. Everything is written in one transaction, so a failed seed leaves nothing behind.
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { hashPassword } from '../auth/password.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { env } from '../env.ts';
import { recomputeCatalogueStats } from '../services/catalogue/catalogue-stats.ts';
import { forgetListTotals, listRanked } from '../services/drama-search/drama-lists.ts';
import { DEMO_ACCOUNTS, DEMO_MEMBER_PASSWORD } from './accounts.ts';
import { RowWriter } from './batch-insert.ts';
import { suspendIndexes } from './bulk-load.ts';
import { writeCatalogue } from './catalogue.ts';
import { writeFollows, writeMembers } from './community.ts';
import { pickBlockPair, writeBlock, writeConversations, type ConversationMember } from './conversations.ts';
import { writeFeed } from './feed.ts';
import { writeModerationDemo } from './moderation.ts';
import { writeCatalogueEdits } from './catalogue-edits.ts';
import { formatDay, toDayNumber } from './schedule.ts';
import { SEEDED_TABLES, TABLES, TABLES_WITH_IDENTITY } from './tables.ts';

export { DEMO_ACCOUNTS, DEMO_MEMBER_PASSWORD } from './accounts.ts';

export const DEFAULT_SEED = 20_240_601;
// Any constant shared by every instance: two instances starting on an empty database seed once.
const SEED_LOCK = 7_204_312;

export interface SeedOptions {
  /** N dramas, 3N people, N/2 members, about 10N list entries; unset = the default demo (1,500 dramas) */
  scale?: number;
  /** where the art goes (served at /media/): DATA_DIR/media */
  mediaDir: string;
  log?: (message: string) => void;
  /** random seed; the same seed and day give the same catalogue */
  seed?: number;
  /** the day statuses and dates are relative to (YYYY-MM-DD, UTC); defaults to today */
  today?: string;
  /** empty the catalogue and member tables first (`--force`) instead of refusing a non-empty database */
  replace?: boolean;
}

export interface SeedSummary {
  seed: number;
  today: string;
  dramas: number;
  people: number;
  credits: number;
  episodes: number;
  photos: number;
  members: number;
  listEntries: number;
  activities: number;
  hearts: number;
  follows: number;
  comments: number;
  reactions: number;
  posts: number;
  postLikes: number;
  reposts: number;
  artFiles: number;
  seconds: number;
}

/** Thrown when the database already holds dramas or accounts and `replace` was not asked for. */
export class DatabaseNotEmptyError extends Error {
  constructor() {
    super('The database already holds dramas or accounts: not seeding it (--force replaces the catalogue and every account).');
  }
}

function resolveSize(scale?: number) {
  if (!scale) return { dramas: 1500, people: 4000, members: 1500, listMean: 45, pooledArt: false };
  const n = Math.max(10, Math.floor(scale));
  return { dramas: n, people: 3 * n, members: Math.max(5, Math.round(n / 2)), listMean: 20, pooledArt: n > 5000 };
}

/** Whether the database holds any drama or account (the demo is seeded only into one that does not). */
export async function databaseHoldsData(db: Database): Promise<boolean> {
  const client = await db.$client.connect();
  try {
    return await holdsData(client);
  } finally {
    client.release();
  }
}

/** the seed writes explicit ids from 1: it needs empty dramas and users tables */
async function holdsData(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM dramas) OR EXISTS (SELECT 1 FROM users) AS found',
  );
  return rows[0].found;
}

/** Seeds the demo catalogue and members, then derives ratings, ranks and popularity from them. */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedSummary> {
  if (env().production) {
    // the staff accounts' passwords are public (README): never in production, whoever asks
    throw new Error('NODE_ENV=production: the demo data is never seeded into a production database.');
  }
  const started = performance.now();
  const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
  const log = (message: string) => options.log?.(`${message} (${elapsed()} s)`);
  const seed = options.seed ?? DEFAULT_SEED;
  const todayIso = options.today ?? new Date().toISOString().slice(0, 10);
  const today = toDayNumber(todayIso);
  if (Number.isNaN(today)) throw new Error(`The seed's day must be a date as YYYY-MM-DD; got "${todayIso}".`);
  const size = resolveSize(options.scale);
  // argon2 is slow by design: hash each demo account once and share one hash among generated members
  const staffHashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  const memberHash = await hashPassword(DEMO_MEMBER_PASSWORD);

  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (options.replace) await client.query(`TRUNCATE ${SEEDED_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
    else if (await holdsData(client)) throw new DatabaseNotEmptyError();
    const rebuildIndexes = await suspendIndexes(client, Object.values(TABLES).map((t) => t.table));

    // PGlite answers one statement at a time over a socket: fewer, larger batches suit PostgreSQL
    const batchSize = size.dramas > 5000 ? 10_000 : 5000;
    const catalogue = await writeCatalogue(client, {
      seed, today, dramas: size.dramas, people: size.people, mediaDir: options.mediaDir, pooledArt: size.pooledArt, batchSize, log,
    });

    log(`Writing ${(size.members + DEMO_ACCOUNTS.length).toLocaleString('en')} members and their lists…`);
    const community = new RowWriter(client, batchSize).register(
      TABLES.users, TABLES.listEntries, TABLES.listEntryCycles, TABLES.activities, TABLES.personHearts, TABLES.favouriteDramas, TABLES.favouritePeople,
    );
    const joined = await writeMembers(
      { seed, today, plans: catalogue.plans, casting: catalogue.casting, members: size.members, listMean: size.listMean, staffHashes, memberHash },
      community,
    );
    const follows = new RowWriter(client, batchSize).register(TABLES.follows);
    await writeFollows(seed, today, joined, follows);
    const block = pickBlockPair(seed, joined.length - 1);
    if (block) await writeBlock(client, seed, today, block);

    log('Deriving ratings, ranks and popularity…');
    await finishTables(client);
    // the services take the pool's database; one client of it answers the same queries, in the seed's transaction
    const orm = drizzle({ client, casing: 'snake_case', schema }) as unknown as Database;
    await recomputeCatalogueStats(orm, { recountHearts: true });
    log('Writing comments, replies and reactions…');
    const talk = new RowWriter(client, batchSize).register(TABLES.comments, TABLES.commentReactions, TABLES.reports);
    const talkers = await planConversations(client, orm);
    const conversation = await writeConversations(client, { seed, today, block, ...talkers }, talk);
    log('Writing posts, replies, quotes, reposts and likes…');
    const feedRows = new RowWriter(client, batchSize).register(TABLES.posts, TABLES.postLikes, TABLES.postReposts);
    const feed = await writeFeed(client, { seed, today, block, dramas: talkers.dramas, members: talkers.members, follows: await readFollows(client, talkers.members) }, feedRows);
    log('Writing the moderation demo…');
    await writeModerationDemo(client, today);
    log('Writing edit suggestions and history…');
    await writeCatalogueEdits(client, orm, { seed, today, dramas: talkers.dramas, members: talkers.members.map((m) => m.id) });
    log('Building indexes…');
    await rebuildIndexes();
    log('Committing…');
    await client.query('COMMIT');
    // The recompute rewrote every drama and person row: vacuum so index-only scans work, and give the
    // planner statistics for every table the catalogue queries join (autovacuum may be off or slow).
    log('Vacuuming and analysing…');
    await client.query('VACUUM ANALYZE');

    const c = { ...catalogue.counts, ...community.counts(), ...follows.counts() };
    return {
      seed, today: formatDay(today), dramas: c.dramas, people: c.people, credits: c.credits, episodes: c.episodes,
      photos: c.drama_photos, members: c.users, listEntries: c.list_entries, activities: c.activities, hearts: c.person_hearts,
      follows: c.follows, comments: conversation.comments, reactions: conversation.reactions,
      posts: feed.posts, postLikes: feed.likes, reposts: feed.reposts, artFiles: catalogue.artFiles, seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Who talks where: the dramas the home page shows first (the start of each of its rows, the most
 * popular first), the demo member's profile and those of the three most followed members.
 */
async function planConversations(client: pg.ClientBase, orm: Database) {
  const seen = new Set<number>();
  const rows = [];
  // one query at a time: a single client (the home page's loader runs them together on the pool)
  for (const list of ['popular', 'airing', 'top-rated', 'upcoming'] as const) rows.push(...(await listRanked(orm, list, 1, 5)).items);
  // the lists' totals were memoised from the seed's uncommitted catalogue: the server must count afresh
  forgetListTotals();
  const dramas = rows
    .filter((d) => !seen.has(d.id) && seen.add(d.id))
    .map((d) => ({ id: d.id, title: d.title, episodes: d.episodes }));
  const members = await client.query<{ id: number; username: string; full_name: string; joined: Date }>(
    'SELECT id, username, full_name, created_at AS joined FROM users ORDER BY id LIMIT 3000',
  );
  const popular = await client.query<{ id: number }>(
    `SELECT id FROM users WHERE id > ${DEMO_ACCOUNTS.length} ORDER BY followers_count DESC, id LIMIT 3`,
  );
  const demoMember = DEMO_ACCOUNTS.find((a) => a.email === 'demo@dramalist.local')!.id;
  return {
    dramas,
    profiles: [demoMember, ...popular.rows.map((r) => r.id)],
    members: members.rows.map((m): ConversationMember => ({
      id: m.id, username: m.username, firstName: m.full_name.split(' ')[0], joinedDay: Math.floor(m.joined.getTime() / 86_400_000),
    })),
  };
}

/** Whom each of `members` follows (among them), for the feed. */
async function readFollows(client: pg.ClientBase, members: readonly ConversationMember[]): Promise<Map<number, Set<number>>> {
  const ids = members.map((m) => m.id);
  const { rows } = await client.query<{ follower_id: number; followee_id: number }>(
    'SELECT follower_id, followee_id FROM follows WHERE follower_id = ANY($1) AND followee_id = ANY($1) ORDER BY 1, 2',
    [ids],
  );
  const follows = new Map<number, Set<number>>();
  for (const r of rows) {
    let set = follows.get(r.follower_id);
    if (!set) follows.set(r.follower_id, (set = new Set()));
    set.add(r.followee_id);
  }
  return follows;
}

/** Sequences after explicit ids, follower counters, and planner statistics for the stats queries. */
async function finishTables(client: pg.ClientBase): Promise<void> {
  for (const table of TABLES_WITH_IDENTITY) {
    await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 0) + 1, false) FROM ${table}`);
  }
  await client.query(`
    WITH fo AS (SELECT followee_id AS id, count(*)::int AS n FROM follows GROUP BY 1),
         fi AS (SELECT follower_id AS id, count(*)::int AS n FROM follows GROUP BY 1)
    UPDATE users u SET followers_count = coalesce(fo.n, 0), following_count = coalesce(fi.n, 0),
      -- views to go with the followers (a popular profile is seen more), counters only: no per-viewer rows
      profile_views = coalesce(fo.n, 0) * 4 + (u0.id * 7919) % 60
    FROM users u0 LEFT JOIN fo ON fo.id = u0.id LEFT JOIN fi ON fi.id = u0.id
    WHERE u.id = u0.id`);
  // ANALYZE sees this transaction's rows: without it the planner would take the tables for empty
  await client.query('ANALYZE dramas, people, credits, list_entries, person_hearts');
}

/** "1,500 dramas, 4,000 people, … in 12.3 s" */
export function formatSeedSummary(s: SeedSummary): string {
  const f = (value: number, label: string) => `${value.toLocaleString('en')} ${label}`;
  return [
    f(s.dramas, 'dramas'), f(s.people, 'people'), f(s.credits, 'credits'), f(s.episodes, 'episodes'), f(s.photos, 'photos'),
    f(s.members, 'members'), f(s.listEntries, 'list entries'), f(s.activities, 'activities'), f(s.hearts, 'hearts'),
    f(s.follows, 'follows'), f(s.comments, 'comments'), f(s.reactions, 'reactions'),
    f(s.posts, 'posts'), f(s.postLikes, 'post likes'), f(s.reposts, 'reposts'), f(s.artFiles, 'art files'),
  ].join(', ') + ` in ${s.seconds.toFixed(1)} s (seed ${s.seed}, day ${s.today})`;
}

/**
 * `npm start` with the demo on (env().seedDemo: the embedded default, or SEED_DEMO=1; never in
 * production): seeds the default demo into an empty database; answers the summary, or null.
 */
export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<string | null> {
  if (await databaseHoldsData(db)) return null;
  try {
    return formatSeedSummary(await seedDatabase(db, { ...options, replace: false }));
  } catch (error) {
    // another instance seeded it while this one waited for the lock
    if (error instanceof DatabaseNotEmptyError) return null;
    throw error;
  }
}
