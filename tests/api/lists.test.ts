// Watch lists over HTTP (contract "Watch lists and activity", spec 2 §3–§5, §9, docs/decisions/020):
// entries and their rules, history and rewatches, the four lists, stats, recent activity, privacy,
// concurrency and the per-member write limit. Favourites: lists-favourites.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client.ts';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { catalogueChanged } from '../../src/lib/server/services/catalogue/catalogue-events.ts';
import { recomputeDramaFigures } from '../../src/lib/server/services/catalogue/catalogue-stats.ts';
import { saveEntry } from '../../src/lib/server/services/lists/list-entries.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { addToList, createDrama, createMember, tokenFor, type Member } from '../helpers/factories.ts';
import { api, expectProblem } from '../helpers/http.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let client: ReturnType<typeof api>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiServer();
  client = api(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.pool.query(text, values)).rows as T[];
}

/** A member and their token. */
async function someone(): Promise<{ member: Member; token: string }> {
  const member = await createMember();
  return { member, token: await tokenFor(member) };
}

const save = (dramaId: number | string, body: unknown, token?: string) => client.post(`/lists/drama/${dramaId}/status`, body, { token });
const status = (dramaId: number | string, token?: string) => client.get(`/lists/drama/${dramaId}/status`, { token });
const remove = (dramaId: number | string, token?: string) => client.delete(`/lists/drama/${dramaId}/status`, { token });
const rewatch = (dramaId: number | string, token?: string) => client.post(`/lists/drama/${dramaId}/rewatch`, undefined, { token });

/** the member's row for the drama and its activity items, as stored */
async function stored(userId: number, dramaId: number) {
  const [entry] = await sql(
    `SELECT status, score, progress, notes, rewatch_count, started_at::text, finished_at::text, updated_at
     FROM list_entries WHERE user_id = $1 AND drama_id = $2`,
    [userId, dramaId],
  );
  const activities = await sql(
    `SELECT kind, new_status, score, progress, previous_status, previous_score, previous_progress, cycle
     FROM activities WHERE user_id = $1 AND drama_id = $2 ORDER BY id`,
    [userId, dramaId],
  );
  return { entry, activities };
}

const today = () => new Date().toISOString().slice(0, 10);
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

describe('who may call', () => {
  it('every member call refuses a visitor (401) and a bad token, and changes nothing', async () => {
    const drama = await createDrama({ episodes: 16 });
    const calls = [
      () => client.get('/lists/me'),
      () => client.get('/lists/me/stats'),
      () => client.get('/lists/me/recent'),
      () => status(drama.id),
      () => save(drama.id, { status: 'watching' }),
      () => remove(drama.id),
      () => rewatch(drama.id),
      () => client.get('/lists/favorites/dramas'),
      () => client.get('/lists/favorites/cast'),
      () => client.post(`/lists/favorites/dramas/${drama.id}`),
      () => client.delete(`/lists/favorites/dramas/${drama.id}`),
      () => client.post('/lists/favorites/cast/1'),
      () => client.delete('/lists/favorites/cast/1'),
    ];
    for (const call of calls) expectProblem(await call(), 401, 'Not authenticated');
    expectProblem(await save(drama.id, { status: 'watching' }, 'not-a-token'), 401);
    expect(await sql('SELECT 1 FROM list_entries WHERE drama_id = $1', [drama.id])).toEqual([]);
    expect(await sql('SELECT 1 FROM activities WHERE drama_id = $1', [drama.id])).toEqual([]);
  });

  it("a member's writes touch only their own entry: another member cannot change or remove it", async () => {
    const drama = await createDrama({ episodes: 10 });
    const owner = await someone();
    const other = await someone();
    expect((await save(drama.id, { status: 'watching', score: 8, progress: 3, notes: 'mine' }, owner.token)).status).toBe(200);
    // the same calls by someone else act on their own (absent) entry
    expect((await save(drama.id, { status: 'dropped', score: 1 }, other.token)).status).toBe(200);
    expect((await remove(drama.id, other.token)).status).toBe(204);
    expectProblem(await rewatch(drama.id, other.token), 404, 'This drama is not on your list');
    expectProblem(await status(drama.id, other.token), 404, 'This drama is not on your list');
    const { entry, activities } = await stored(owner.member.id, drama.id);
    expect(entry).toMatchObject({ status: 'watching', score: 8, progress: 3, notes: 'mine' });
    expect(activities).toHaveLength(1);
  });
});

describe('an entry', () => {
  it('is created, read, updated and removed; each real change of status, score or progress writes one activity item', async () => {
    const drama = await createDrama({ title: 'Moving', episodes: 20, year: 2023, photos: ['/media/moving-1.jpg', '/media/moving-2.jpg'] });
    const { member, token } = await someone();

    const created = await save(drama.id, { status: 'plan_to_watch' }, token);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      drama_id: drama.id,
      drama: { id: drama.id, title: 'Moving', episodes: 20, year: 2023, type: 'drama', country: 'South Korea', photos: ['/media/moving-1.jpg'] },
      status: 'plan_to_watch',
      score: null,
      progress: null,
      notes: null,
      rewatch_count: 0,
      started_at: null,
      finished_at: null,
      category: 'plan_to_watch',
      cycles: [{ cycle: 1, started_at: null, finished_at: null }],
    });
    expect(created.body.created_at).toMatch(ISO_WITH_ZONE);
    expect(created.body.history).toEqual([
      expect.objectContaining({ kind: 'added', cycle: 1, status: 'plan_to_watch', previous_status: null, timestamp: expect.stringMatching(ISO_WITH_ZONE) }),
    ]);
    expect((await status(drama.id, token)).body).toEqual(created.body);

    // status, score and progress together: one item with the values before and after
    const watching = await save(drama.id, { status: 'watching', score: 7, progress: 4, notes: 'Slow start' }, token);
    expect(watching.body).toMatchObject({ status: 'watching', score: 7, progress: 4, notes: 'Slow start', started_at: today() });
    expect(watching.body.history[0]).toMatchObject({
      kind: 'updated', status: 'watching', score: 7, progress: 4, previous_status: 'plan_to_watch', previous_score: null, previous_progress: null,
    });

    // an identical save and a notes-only change write no activity item
    const updatedAt = watching.body.updated_at;
    const same = await save(drama.id, { status: 'watching', score: 7, progress: 4, notes: 'Slow start' }, token);
    expect(same.body.updated_at).toBe(updatedAt);
    const notes = await save(drama.id, { status: 'watching', notes: 'Slow start, stick with it' }, token);
    expect(notes.body).toMatchObject({ score: 7, progress: 4, notes: 'Slow start, stick with it' }); // left-out fields kept
    expect((await stored(member.id, drama.id)).activities).toHaveLength(2);

    // null clears; blank notes are no notes
    const cleared = await save(drama.id, { status: 'watching', score: null, notes: '   ' }, token);
    expect(cleared.body).toMatchObject({ score: null, progress: 4, notes: null });
    expect((await stored(member.id, drama.id)).activities).toHaveLength(3);

    expect(await remove(drama.id, token)).toMatchObject({ status: 204, body: undefined });
    expectProblem(await status(drama.id, token), 404, 'This drama is not on your list');
    expect(await stored(member.id, drama.id)).toEqual({ entry: undefined, activities: [] });
    // removing again is no error
    expect((await remove(drama.id, token)).status).toBe(204);
  });

  it('sets started_at on the first watching and finished_at on completed; both editable, validated', async () => {
    const drama = await createDrama({ episodes: 12 });
    const { member, token } = await someone();
    expect((await save(drama.id, { status: 'watching', progress: 1 }, token)).body).toMatchObject({ started_at: today(), finished_at: null });
    const done = await save(drama.id, { status: 'completed', progress: 12 }, token);
    expect(done.body).toMatchObject({ started_at: today(), finished_at: today() });

    const edited = await save(drama.id, { status: 'completed', started_at: '2025-03-01', finished_at: '2025-04-15' }, token);
    expect(edited.body).toMatchObject({ started_at: '2025-03-01', finished_at: '2025-04-15' });
    // editing dates writes no activity item
    expect((await stored(member.id, drama.id)).activities).toHaveLength(2);

    const before = await stored(member.id, drama.id);
    expectProblem(await save(drama.id, { status: 'completed', finished_at: '2025-02-01' }, token), 400, 'The finish date cannot be before the start date', 'finished_at');
    expectProblem(await save(drama.id, { status: 'completed', started_at: '2025-02-30' }, token), 400, 'Dates must be real days written YYYY-MM-DD', 'started_at');
    expectProblem(await save(drama.id, { status: 'completed', started_at: '2025/03/01' }, token), 400, undefined, 'started_at');
    expectProblem(await save(drama.id, { status: 'completed', finished_at: '2999-01-01' }, token), 400, 'A date cannot be in the future', 'finished_at');
    expectProblem(await save(drama.id, { status: 'completed', finished_at: 20250101 }, token), 400, undefined, 'finished_at');
    expect(await stored(member.id, drama.id)).toEqual(before);

    // a date given by the member wins over the automatic one; null clears
    const other = await createDrama({ episodes: 8 });
    expect((await save(other.id, { status: 'watching', started_at: '2024-12-24' }, token)).body.started_at).toBe('2024-12-24');
    expect((await save(other.id, { status: 'watching', started_at: null }, token)).body.started_at).toBe(null);
  });

  it('refuses bad input with a detail and changes nothing', async () => {
    const drama = await createDrama({ episodes: 16 });
    const unknownEpisodes = await createDrama({ episodes: null, status: 'airing' });
    const { member, token } = await someone();
    await save(drama.id, { status: 'watching', score: 6, progress: 2, notes: 'kept' }, token);
    const before = await stored(member.id, drama.id);

    const cases: [unknown, string, string | RegExp][] = [
      [{ status: 'rewatching' }, 'status', /Status must be one of watching, completed, plan_to_watch, dropped/],
      [{}, 'status', /status/],
      [{ status: 7 }, 'status', /Status must be one of/],
      [{ status: 'watching', score: 0 }, 'score', /Score must be a whole number from 1 to 10/],
      [{ status: 'watching', score: 11 }, 'score', /Score must be a whole number from 1 to 10/],
      [{ status: 'watching', score: 7.5 }, 'score', /Score must be a whole number from 1 to 10/],
      [{ status: 'watching', score: '7' }, 'score', /Score must be a whole number from 1 to 10/],
      [{ status: 'watching', progress: -1 }, 'progress', /Episodes watched must be a whole number/],
      [{ status: 'watching', progress: 2.5 }, 'progress', /Episodes watched must be a whole number/],
      [{ status: 'watching', progress: 17 }, 'progress', "Episodes watched cannot be more than the drama's 16 episodes"],
      [{ status: 'watching', progress: 1e9 }, 'progress', /Episodes watched must be a whole number/],
      [{ status: 'watching', notes: 'x'.repeat(2001) }, 'notes', /Notes must be at most 2,000 characters/],
      [{ status: 'watching', notes: 42 }, 'notes', /Notes must be at most 2,000 characters/],
      [{ status: 'watching', notes: 'a\u0000b' }, 'notes', /NUL/],
      [{ status: 'watching\u0000' }, 'status', /./],
    ];
    for (const [body, field, detail] of cases) expectProblem(await save(drama.id, body, token), 400, detail, field);
    for (const body of [[], null, 7, [{ status: 'watching' }]]) expectProblem(await save(drama.id, body, token), 400);
    // not JSON at all
    expectProblem(await save(drama.id, 'status=watching', token), 415);
    expectProblem(await save(drama.id, '{"status": "watching"', token), 415);
    expectProblem(await client.post(`/lists/drama/${drama.id}/status`, '{"status": "watching"', { token, headers: { 'Content-Type': 'application/json' } }), 400);
    // a huge body is refused before it is read
    expect((await save(drama.id, { status: 'watching', notes: 'x'.repeat(2_000_000) }, token)).status).toBe(413);
    expect(await stored(member.id, drama.id)).toEqual(before);

    // exactly 2,000 characters are fine; progress is unbounded by the drama when its count is unknown
    expect((await save(drama.id, { status: 'watching', notes: 'y'.repeat(2000) }, token)).status).toBe(200);
    expect((await save(unknownEpisodes.id, { status: 'watching', progress: 120 }, token)).body.progress).toBe(120);
    expect((await save(drama.id, { status: 'completed', progress: 16 }, token)).body.progress).toBe(16);
  });

  it('answers 400 for an id that is not all digits, 404 for an unknown drama, on every entry call', async () => {
    const { token } = await someone();
    for (const id of ['abc', '1x', '-1', '1.5']) {
      expectProblem(await status(id, token), 400, 'Invalid drama ID', 'id');
      expectProblem(await save(id, { status: 'watching' }, token), 400, 'Invalid drama ID', 'id');
      expectProblem(await remove(id, token), 400, 'Invalid drama ID', 'id');
      expectProblem(await rewatch(id, token), 400, 'Invalid drama ID', 'id');
    }
    for (const id of [987654, '99999999999999999999']) {
      expectProblem(await status(id, token), 404, 'Drama not found');
      expectProblem(await save(id, { status: 'watching' }, token), 404, 'Drama not found');
      expectProblem(await remove(id, token), 404, 'Drama not found');
      expectProblem(await rewatch(id, token), 404, 'Drama not found');
    }
    expect(await sql('SELECT 1 FROM list_entries WHERE drama_id = 987654')).toEqual([]);
  });
});

describe('a rewatch', () => {
  it('starts a new cycle of a completed drama and keeps the earlier dates and history', async () => {
    const drama = await createDrama({ episodes: 10 });
    const { member, token } = await someone();
    await save(drama.id, { status: 'watching', progress: 2, started_at: '2025-01-01' }, token);
    expectProblem(await rewatch(drama.id, token), 400, 'Only a completed drama can be rewatched', 'status');
    await save(drama.id, { status: 'completed', progress: 10, score: 9, finished_at: '2025-02-01' }, token);

    const again = await rewatch(drama.id, token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      status: 'watching', progress: 0, score: 9, rewatch_count: 1, started_at: today(), finished_at: null,
      cycles: [
        { cycle: 1, started_at: '2025-01-01', finished_at: '2025-02-01' },
        { cycle: 2, started_at: today(), finished_at: null },
      ],
    });
    expect(again.body.history.map((h: { kind: string; cycle: number }) => [h.kind, h.cycle])).toEqual([
      ['rewatch', 2], ['updated', 1], ['added', 1],
    ]);
    expect(again.body.history[0]).toMatchObject({ status: 'watching', progress: 0, previous_status: 'completed', previous_progress: 10 });

    // the second viewing completes, and a third starts: every cycle's dates stay
    const second = await save(drama.id, { status: 'completed', progress: 10 }, token);
    expect(second.body).toMatchObject({ finished_at: today(), rewatch_count: 1 });
    const third = await rewatch(drama.id, token);
    expect(third.body.rewatch_count).toBe(2);
    expect(third.body.cycles.map((c: { cycle: number; started_at: string }) => [c.cycle, c.started_at])).toEqual([
      [1, '2025-01-01'], [2, today()], [3, today()],
    ]);
    expect((await stored(member.id, drama.id)).activities.map((a) => a.cycle)).toEqual([1, 1, 2, 2, 3]);
  });

  it('ten rewatches at once start one new cycle', async () => {
    const drama = await createDrama({ episodes: 4 });
    const { member, token } = await someone();
    await save(drama.id, { status: 'completed', progress: 4 }, token);
    const answers = await Promise.all(Array.from({ length: 10 }, () => rewatch(drama.id, token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expectProblem(a, 400, 'Only a completed drama can be rewatched');
    const { entry, activities } = await stored(member.id, drama.id);
    expect(entry).toMatchObject({ rewatch_count: 1, status: 'watching' });
    expect(activities.filter((a) => a.kind === 'rewatch')).toHaveLength(1);
    expect(await sql('SELECT cycle FROM list_entry_cycles WHERE user_id = $1 AND drama_id = $2', [member.id, drama.id])).toEqual([{ cycle: 1 }]);
  });
});

describe('concurrent saves', () => {
  it('ten identical saves of a new entry leave one entry and one activity item', async () => {
    const drama = await createDrama({ episodes: 16 });
    const { member, token } = await someone();
    const body = { status: 'watching', score: 8, progress: 5, notes: 'at once' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => save(drama.id, body, token)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const a of answers) expect(a.body).toMatchObject(body);
    const { entry, activities } = await stored(member.id, drama.id);
    expect(entry).toMatchObject(body);
    expect(activities).toEqual([expect.objectContaining({ kind: 'added', new_status: 'watching', score: 8, progress: 5 })]);
    expect(await sql('SELECT count(*)::int AS n FROM list_entries WHERE user_id = $1', [member.id])).toEqual([{ n: 1 }]);
  });

  it('ten identical updates write one activity item; ten different ones write one each, with exact before-values', async () => {
    const drama = await createDrama({ episodes: 40 });
    const { member, token } = await someone();
    await save(drama.id, { status: 'watching', progress: 0 }, token);
    await Promise.all(Array.from({ length: 10 }, () => save(drama.id, { status: 'watching', progress: 10 }, token)));
    expect((await stored(member.id, drama.id)).activities).toHaveLength(2);

    await Promise.all(Array.from({ length: 10 }, (_, i) => save(drama.id, { status: 'watching', progress: 20 + i }, token)));
    const { activities } = await stored(member.id, drama.id);
    expect(activities).toHaveLength(12);
    // the changes form one chain: each item's previous progress is the one before it
    for (let i = 2; i < activities.length; i++) expect(activities[i]!.previous_progress).toBe(activities[i - 1]!.progress);
  });
});

describe('the four lists', () => {
  it('GET /lists/me, /users/{id}/lists and /lists/{id} answer the same entries, all four lists always', async () => {
    const { member, token } = await someone();
    const empty = await client.get('/lists/me', { token });
    expect(empty.body.map((l: { list_type: string; drama_count: number; id: number }) => [l.list_type, l.drama_count, l.id])).toEqual([
      ['watching', 0, member.id * 4], ['completed', 0, member.id * 4 + 1], ['plan_to_watch', 0, member.id * 4 + 2], ['dropped', 0, member.id * 4 + 3],
    ]);
    expect(empty.body.map((l: { name: string }) => l.name)).toEqual(['Currently Watching', 'Completed', 'Plan to Watch', 'Dropped']);

    const dramas = await Promise.all([1, 2, 3, 4].map((n) => createDrama({ title: `List drama ${n}`, episodes: 10 })));
    await save(dramas[0]!.id, { status: 'watching', progress: 3 }, token);
    await save(dramas[1]!.id, { status: 'completed', score: 9 }, token);
    await save(dramas[2]!.id, { status: 'completed', score: 7 }, token);
    await save(dramas[3]!.id, { status: 'dropped' }, token);

    const mine = await client.get('/lists/me', { token });
    expect(mine.body.map((l: { drama_count: number }) => l.drama_count)).toEqual([1, 2, 0, 1]);
    // most recently changed first
    expect(mine.body[1].dramas.map((e: { drama_id: number }) => e.drama_id)).toEqual([dramas[2]!.id, dramas[1]!.id]);
    expect(mine.body[1].dramas[0]).toMatchObject({ status: 'completed', category: 'completed', score: 7, drama: { title: 'List drama 3' } });
    expect(mine.body[1].dramas[0]).not.toHaveProperty('history');

    const theirs = await client.get(`/users/${member.id}/lists`);
    expect(theirs).toMatchObject({ status: 200, body: mine.body });
    const one = await client.get(`/lists/${member.id * 4 + 1}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ ...mine.body[1], owner: { id: member.id, username: member.username } });

    expectProblem(await client.get('/lists/abc'), 400, 'Invalid list ID', 'id');
    expectProblem(await client.get('/lists/99999996'), 404, 'List not found');
    expectProblem(await client.get('/lists/999999999999999999999'), 404, 'List not found');
    expectProblem(await client.get('/users/abc/lists'), 400, 'Invalid user ID', 'id');
    expectProblem(await client.get('/users/987654/lists'), 404, 'User not found');
  });

  it('answer a member with 300 entries in one request', async () => {
    const { member, token } = await someone();
    const dramas = await Promise.all(Array.from({ length: 300 }, (_, i) => createDrama({ episodes: 12, title: `Bulk ${i}` })));
    const statuses = ['watching', 'completed', 'plan_to_watch', 'dropped'] as const;
    await Promise.all(
      dramas.map((d, i) =>
        addToList({ member, drama: d, status: statuses[i % 4], score: (i % 10) + 1, progress: 1, notes: `note ${i}`, startedAt: '2025-06-01', rewatchCount: i % 2 }),
      ),
    );
    const res = await client.get('/lists/me', { token });
    expect(res.body.map((l: { drama_count: number }) => l.drama_count)).toEqual([75, 75, 75, 75]);
    const entry = res.body[0].dramas.find((e: { drama_id: number }) => e.drama_id === dramas[4]!.id);
    expect(entry).toMatchObject({ status: 'watching', score: 5, progress: 1, notes: 'note 4', started_at: '2025-06-01', rewatch_count: 0 });
  });
});

describe('a long list read again', () => {
  // GET /lists/me and /users/{id}/lists keep their encoded answer by the lists' version
  // (api/lists/list-answers.ts): a read after any write, by any path, shows it.
  it('carries an ETag, answers 304 to a current If-None-Match, and a new tag after each write', async () => {
    const { member, token } = await someone();
    const [a, b] = await Promise.all([createDrama({ episodes: 8 }), createDrama({ episodes: 8 })]);
    await save(a!.id, { status: 'watching', progress: 1 }, token);
    const first = await client.get('/lists/me', { token });
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/"lists-\d+-\d+-\d+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await client.get('/lists/me', { token, headers: { 'If-None-Match': tag! } });
    expect(again.status).toBe(304);
    expect(await client.get(`/users/${member.id}/lists`, { headers: { 'If-None-Match': tag! } })).toMatchObject({ status: 304 });

    for (const write of [
      () => save(a!.id, { status: 'watching', progress: 2 }, token),
      () => save(b!.id, { status: 'plan_to_watch' }, token),
      () => save(a!.id, { status: 'completed' }, token),
      () => rewatch(a!.id, token),
      () => remove(b!.id, token),
    ]) {
      const before = (await client.get('/lists/me', { token })).headers.get('etag');
      expect((await write()).status).toBeLessThan(300);
      const after = await client.get('/lists/me', { token, headers: { 'If-None-Match': before! } });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(before);
    }
    const last = await client.get('/lists/me', { token });
    expect(last.body.map((l: { drama_count: number }) => l.drama_count)).toEqual([1, 0, 0, 0]);
    expect(last.body[0].dramas[0]).toMatchObject({ drama_id: a!.id, status: 'watching', progress: 0, rewatch_count: 1 });
  });

  it('shows a change made by another instance (the service, not this process’s handlers) and a catalogue change', async () => {
    const { member, token } = await someone();
    const drama = await createDrama({ episodes: 12, title: 'Before the rename' });
    await save(drama.id, { status: 'watching', progress: 1 }, token);
    expect((await client.get(`/users/${member.id}/lists`)).body[0].dramas[0]).toMatchObject({ progress: 1 });
    // another instance's write reaches this one only through the database
    await saveEntry(await getDb(), member.id, drama.id, { status: 'watching', progress: 5 });
    expect((await client.get(`/users/${member.id}/lists`)).body[0].dramas[0]).toMatchObject({ progress: 5 });
    // an edit of the drama is a catalogue change: every instance forgets the answers that carry it
    await sql('UPDATE dramas SET title = $1 WHERE id = $2', ['After the rename', drama.id]);
    catalogueChanged();
    await expect.poll(async () => (await client.get('/lists/me', { token })).body[0].dramas[0].drama.title).toBe('After the rename');
  });

  it('checks privacy on every read, whatever was read before', async () => {
    const { member, token } = await someone();
    const drama = await createDrama({ episodes: 12 });
    await save(drama.id, { status: 'completed' }, token);
    const open = await client.get(`/users/${member.id}/lists`);
    expect(open.status).toBe(200);
    expect((await client.put('/users/me', { lists_private: true }, { token })).status).toBe(200);
    expectProblem(await client.get(`/users/${member.id}/lists`), 403, "This member's lists are private");
    expectProblem(await client.get(`/users/${member.id}/lists`, { headers: { 'If-None-Match': open.headers.get('etag')! } }), 403);
    expect((await client.get('/lists/me', { token })).body[1].drama_count).toBe(1);
  });

  it('ten saves at once while the list is read: the next read holds all ten', async () => {
    const { token } = await someone();
    const dramas = await Promise.all(Array.from({ length: 10 }, () => createDrama({ episodes: 10 })));
    await Promise.all([
      ...dramas.map((d) => save(d.id, { status: 'plan_to_watch' }, token)),
      ...dramas.map(() => client.get('/lists/me', { token })),
    ]);
    const read = await client.get('/lists/me', { token });
    expect(read.body[2].dramas.map((e: { drama_id: number }) => e.drama_id).sort()).toEqual(dramas.map((d) => d.id).sort());
  });

  it("answers from the kept answer even when asked no-cache: it is checked against the lists' version on every read (issue 19)", async () => {
    // Anyone's no-cache recomputed a public member's lists (1 MB for 2,000 entries) every time. The
    // kept answer is as fresh as the database (its version is read on each request, a catalogue
    // change forgets it), so no-cache has nothing to add; it recomputes only with NO_CACHE_INTERVAL_MS=0.
    const { member, token } = await someone();
    const drama = await createDrama({ episodes: 10, title: `Kept title ${Date.now()}` });
    await save(drama.id, { status: 'dropped' }, token);
    const kept = await client.get('/lists/me', { token });
    // changed behind the lists' back (no catalogue change announced): only a recomputation would show it
    await database.pool.query('UPDATE dramas SET title = $1 WHERE id = $2', [`Renamed ${drama.title}`, drama.id]);
    for (const path of ['/lists/me', `/users/${member.id}/lists`]) {
      const again = await client.get(path, { token: path === '/lists/me' ? token : undefined, headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } });
      expect(again.body, path).toEqual(kept.body);
      expect(again.headers.get('etag'), path).toBe(kept.headers.get('etag'));
    }
    process.env.NO_CACHE_INTERVAL_MS = '0';
    reloadEnv();
    try {
      const fresh = await client.get('/lists/me', { token, headers: { 'Cache-Control': 'no-cache' } });
      expect(JSON.stringify(fresh.body)).toContain(`Renamed ${drama.title}`);
    } finally {
      delete process.env.NO_CACHE_INTERVAL_MS;
      reloadEnv();
    }
  });
});

describe('stats', () => {
  it('count each list, episodes watched (completed entries count the drama) and the mean score to one decimal', async () => {
    const { member, token } = await someone();
    const zero = await client.get('/lists/me/stats', { token });
    expect(zero.body).toEqual({ watching: 0, completed: 0, plan_to_watch: 0, dropped: 0, total: 0, episodes_watched: 0, mean_score: 0 });

    const d16 = await createDrama({ episodes: 16 });
    const d12 = await createDrama({ episodes: 12 });
    const dUnknown = await createDrama({ episodes: null });
    const d20 = await createDrama({ episodes: 20 });
    const d8 = await createDrama({ episodes: 8 });
    await save(d16.id, { status: 'completed', progress: 3, score: 9 }, token); // counts 16, not 3
    await save(d12.id, { status: 'watching', progress: 5, score: 8 }, token); // 5
    await save(dUnknown.id, { status: 'completed', progress: 7 }, token); // unknown count: its progress, 7
    await save(d20.id, { status: 'dropped', progress: 4, score: 4 }, token); // 4
    await save(d8.id, { status: 'plan_to_watch' }, token); // 0
    const stats = await client.get('/lists/me/stats', { token });
    // mean of 9, 8, 4 = 7.0
    expect(stats.body).toEqual({ watching: 1, completed: 2, plan_to_watch: 1, dropped: 1, total: 5, episodes_watched: 32, mean_score: 7 });

    await save(d8.id, { status: 'plan_to_watch', score: 6 }, token); // 9, 8, 4, 6 → 6.75 → 6.8
    expect((await client.get(`/users/${member.id}/stats`)).body).toMatchObject({ mean_score: 6.8, episodes_watched: 32, total: 5 });
    expectProblem(await client.get('/users/987654/stats'), 404, 'User not found');
    expectProblem(await client.get('/users/x/stats'), 400, 'Invalid user ID', 'id');
  });
});

describe('recent activity', () => {
  it('pages activity items newest first with ISO timestamps and the drama', async () => {
    const { member, token } = await someone();
    const drama = await createDrama({ title: 'Activity drama', episodes: 24, posterImage: '/media/poster.jpg' });
    await save(drama.id, { status: 'plan_to_watch' }, token);
    for (let p = 1; p <= 24; p++) await save(drama.id, { status: 'watching', progress: p }, token);
    await save(drama.id, { status: 'completed', score: 10 }, token);
    // 26 items: added, 24 progress changes, completed

    const first = await client.get('/lists/me/recent?page=1&size=20', { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 26, page: 1, size: 20, pages: 2 });
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items[0]).toEqual({
      id: expect.any(Number),
      drama_id: drama.id,
      drama_title: 'Activity drama',
      drama_poster: '/media/poster.jpg',
      new_status: 'completed',
      score: 10,
      progress: 24,
      total_episodes: 24,
      timestamp: expect.stringMatching(ISO_WITH_ZONE),
      kind: 'updated',
      cycle: 1,
    });
    expect(first.body.items[1]).toMatchObject({ new_status: 'watching', progress: 24 });
    const second = await client.get(`/users/${member.id}/recent?page=2&size=20`);
    expect(second.body.items.map((i: { progress: number | null }) => i.progress)).toEqual([5, 4, 3, 2, 1, null]);
    expect(second.body.items.at(-1)).toMatchObject({ new_status: 'plan_to_watch', kind: 'added' });
    const times = [...first.body.items, ...second.body.items].map((i: { timestamp: string }) => Date.parse(i.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // the default page is 20 items; 3 on the profile
    expect((await client.get(`/users/${member.id}/recent`)).body.items).toHaveLength(20);
    expect((await client.get(`/users/${member.id}/recent?size=3`)).body).toMatchObject({ size: 3, pages: 9 });
    expectProblem(await client.get('/lists/me/recent?size=0', { token }), 400, undefined, 'size');
    expectProblem(await client.get('/lists/me/recent?page=abc', { token }), 400, undefined, 'page');
    expectProblem(await client.get('/users/987654/recent'), 404, 'User not found');
  });
});

describe('private lists', () => {
  it('answer 403 to everyone but the owner on every read of lists, stats, activity and list ids; favourites stay public', async () => {
    const owner = await someone();
    const other = await someone();
    const drama = await createDrama({ episodes: 3 });
    await save(drama.id, { status: 'completed', score: 8 }, owner.token);
    const id = owner.member.id;
    const reads = [`/users/${id}/lists`, `/users/${id}/stats`, `/users/${id}/recent`, `/lists/${id * 4}`, `/lists/${id * 4 + 1}`];
    for (const path of reads) expect((await client.get(path)).status, path).toBe(200);

    expectProblem(await client.put('/users/me', { lists_private: 'yes' }, { token: owner.token }), 400, undefined, 'lists_private');
    const set = await client.put('/users/me', { lists_private: true }, { token: owner.token });
    expect(set.status).toBe(200);
    expect(set.body.user.lists_private).toBe(true);
    expect((await client.get('/users/me', { token: owner.token })).body.lists_private).toBe(true);

    for (const path of reads) {
      expectProblem(await client.get(path), 403, "This member's lists are private");
      expectProblem(await client.get(path, { token: other.token }), 403, "This member's lists are private");
      expect((await client.get(path, { token: owner.token })).status, path).toBe(200);
    }
    for (const path of ['/lists/me', '/lists/me/stats', '/lists/me/recent', `/lists/drama/${drama.id}/status`]) {
      expect((await client.get(path, { token: owner.token })).status, path).toBe(200);
    }
    expect((await client.get(`/users/${id}/favorites/dramas`)).status).toBe(200);

    await client.put('/users/me', { lists_private: false }, { token: owner.token });
    for (const path of reads) expect((await client.get(path, { token: other.token })).status, path).toBe(200);
  });
});

describe('derived figures', () => {
  it("follow the members' lists when the stats job runs", async () => {
    const drama = await createDrama({ episodes: 6 });
    const [a, b, c] = await Promise.all([someone(), someone(), someone()]);
    await save(drama.id, { status: 'completed', score: 9 }, a.token);
    await save(drama.id, { status: 'watching', score: 6 }, b.token);
    await save(drama.id, { status: 'plan_to_watch' }, c.token);
    // the job announces a catalogue change after recomputing (jobs/catalogue-stats-job.ts), which
    // clears the public answers (a no-cache request no longer recomputes one just computed)
    await recomputeDramaFigures(await getDb());
    catalogueChanged();
    const res = await client.get(`/dramas/${drama.id}`);
    expect(res.body).toMatchObject({ watchers: 3, votes: 2, rating: 7.5 });
    await remove(drama.id, c.token);
    await recomputeDramaFigures(await getDb());
    catalogueChanged();
    expect((await client.get(`/dramas/${drama.id}`)).body.watchers).toBe(2);
  });
});

describe('the write limit', () => {
  it("refuses a member's 121st list write in a minute with 429 and Retry-After, and changes nothing", async () => {
    const drama = await createDrama({ episodes: 200 });
    const { member, token } = await someone();
    for (let p = 1; p <= 120; p++) expect((await save(drama.id, { status: 'watching', progress: p }, token)).status).toBe(200);
    const refused = await save(drama.id, { status: 'watching', progress: 150 }, token);
    expectProblem(refused, 429, /^Too many changes to your lists\. Please try again in 1 minute\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await stored(member.id, drama.id)).entry).toMatchObject({ progress: 120 });
    // reads are not limited, and other members are not affected
    expect((await status(drama.id, token)).status).toBe(200);
    const other = await someone();
    expect((await save(drama.id, { status: 'watching' }, other.token)).status).toBe(200);
  });
});
