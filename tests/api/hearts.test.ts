import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { createMembers, createPerson, tokenFor } from '../helpers/factories.ts';
import { signIn } from '../helpers/http.ts';

const app = useApiFixture();
/** tokens of 20 members; the first one signed in over HTTP, the others signed directly */
let tokens: string[] = [];

/** A person of the test's own, with no hearts: no test sees another's hearts, in any order. */
async function newPerson(name: string) {
  return (await createPerson({ name, nationality: ['South Korean'] })).id;
}

const ALREADY = { detail: 'You have already given a heart to this person' };
const NEVER = { detail: 'You have not given a heart to this person' };

async function call(method: 'GET' | 'POST' | 'DELETE', pathname: string, token?: string) {
  const { status, body } = await app.client.call(method, pathname, undefined, { token });
  return { status, body };
}
const heart = (id: number, token?: string) => call('POST', `/people/${id}/heart`, token);
const unheart = (id: number, token?: string) => call('DELETE', `/people/${id}/heart`, token);
const status = (id: number, token?: string) => call('GET', `/people/${id}/heart-status`, token);

/** people.hearts and the number of person_hearts rows of a person */
async function counts(id: number) {
  const { rows } = await app.database.pool.query(
    'SELECT p.hearts, (SELECT count(*)::int FROM person_hearts h WHERE h.person_id = p.id) AS given FROM people p WHERE p.id = $1',
    [id],
  );
  return rows[0] as { hearts: number; given: number };
}

beforeAll(async () => {
  const members = await createMembers(20);
  tokens = [await signIn(app.server, members[0]!), ...(await Promise.all(members.slice(1).map((m) => tokenFor(m))))];
}, 60_000);

describe('hearts', () => {
  it('need a signed-in member', async () => {
    const person = { hana: await newPerson('Hana Seo') };
    for (const res of [await heart(person.hana), await unheart(person.hana), await status(person.hana)]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Not authenticated' });
    }
    expect((await heart(person.hana, 'not-a-token')).status).toBe(401);
    expect(await counts(person.hana)).toEqual({ hearts: 0, given: 0 });
  });

  it('count one heart per member: a second heart or taking back one never given is a 400', async () => {
    const person = { hana: await newPerson('Hana Seo') };
    const token = tokens[0]!;
    expect(await status(person.hana, token)).toEqual({ status: 200, body: { has_hearted: false, hearts: 0 } });
    expect(await heart(person.hana, token)).toEqual({ status: 200, body: { hearts: 1, has_hearted: true } });
    expect(await status(person.hana, token)).toEqual({ status: 200, body: { has_hearted: true, hearts: 1 } });
    expect(await heart(person.hana, token)).toEqual({ status: 400, body: ALREADY });
    expect(await counts(person.hana)).toEqual({ hearts: 1, given: 1 });
    // another member sees the count but has not given a heart
    expect(await status(person.hana, tokens[1])).toEqual({ status: 200, body: { has_hearted: false, hearts: 1 } });
    expect(await unheart(person.hana, tokens[1])).toEqual({ status: 400, body: NEVER });

    expect(await unheart(person.hana, token)).toEqual({ status: 200, body: { hearts: 0, has_hearted: false } });
    expect(await unheart(person.hana, token)).toEqual({ status: 400, body: NEVER });
    expect(await counts(person.hana)).toEqual({ hearts: 0, given: 0 });
    // the person's page shows the count
    await heart(person.hana, token);
    const page = await app.server.request(`/api/v1/people/${person.hana}`);
    expect((await page.json()).hearts).toBe(1);
  });

  it('answer 404 for an unknown person and 400 for a bad id', async () => {
    const token = tokens[0]!;
    for (const res of [await heart(987654, token), await unheart(987654, token), await status(987654, token)]) {
      expect(res).toEqual({ status: 404, body: { detail: 'Person not found' } });
    }
    const bad = await call('POST', '/people/abc/heart', token);
    expect(bad).toEqual({ status: 400, body: { detail: 'Invalid person ID', field: 'id' } });
    expect((await call('GET', '/people/1x/heart-status', token)).status).toBe(400);
  });

  it('stay exact when twenty members heart and unheart at once', async () => {
    const person = { crowd: await newPerson('Crowd Favourite') };
    const given = await Promise.all(tokens.map((t) => heart(person.crowd, t)));
    expect(given.every((r) => r.status === 200)).toBe(true);
    // each answer is the count right after that member's heart: 1..20, each once
    expect(given.map((r) => r.body.hearts).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await counts(person.crowd)).toEqual({ hearts: 20, given: 20 });

    const taken = await Promise.all(tokens.slice(0, 15).map((t) => unheart(person.crowd, t)));
    expect(taken.every((r) => r.status === 200)).toBe(true);
    expect(await counts(person.crowd)).toEqual({ hearts: 5, given: 5 });
  });

  it('count once when one member sends twenty hearts at once', async () => {
    const person = { twin: await newPerson('Twin Clicks') };
    const token = tokens[3]!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => heart(person.twin, token)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 400).every((r) => r.body.detail === ALREADY.detail)).toBe(true);
    expect(await counts(person.twin)).toEqual({ hearts: 1, given: 1 });

    const back = await Promise.all(Array.from({ length: 20 }, () => unheart(person.twin, token)));
    expect(back.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await counts(person.twin)).toEqual({ hearts: 0, given: 0 });
  });

  it('stay exact when hearts are given, repeated and taken back all at once', async () => {
    const person = { mixed: await newPerson('Mixed Feelings') };
    // members 0-9 already gave a heart; now they take it back while 10-19 give one twice each
    await Promise.all(tokens.slice(0, 10).map((t) => heart(person.mixed, t)));
    const answers = await Promise.all([
      ...tokens.slice(0, 10).map((t) => unheart(person.mixed, t)),
      ...tokens.slice(10).flatMap((t) => [heart(person.mixed, t), heart(person.mixed, t)]),
      ...tokens.slice(10).map((t) => status(person.mixed, t)),
    ]);
    expect(answers.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    expect(await counts(person.mixed)).toEqual({ hearts: 10, given: 10 });
    expect(await status(person.mixed, tokens[0])).toEqual({ status: 200, body: { has_hearted: false, hearts: 10 } });
    expect(await status(person.mixed, tokens[19])).toEqual({ status: 200, body: { has_hearted: true, hearts: 10 } });
  });
});
