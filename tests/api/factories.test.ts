// The test factories and HTTP helpers themselves (tests/helpers/factories.ts, http.ts): they make
// what they say, never the same thing twice, and the members they make can sign in. Here rather than
// in tests/unit because they need a database: this runs on PGlite and on PostgreSQL.
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/lib/server/auth/password.ts';
import { dramaGenres, dramaPhotos, genres, personHearts, users } from '../../src/lib/server/db/schema/index.ts';
import { withTransaction } from '../../src/lib/server/db/transactions.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import {
  addToList,
  createCredit,
  createDrama,
  createMember,
  createMembers,
  createPerson,
  DEFAULT_PASSWORD,
  giveHeart,
  recordActivity,
  tokenFor,
} from '../helpers/factories.ts';
import { api, expectProblem, form, login, readResponse, signIn } from '../helpers/http.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let client: ReturnType<typeof api>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiServer();
  client = api(server);
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('createMember', () => {
  it('makes a verified member with the default password, unique each time', async () => {
    const [a, b] = [await createMember(), await createMember()];
    expect(a.password).toBe(DEFAULT_PASSWORD);
    expect(await verifyPassword(a.passwordHash!, DEFAULT_PASSWORD)).toBe(true);
    expect(a).toMatchObject({ role: 'user', emailVerifiedAt: expect.any(Date), tokenVersion: 0 });
    expect(a.id).not.toBe(b.id);
    expect(a.email).not.toBe(b.email);
    expect(a.username).not.toBe(b.username);
    expect(a.username).toMatch(/^[a-zA-Z0-9]{3,50}$/); // the registration rule
    const many = await createMembers(15);
    expect(new Set(many.map((m) => m.username.toLowerCase())).size).toBe(15);
    const [row] = await database.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ email: a.email, username: a.username });
  });

  it('takes what it is told: role, e-mail, username, name, password, unverified', async () => {
    const mod = await createMember({ role: 'mod', email: 'Told@Example.com', username: 'told', fullName: 'Told So', password: 'Other1234' });
    expect(mod).toMatchObject({ role: 'mod', email: 'Told@Example.com', username: 'told', fullName: 'Told So', password: 'Other1234' });
    expect(await verifyPassword(mod.passwordHash!, 'Other1234')).toBe(true);
    expect((await createMember({ verified: false })).emailVerifiedAt).toBeNull();
    expect((await createMember({ password: null })).passwordHash).toBeNull();
  });

  it('writes inside a transaction when given one', async () => {
    let made = '';
    await expect(
      withTransaction(database.db, async (tx) => {
        made = (await createMember({ db: tx })).username;
        expect(await tx.select().from(users).where(eq(users.username, made))).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(made).not.toBe('');
    expect(await database.db.select().from(users).where(eq(users.username, made))).toEqual([]);
  });
});

describe('signing in', () => {
  it('signIn goes through POST /auth/login and gives a working token', async () => {
    const member = await createMember();
    const token = await signIn(server, member);
    expect(decodeJwt(token).sub).toBe(String(member.id));
    const me = await client.get('/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: member.id, username: member.username, email_verified: true });
  });

  it('tokenFor issues a token the API accepts, with the role; fresh after a change of role', async () => {
    const admin = await createMember({ role: 'admin' });
    const token = await tokenFor(admin);
    expect(decodeJwt(token)).toMatchObject({ sub: String(admin.id), role: 'admin', ver: 0 });
    expect((await client.get('/users/me', { token })).body).toMatchObject({ id: admin.id, role: 'admin' });
    await database.db.update(users).set({ role: 'mod', tokenVersion: 1 }).where(eq(users.id, admin.id));
    expect((await client.get('/users/me', { token })).status).toBe(401);
    const fresh = await tokenFor(admin, { fresh: true });
    expect((await client.get('/users/me', { token: fresh })).body).toMatchObject({ role: 'mod' });
  });

  it('an unverified member is refused with a 403, a wrong password with a 401', async () => {
    const pending = await createMember({ verified: false });
    expectProblem(await login(server, pending), 403, /verify your email/);
    const member = await createMember();
    expectProblem(await login(server, { ...member, password: 'Wrong1234' }), 401, 'Incorrect email or password');
  });
});

describe('catalogue factories', () => {
  it('createDrama makes a drama with defaults, genres (made once) and photos in order', async () => {
    const plain = await createDrama();
    expect(plain).toMatchObject({ status: 'completed', country: 'South Korea', type: 'drama' });
    expect(plain.title).toMatch(/^Drama \w+$/);
    const other = await createDrama();
    expect(other.title).not.toBe(plain.title);
    const told = await createDrama({ title: 'Told Drama', year: 2020, genres: ['Romance', 'Comedy'], photos: ['/media/b.jpg', '/media/a.jpg'] });
    await createDrama({ genres: ['Romance'] });
    expect(told).toMatchObject({ title: 'Told Drama', year: 2020 });
    expect(await database.db.select().from(genres)).toHaveLength(2);
    expect(await database.db.select().from(dramaGenres).where(eq(dramaGenres.dramaId, told.id))).toHaveLength(2);
    const photos = await database.db.select().from(dramaPhotos).where(eq(dramaPhotos.dramaId, told.id));
    expect(photos.sort((x, y) => x.position - y.position).map((p) => p.url)).toEqual(['/media/b.jpg', '/media/a.jpg']);
    const res = await client.get(`/dramas/${told.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: told.id, title: 'Told Drama' });
  });

  it('createPerson and createCredit put a person in a drama’s cast', async () => {
    const drama = await createDrama();
    const person = await createPerson({ name: 'Cast Member', nationality: ['South Korean'] });
    expect((await createPerson()).name).not.toBe((await createPerson()).name);
    const credit = await createCredit({ drama, person, roleName: 'The Lead' });
    expect(credit).toMatchObject({ dramaId: drama.id, personId: person.id, roleType: 'main', roleName: 'The Lead' });
    const filmography = await client.get(`/people/${person.id}/filmography`);
    expect(filmography.body.drama).toEqual([expect.objectContaining({ id: drama.id, role_name: 'The Lead', role_type: 'main' })]);
  });

  it('giveHeart goes through the hearts service: the row and the counter', async () => {
    const [member, person] = [await createMember(), await createPerson()];
    expect(await giveHeart(member, person)).toEqual({ hearts: 1, hasHearted: true });
    expect(await database.db.select().from(personHearts).where(eq(personHearts.personId, person.id))).toHaveLength(1);
    const status = await client.get(`/people/${person.id}/heart-status`, { token: await tokenFor(member) });
    expect(status.body).toEqual({ hearts: 1, has_hearted: true });
    await expect(giveHeart(member, person)).rejects.toThrow('You have already given a heart to this person');
  });

  it('addToList puts a drama on a member’s list', async () => {
    const [member, drama] = [await createMember(), await createDrama()];
    expect(await addToList({ member, drama, score: 9 })).toMatchObject({ userId: member.id, dramaId: drama.id, status: 'completed', score: 9 });
  });

  it('recordActivity writes an activity item at the time asked for; createMember can make lists private', async () => {
    const [member, drama] = [await createMember({ listsPrivate: true }), await createDrama()];
    expect(member.listsPrivate).toBe(true);
    expect((await createMember()).listsPrivate).toBe(false);
    const at = new Date('2026-01-05T10:00:00Z');
    expect(await recordActivity({ member, drama, status: 'completed', previousStatus: 'watching', progress: 16, previousProgress: 15, at })).toMatchObject({
      userId: member.id,
      dramaId: drama.id,
      kind: 'updated',
      newStatus: 'completed',
      previousStatus: 'watching',
      progress: 16,
      previousProgress: 15,
      cycle: 1,
      createdAt: at,
    });
    expect(await recordActivity({ member, drama })).toMatchObject({ kind: 'updated', newStatus: 'watching', score: null, previousStatus: null });
  });
});

describe('the HTTP client', () => {
  it('sends JSON, forms, tokens and addresses, and reads JSON, text and empty answers', async () => {
    const member = await createMember();
    const token = await tokenFor(member);
    const put = await client.put('/users/me', { bio: 'Set by the client' }, { token });
    expect(put.status).toBe(200);
    expect(put.body.user.bio).toBe('Set by the client');
    expect(put.headers.get('x-request-id')).toBeTruthy();
    const signedIn = await client.post('/auth/login', form({ username: member.email, password: member.password }), { address: '192.0.2.1' });
    expect(signedIn.body).toMatchObject({ token_type: 'bearer' });
    const out = await client.post('/auth/logout', undefined, { token });
    expect(out).toMatchObject({ status: 204, body: undefined });
    expect((await readResponse(await server.request('/api/v1/openapi.json'))).body.openapi).toMatch(/^3\./);
  });

  it('expectProblem checks the status and the { detail, field? } shape', async () => {
    expectProblem(await client.get('/people/abc'), 400, 'Invalid person ID', 'id');
    expectProblem(await client.get('/users/me'), 401);
    expect(() => expectProblem({ status: 400, body: { detail: 'x', extra: 1 }, headers: new Headers({ 'content-type': 'application/json' }) }, 400)).toThrow();
    expect(() => expectProblem({ status: 400, body: { detail: 'x' }, headers: new Headers({ 'content-type': 'application/json' }) }, 404)).toThrow();
  });
});
