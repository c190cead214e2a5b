// The derived-figures job (jobs/catalogue-stats-job.ts): members' list changes reach the dramas'
// rating, votes, watchers, popularity and rank when it runs; one run per interval across instances.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEntries, personHearts } from '../../src/lib/server/db/schema/index.ts';
import { runCatalogueStatsJob, scheduleCatalogueStats, STATS_JOB } from '../../src/lib/server/jobs/catalogue-stats-job.ts';
import { INSTANCE_ID } from '../../src/lib/server/services/catalogue/catalogue-events.ts';
import type { Transaction } from '../../src/lib/server/db/transactions.ts';
import { recomputeCatalogueStats } from '../../src/lib/server/services/catalogue/catalogue-stats.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { addToList, createDrama, createMembers, createPerson } from '../helpers/factories.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let ids: number[] = [];
let members: number[] = [];

const getDrama = async (id: number) => (await (await server.request(`/api/v1/dramas/${id}`)).json()) as Record<string, unknown>;
const release = () => database.pool.query(`UPDATE job_runs SET locked_until = NULL WHERE name = $1`, [STATS_JOB]);

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiServer();
  ids = [];
  for (const title of ['Quiet Harbour', 'Loud Market', 'Empty Room']) ids.push((await createDrama({ title, status: 'completed', country: 'Japan', year: 2021 })).id);
  members = (await createMembers(120)).map((m) => m.id);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

// The tests below run in order (vitest runs a file's tests one after another) on shared data: the
// second and third start from what the first one scored and the job computed.
describe('derived figures job', () => {
  it('turns members’ lists into rating, votes, watchers, popularity and rank', async () => {
    const [harbour, market, empty] = ids as [number, number, number];
    // 120 members score Quiet Harbour (8 or 9: mean 8.5); 3 members list Loud Market, one scores it 6
    await Promise.all([
      ...members.map((member, i) => addToList({ member, drama: harbour, status: 'completed', score: i % 2 ? 9 : 8 })),
      ...members.slice(0, 3).map((member, i) => addToList({ member, drama: market, status: 'watching', score: i === 0 ? 6 : null })),
    ]);
    const run = await runCatalogueStatsJob(database.db, 60);
    expect(run?.dramas).toBe(3); // every figure of the three dramas changed (popularity included)

    const h = await getDrama(harbour);
    expect(h).toMatchObject({ votes: 120, watchers: 120, popularity: 1, ranked: 1 });
    expect(h.rating).toBeCloseTo(8.5, 5);
    expect(await getDrama(market)).toMatchObject({ rating: 6, votes: 1, watchers: 3, popularity: 2, ranked: null });
    expect(await getDrama(empty)).toMatchObject({ rating: 0, votes: 0, watchers: 0, popularity: 3, ranked: null });
  });

  it('runs once per interval however many instances try, and records what it did', async () => {
    await release();
    const attempts = await Promise.all(Array.from({ length: 5 }, () => runCatalogueStatsJob(database.db, 60)));
    expect(attempts.filter(Boolean)).toHaveLength(1);
    expect(attempts.find(Boolean)).toMatchObject({ dramas: 0, people: 0 }); // nothing changed since
    expect(await runCatalogueStatsJob(database.db, 60)).toBeUndefined(); // within the interval
    const { rows } = await database.pool.query(`SELECT last_result FROM job_runs WHERE name = $1`, [STATS_JOB]);
    expect(rows[0].last_result).toMatch(/^0 dramas and 0 people changed in \d+ ms$/);
  });

  it('shows a changed figure at once in this instance’s answers', async () => {
    const [harbour] = ids as [number];
    expect((await getDrama(harbour)).watchers).toBe(120); // now cached
    await database.db.delete(listEntries).where(sql`drama_id = ${harbour} AND user_id = ${members[0]!}`);
    await release();
    await runCatalogueStatsJob(database.db, 60);
    expect(await getDrama(harbour)).toMatchObject({ watchers: 119, votes: 119 });
  });

  it('ranks people by the hearts counter each heart keeps, and never rewrites that counter', async () => {
    // A heart's transaction moves people.hearts itself (services/hearts.ts). Here the counter runs
    // ahead of the rows, as when a heart commits after the job read its snapshot: the job must
    // not put the older count back.
    const { id: ahead } = await createPerson({ name: 'Counter Ahead', hearts: 3 });
    const { id: behind } = await createPerson({ name: 'Counter Behind', hearts: 0 });
    await database.db.insert(personHearts).values({ userId: members[0]!, personId: behind });
    await release();
    await runCatalogueStatsJob(database.db, 60);
    const { rows } = await database.pool.query(`SELECT id, hearts, popularity FROM people WHERE id = ANY($1) ORDER BY popularity`, [[ahead, behind]]);
    expect(rows).toEqual([
      { id: ahead, hearts: 3, popularity: 1 },
      { id: behind, hearts: 0, popularity: 2 },
    ]);
  });

  it('records which instance ran it, and makes the next run due one interval after this one started', async () => {
    await release();
    expect(await runCatalogueStatsJob(database.db, 60, { instance: 'host-a:101' })).toBeDefined();
    const { rows } = await database.pool.query(
      `SELECT last_run_by, locked_until - last_started_at = interval '60 seconds' AS due_after_start, last_started_at <= now() AS started
       FROM job_runs WHERE name = $1`,
      [STATS_JOB],
    );
    expect(rows[0]).toEqual({ last_run_by: 'host-a:101', due_after_start: true, started: true });
    // this process names itself host:pid by default
    await release();
    await runCatalogueStatsJob(database.db, 60);
    expect((await database.pool.query(`SELECT last_run_by FROM job_runs WHERE name = $1`, [STATS_JOB])).rows[0].last_run_by).toBe(INSTANCE_ID);
  });

  it('runs again at once after a run that took longer than the interval', async () => {
    // A run that lasts past its interval (1 s here): the next one is due when it finishes, not one
    // interval after that (which made runs 1.3-1.7 intervals apart with three instances).
    const outlast = async (tx: Transaction) => {
      await expect
        .poll(
          async () => {
            const { rows } = await tx.execute<{ due: boolean }>(
              sql`SELECT clock_timestamp() >= last_started_at + interval '1 second' AS due FROM job_runs WHERE name = ${STATS_JOB}`,
            );
            return rows[0]?.due;
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(true);
      return recomputeCatalogueStats(tx);
    };
    await release();
    expect(await runCatalogueStatsJob(database.db, 1, { instance: 'host-a:101', recompute: outlast })).toBeDefined();
    expect(await runCatalogueStatsJob(database.db, 1, { instance: 'host-b:202' })).toBeDefined();
    expect((await database.pool.query(`SELECT last_run_by FROM job_runs WHERE name = $1`, [STATS_JOB])).rows[0].last_run_by).toBe('host-b:202');
    // and the run after that is not due before its interval is up
    expect(await runCatalogueStatsJob(database.db, 60, { instance: 'host-c:303' })).toBeUndefined();
  });

  it('lets a graceful stop wait for a run under way, so the database is not closed beneath it', async () => {
    await release();
    let finish!: () => void;
    let started!: () => void;
    const runStarted = new Promise<void>((resolve) => (started = resolve));
    const stop = scheduleCatalogueStats(database.db, 3600, {
      instance: 'stopping-instance',
      recompute: async () => {
        started();
        await new Promise<void>((resolve) => (finish = resolve));
        return { dramas: 0, people: 0 };
      },
    });
    await runStarted;
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false); // the run is still under way
    finish();
    await stopping;
    const [row] = (await database.pool.query(`SELECT last_run_by, last_result FROM job_runs WHERE name = $1`, [STATS_JOB])).rows;
    expect(row.last_run_by).toBe('stopping-instance');
    expect(row.last_result).toMatch(/^0 dramas and 0 people changed in \d+ ms$/);
  });
});

