// Favourite dramas and cast over HTTP (spec 2 §1, §5, §9; contract "Watch lists and activity"):
// 5 of each at most with the contract's messages, idempotent add and remove, the order added,
// another member's favourites, and the limit under concurrency.
import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { createDrama, createPerson } from '../helpers/factories.ts';
import { expectProblem } from '../helpers/http.ts';

const app = useApiFixture();
const { someone } = app;

const count = async (table: 'favourite_dramas' | 'favourite_people', userId: number) =>
  (await app.database.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [userId])).rows[0].n as number;

describe('favourite dramas', () => {
  it('add (201, idempotent) up to five in the order added; a sixth is a 400; remove (204, idempotent)', async () => {
    const { member, token } = await someone();
    const dramas = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => createDrama({ title: `Favourite ${n}`, year: 2020 + n, photos: [`/media/f${n}.jpg`] })),
    );
    expect(await app.client.get('/lists/favorites/dramas', { token })).toMatchObject({ status: 200, body: [] });
    for (const d of dramas.slice(0, 5)) {
      const added = await app.client.post(`/lists/favorites/dramas/${d.id}`, undefined, { token });
      expect(added.status).toBe(201);
      expect(added.body.at(-1)).toEqual({
        id: d.id, title: d.title, year: d.year, country: 'South Korea', banner_image: null, poster_image: null, main_photo: null,
        thumbnail: null, photos: [`/media/f${dramas.indexOf(d) + 1}.jpg`],
      });
    }
    // again: nothing changes
    const again = await app.client.post(`/lists/favorites/dramas/${dramas[2]!.id}`, undefined, { token });
    expect(again.status).toBe(201);
    expect(again.body).toHaveLength(5);
    expectProblem(await app.client.post(`/lists/favorites/dramas/${dramas[5]!.id}`, undefined, { token }), 400, 'You can have at most 5 favorite dramas');
    expect(await count('favourite_dramas', member.id)).toBe(5);

    const mine = await app.client.get('/lists/favorites/dramas', { token });
    expect(mine.body.map((d: { id: number }) => d.id)).toEqual(dramas.slice(0, 5).map((d) => d.id));
    expect(await app.client.get(`/users/${member.id}/favorites/dramas`)).toMatchObject({ status: 200, body: mine.body });

    expect(await app.client.delete(`/lists/favorites/dramas/${dramas[0]!.id}`, { token })).toMatchObject({ status: 204, body: undefined });
    expect((await app.client.delete(`/lists/favorites/dramas/${dramas[0]!.id}`, { token })).status).toBe(204);
    expect(await count('favourite_dramas', member.id)).toBe(4);
    // room for the sixth now, which comes last
    const sixth = await app.client.post(`/lists/favorites/dramas/${dramas[5]!.id}`, undefined, { token });
    expect(sixth.body.map((d: { id: number }) => d.id)).toEqual([...dramas.slice(1, 5), dramas[5]!].map((d) => d.id));
  });

  it('answer 400 for a bad id, 404 for an unknown drama or member, and only the member changes their own', async () => {
    const { member, token } = await someone();
    const other = await someone();
    const drama = await createDrama();
    expectProblem(await app.client.post('/lists/favorites/dramas/abc', undefined, { token }), 400, 'Invalid drama ID', 'id');
    expectProblem(await app.client.delete('/lists/favorites/dramas/1x', { token }), 400, 'Invalid drama ID', 'id');
    expectProblem(await app.client.post('/lists/favorites/dramas/987654', undefined, { token }), 404, 'Drama not found');
    expectProblem(await app.client.delete('/lists/favorites/dramas/987654', { token }), 404, 'Drama not found');
    expectProblem(await app.client.post('/lists/favorites/dramas/99999999999999999', undefined, { token }), 404, 'Drama not found');
    expectProblem(await app.client.get('/users/987654/favorites/dramas'), 404, 'User not found');
    expectProblem(await app.client.get('/users/me/favorites/dramas'), 400, 'Invalid user ID', 'id');

    await app.client.post(`/lists/favorites/dramas/${drama.id}`, undefined, { token });
    // another member's remove acts on their own favourites only
    expect((await app.client.delete(`/lists/favorites/dramas/${drama.id}`, { token: other.token })).status).toBe(204);
    expect(await count('favourite_dramas', member.id)).toBe(1);
  });

  it('stay at five when ten different dramas are added at once', async () => {
    const { member, token } = await someone();
    const dramas = await Promise.all(Array.from({ length: 10 }, () => createDrama()));
    const answers = await Promise.all(dramas.map((d) => app.client.post(`/lists/favorites/dramas/${d.id}`, undefined, { token })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    for (const a of answers.filter((x) => x.status !== 201)) expectProblem(a, 400, 'You can have at most 5 favorite dramas');
    expect(await count('favourite_dramas', member.id)).toBe(5);
  });
});

describe('favourite cast', () => {
  it('work alike with people, and say so for a sixth', async () => {
    const { member, token } = await someone();
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => createPerson({ name: `Actor ${n}`, image: `/media/p${n}.jpg`, nationality: ['South Korean'] })));
    for (const p of people.slice(0, 5)) expect((await app.client.post(`/lists/favorites/cast/${p.id}`, undefined, { token })).status).toBe(201);
    expectProblem(await app.client.post(`/lists/favorites/cast/${people[5]!.id}`, undefined, { token }), 400, 'You can have at most 5 favorite cast');
    const mine = await app.client.get('/lists/favorites/cast', { token });
    expect(mine.body[0]).toEqual({ id: people[0]!.id, name: 'Actor 1', image: '/media/p1.jpg', nationality: ['South Korean'] });
    expect((await app.client.get(`/users/${member.id}/favorites/cast`)).body).toEqual(mine.body);
    expect((await app.client.delete(`/lists/favorites/cast/${people[0]!.id}`, { token })).status).toBe(204);
    expect(await count('favourite_people', member.id)).toBe(4);
    expectProblem(await app.client.post('/lists/favorites/cast/987654', undefined, { token }), 404, 'Person not found');
    expectProblem(await app.client.post('/lists/favorites/cast/x', undefined, { token }), 400, 'Invalid person ID', 'id');
  });
});

describe('the write limit', () => {
  it("counts favourites among a member's 120 list writes a minute: the 121st is a 429 with Retry-After, and changes nothing", async () => {
    const { member, token } = await someone();
    const drama = await createDrama();
    const person = await createPerson();
    // adds and removes of dramas and cast, each served, until the limit
    const writes = [
      () => app.client.post(`/lists/favorites/dramas/${drama.id}`, undefined, { token }),
      () => app.client.post(`/lists/favorites/cast/${person.id}`, undefined, { token }),
      () => app.client.delete(`/lists/favorites/dramas/${drama.id}`, { token }),
      () => app.client.delete(`/lists/favorites/cast/${person.id}`, { token }),
    ];
    for (let n = 0; n < 120; n++) {
      const res = await writes[n % 4]!();
      expect(res.status, `write ${n + 1}: ${JSON.stringify(res.body)}`).toBe(n % 4 < 2 ? 201 : 204);
    }
    expect(await count('favourite_dramas', member.id)).toBe(0);
    expect(await count('favourite_people', member.id)).toBe(0);
    for (const refused of [
      await app.client.post(`/lists/favorites/dramas/${drama.id}`, undefined, { token }),
      await app.client.post(`/lists/favorites/cast/${person.id}`, undefined, { token }),
    ]) {
      expectProblem(refused, 429, /^Too many changes to your lists\. Please try again in 1 minute\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await count('favourite_dramas', member.id)).toBe(0);
    expect(await count('favourite_people', member.id)).toBe(0);
    // the same limit covers the watch list; reads are not limited, other members are not affected
    expectProblem(await app.client.post(`/lists/drama/${drama.id}/status`, { status: 'watching' }, { token }), 429);
    expect(await app.client.get('/lists/favorites/dramas', { token })).toMatchObject({ status: 200, body: [] });
    const other = await someone();
    expect((await app.client.post(`/lists/favorites/dramas/${drama.id}`, undefined, { token: other.token })).status).toBe(201);
  });
});
