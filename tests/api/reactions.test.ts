// Reactions over HTTP (contract "Comments and reactions"; spec 2 §3 Reaction; docs/decisions/035):
// one reaction per member and comment (201 new, 200 changed or unchanged), exact counters moved in
// the same transaction (a change of type moves one down and one up), taking back (its member 204,
// another member 403, unknown 404), the caller's reactions (filtered by comment_ids, else the 500
// most recent), blocks (403 either way), the rate limit, and concurrent reactions recounted from
// comment_reactions.
import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { createDrama, createMember, tokenFor } from '../helpers/factories.ts';
import { expectProblem } from '../helpers/http.ts';

const app = useApiFixture();
const { sql, someone } = app;

const react = (body: unknown, token?: string) => app.client.post('/reactions/', body, { token });
const unreact = (id: number | string, token?: string) => app.client.delete(`/reactions/${id}`, { token });
const mine = (query: string, token?: string) => app.client.get(`/reactions/user-reactions${query}`, { token });

/** a top-level comment of its own (by a new member, on a new drama), stored directly */
async function newComment(authorId?: number) {
  const author = authorId ?? (await createMember()).id;
  const drama = await createDrama({ title: `Drama ${Math.random()}` });
  const [row] = await sql<{ id: number }>(`INSERT INTO comments (user_id, drama_id, content) VALUES ($1, $2, 'React to me') RETURNING id`, [author, drama.id]);
  return row!.id;
}

/** the comment's counters, and the same counted from comment_reactions */
async function counts(commentId: number) {
  const [row] = await sql<{ like: number; love: number; laugh: number; real_like: number; real_love: number; real_laugh: number }>(
    `SELECT like_count AS like, love_count AS love, laugh_count AS laugh,
       (SELECT count(*)::int FROM comment_reactions r WHERE r.comment_id = c.id AND r.type = 'like') AS real_like,
       (SELECT count(*)::int FROM comment_reactions r WHERE r.comment_id = c.id AND r.type = 'love') AS real_love,
       (SELECT count(*)::int FROM comment_reactions r WHERE r.comment_id = c.id AND r.type = 'laugh') AS real_laugh
     FROM comments c WHERE c.id = $1`,
    [commentId],
  );
  expect({ like: row!.like, love: row!.love, laugh: row!.laugh }, 'the counters equal the recount').toEqual({ like: row!.real_like, love: row!.real_love, laugh: row!.real_laugh });
  return { like: row!.like, love: row!.love, laugh: row!.laugh };
}

describe('POST /reactions/', () => {
  it('201 a new reaction with the counts; 200 the same type again, unchanged; 200 a change of type (one down, one up)', async () => {
    const { member, token } = await someone();
    const comment = await newComment();
    const created = await react({ type: 'like', comment_id: comment }, token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), type: 'like', comment_id: comment, reactions: { like: 1, love: 0, laugh: 0 } });
    const again = await react({ type: 'like', comment_id: comment }, token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...created.body, reactions: { like: 1, love: 0, laugh: 0 } });
    const changed = await app.client.post('/reactions', { type: 'laugh', comment_id: comment }, { token });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ id: created.body.id, type: 'laugh', comment_id: comment, reactions: { like: 0, love: 0, laugh: 1 } });
    expect(await counts(comment)).toEqual({ like: 0, love: 0, laugh: 1 });
    expect(await sql('SELECT user_id, type FROM comment_reactions WHERE comment_id = $1', [comment])).toEqual([{ user_id: member.id, type: 'laugh' }]);
    // a page shows it, and the reactor's own
    const drama = (await sql<{ drama_id: number }>('SELECT drama_id FROM comments WHERE id = $1', [comment]))[0]!.drama_id;
    const page = await app.client.get(`/comments?type=dorama&id=${drama}`, { token });
    expect(page.body.comments[0]).toMatchObject({ reactions: { like: 0, love: 0, laugh: 1 }, my_reaction: { id: created.body.id, type: 'laugh' } });
  });

  it('a member may react to their own comment', async () => {
    const { member, token } = await someone();
    const comment = await newComment(member.id);
    expect((await react({ type: 'love', comment_id: comment }, token)).status).toBe(201);
  });

  it('refuses bad input with 400 and an unknown comment with 404; nothing stored', async () => {
    const { token } = await someone();
    const comment = await newComment();
    const cases: [unknown, string][] = [
      [{ type: 'angry', comment_id: comment }, 'type'],
      [{ type: 'LIKE', comment_id: comment }, 'type'],
      [{ comment_id: comment }, 'type'],
      [{ type: 'like' }, 'comment_id'],
      [{ type: 'like', comment_id: String(comment) }, 'comment_id'],
      [{ type: 'like', comment_id: 1.5 }, 'comment_id'],
    ];
    for (const [body, field] of cases) expectProblem(await react(body, (await someone()).token), 400, undefined, field);
    expectProblem(await react({ type: 'like', comment_id: 999_999_999 }, token), 404, 'Comment not found');
    expectProblem(await react({ type: 'like', comment_id: 99_999_999_999 }, token), 404, 'Comment not found');
    expectProblem(await react({ type: 'like', comment_id: comment }), 401);
    expect(await counts(comment)).toEqual({ like: 0, love: 0, laugh: 0 });
  });

  it('is refused across a block, either way (403), and stores nothing', async () => {
    const author = await someone();
    const blocker = await someone();
    const blocked = await someone();
    const byBlocker = await newComment(blocker.member.id);
    const byAuthor = await newComment(author.member.id);
    await sql('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2), ($3, $4)', [blocker.member.id, blocked.member.id, author.member.id, blocker.member.id]);
    expectProblem(await react({ type: 'like', comment_id: byBlocker }, blocked.token), 403);
    expectProblem(await react({ type: 'like', comment_id: byAuthor }, blocker.token), 403);
    expect(await counts(byBlocker)).toEqual({ like: 0, love: 0, laugh: 0 });
    expect(await counts(byAuthor)).toEqual({ like: 0, love: 0, laugh: 0 });
    // others may
    expect((await react({ type: 'like', comment_id: byAuthor }, blocked.token)).status).toBe(201);
  });
});

describe('DELETE /reactions/{id}', () => {
  it('its member takes it back (204, counter down); another member 403; unknown 404; bad id 400', async () => {
    const a = await someone();
    const b = await someone();
    const comment = await newComment();
    const created = (await react({ type: 'love', comment_id: comment }, a.token)).body;
    await react({ type: 'love', comment_id: comment }, b.token);
    expect(await counts(comment)).toEqual({ like: 0, love: 2, laugh: 0 });
    expectProblem(await unreact(created.id, b.token), 403);
    expectProblem(await unreact(created.id), 401);
    expectProblem(await unreact('abc', a.token), 400, 'Invalid reaction ID', 'id');
    expect(await counts(comment)).toEqual({ like: 0, love: 2, laugh: 0 });
    const res = await unreact(created.id, a.token);
    expect(res.status).toBe(204);
    expect(await counts(comment)).toEqual({ like: 0, love: 1, laugh: 0 });
    expectProblem(await unreact(created.id, a.token), 404, 'Reaction not found');
    expectProblem(await unreact(999_999_999, a.token), 404, 'Reaction not found');
  });
});

describe('GET /reactions/user-reactions', () => {
  it("answers the caller's reactions only, filtered by comment_ids", async () => {
    const a = await someone();
    const b = await someone();
    const comments = [await newComment(), await newComment(), await newComment()];
    const r0 = (await react({ type: 'like', comment_id: comments[0] }, a.token)).body;
    const r1 = (await react({ type: 'laugh', comment_id: comments[1] }, a.token)).body;
    await react({ type: 'love', comment_id: comments[2] }, b.token);
    const all = await mine('', a.token);
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('private, no-store');
    expect(all.body).toEqual([
      { id: r1.id, type: 'laugh', comment_id: comments[1] },
      { id: r0.id, type: 'like', comment_id: comments[0] },
    ]);
    expect((await mine(`?comment_ids=${comments[0]},${comments[2]}`, a.token)).body).toEqual([{ id: r0.id, type: 'like', comment_id: comments[0] }]);
    expect((await mine(`?comment_ids=${comments[2]}`, b.token)).body).toEqual([{ id: expect.any(Number), type: 'love', comment_id: comments[2] }]);
    expect((await mine('?comment_ids=', a.token)).body).toHaveLength(2);
    expectProblem(await mine(''), 401);
    for (const bad of ['?comment_ids=a', '?comment_ids=1,,2', '?comment_ids=1;2', `?comment_ids=${Array.from({ length: 101 }, (_, n) => n + 1).join(',')}`]) {
      expectProblem(await mine(bad, a.token), 400, /comment_ids/, 'comment_ids');
    }
  });

  it('without comment_ids answers at most the 500 most recent', async () => {
    const { member, token } = await someone();
    const author = await createMember();
    const drama = await createDrama({ title: `Drama ${Math.random()}` });
    await sql(
      `WITH made AS (INSERT INTO comments (user_id, drama_id, content) SELECT $1, $2, 'c' || n FROM generate_series(1, 501) AS n RETURNING id)
       INSERT INTO comment_reactions (user_id, comment_id, type, created_at) SELECT $3, id, 'like', now() - (id || ' seconds')::interval FROM made`,
      [author.id, drama.id, member.id],
    );
    const res = await mine('', token);
    expect(res.body).toHaveLength(500);
    const oldest = await sql<{ comment_id: number }>('SELECT comment_id FROM comment_reactions WHERE user_id = $1 ORDER BY created_at, id LIMIT 1', [member.id]);
    expect(res.body.some((r: { comment_id: number }) => r.comment_id === oldest[0]!.comment_id)).toBe(false);
  });
});

describe('concurrency', () => {
  it('20 members reacting to one comment at once: exact counts, one reaction each', async () => {
    const comment = await newComment();
    const members = await Promise.all(Array.from({ length: 20 }, () => createMember()));
    const tokens = await Promise.all(members.map((m) => tokenFor(m)));
    const types = ['like', 'love', 'laugh'] as const;
    const answers = await Promise.all(tokens.map((token, n) => react({ type: types[n % 3], comment_id: comment }, token)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(await counts(comment)).toEqual({ like: 7, love: 7, laugh: 6 });
    expect(await sql('SELECT count(DISTINCT user_id)::int AS members, count(*)::int AS rows FROM comment_reactions WHERE comment_id = $1', [comment])).toEqual([{ members: 20, rows: 20 }]);
  });

  it('one member switching types and taking back concurrently: one reaction or none, counts equal to the recount', async () => {
    const { member, token } = await someone();
    const comment = await newComment();
    const first = (await react({ type: 'like', comment_id: comment }, token)).body;
    const types = ['like', 'love', 'laugh'] as const;
    const calls = [
      ...Array.from({ length: 10 }, (_, n) => react({ type: types[n % 3], comment_id: comment }, token)),
      unreact(first.id, token),
      unreact(first.id, token),
    ];
    const answers = await Promise.all(calls);
    for (const answer of answers) expect([200, 201, 204, 404], JSON.stringify(answer.body)).toContain(answer.status);
    const rows = await sql<{ type: string }>('SELECT type FROM comment_reactions WHERE comment_id = $1 AND user_id = $2', [comment, member.id]);
    expect(rows.length).toBeLessThanOrEqual(1);
    // each counter equals the recount by type (a sum alone would hide a change that moved the wrong counter)
    const recount = { like: 0, love: 0, laugh: 0 };
    for (const row of rows) recount[row.type as keyof typeof recount]++;
    expect(await counts(comment)).toEqual(recount);
  });
});

describe('rate limits', () => {
  it('the 121st reaction write in 10 minutes is refused with 429 and Retry-After, and changes nothing', async () => {
    const { token } = await someone();
    const comment = await newComment();
    const types = ['like', 'love', 'laugh'] as const;
    for (let n = 0; n < 120; n++) {
      const res = await react({ type: types[n % 3], comment_id: comment }, token);
      expect(res.status, `write ${n + 1}`).toBe(n === 0 ? 201 : 200);
    }
    const refused = await react({ type: 'love', comment_id: comment }, token);
    expectProblem(refused, 429, /^Too many reactions\./);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // the 120th write set 'laugh' (119 % 3 = 2); the refused 'love' changed nothing
    expect(await counts(comment)).toEqual({ like: 0, love: 0, laugh: 1 });
  });
});
