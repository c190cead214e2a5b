import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/lib/server/db/schema/index.ts';
import { setUserRole } from '../../src/lib/server/services/profiles/member-roles.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createMember, tokenFor, unique } from '../helpers/factories.ts';
import { api, expectProblem, signIn } from '../helpers/http.ts';

// Every test makes the members it changes (renames, roles): none depends on another having run, or not.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;

const putMe = (body: unknown, token: string) => api(server).put('/users/me', body, { token });

/** A member of the test's own, signed in. */
async function someone() {
  const member = await createMember({ fullName: 'Hana Lee' });
  return { member, token: await tokenFor(member) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('PUT /users/me', () => {
  it('saves the profile fields and answers with the updated member', async () => {
    const { token } = await someone();
    const res = await putMe({ full_name: 'Hana L.', bio: 'Melodrama lover', avatar: null, cover_photo: null }, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { full_name: 'Hana L.', bio: 'Melodrama lover', avatar: null } });
    const me = (await api(server).get('/users/me', { token })).body;
    expect(me).toMatchObject({ full_name: 'Hana L.', name: 'Hana L.', display_name: 'Hana L.', bio: 'Melodrama lover' });
  });

  it('changes the username unless another member has it, in any case', async () => {
    const { token } = await someone();
    const other = await createMember({ username: `Joon${unique()}` });
    const taken = await putMe({ username: other.username.toUpperCase() }, token);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ detail: 'This username is already taken', field: 'username' });
    const name = `hanalee${unique()}`;
    const res = await putMe({ username: name }, token);
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe(name);
  });

  it.each([
    [{ username: 'hi' }, 'username'],
    [{ username: 'no_symbols' }, 'username'],
    [{ bio: 'x'.repeat(501) }, 'bio'],
    [{ avatar: 'javascript:alert(1)' }, 'avatar'],
  ])('rejects %j', async (body, field) => {
    const { token } = await someone();
    const res = await putMe(body, token);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it('refuses a NUL or another control character in the name or the bio with a 400, keeping line breaks in the bio', async () => {
    const { token } = await someone();
    for (const [field, value] of [
      ['bio', 'Melodrama\u0000lover'],
      ['bio', 'bell\u0007'],
      ['full_name', 'Hana\u0000Lee'],
      ['full_name', 'Hana\nLee'],
    ]) {
      const res = await putMe({ [field]: value }, token);
      expect(res.status, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(res.body).toMatchObject({ field, detail: expect.stringContaining('control characters') });
    }
    const lines = await putMe({ bio: 'Melodramas\r\nand\trom-coms' }, token);
    expect(lines.status).toBe(200);
    expect(lines.body.user.bio).toBe('Melodramas\r\nand\trom-coms');
  });

  it('takes only an upload of the member\'s own for an image, or null to remove one (the uploads themselves: uploads.test.ts)', async () => {
    const { token } = await someone();
    for (const field of ['avatar', 'cover_photo']) {
      for (const outside of [
        'https://evil.example/tracker.png',
        'http://127.0.0.1:9/x.png',
        '//evil.example/x.png',
        '/\\evil.example/x.png',
        '/media/../api/v1/users/me',
        '/media//evil.example/x.png',
        '/media/avatars/Ab3_x-9.webp',
        '/media/art/poster-1.svg',
        '/avatars/x.png',
        'data:image/svg+xml,<svg/>',
      ]) {
        const res = await putMe({ [field]: outside }, token);
        expect(res.status, `${field}: ${outside}`).toBe(400);
        expect(res.body.field).toBe(field);
        expect(res.body.detail).toMatch(/Must be an image you uploaded for this field/);
      }
      const removed = await putMe({ [field]: null }, token);
      expect(removed.status).toBe(200);
      expect(removed.body.user[field]).toBeNull();
    }
  });

  it('needs a signed-in member', async () => {
    const res = await api(server).put('/users/me', {});
    expect(res.status).toBe(401);
  });
});

describe('GET /users/by-username/{username}', () => {
  it('shows public fields only, matching the username in any case', async () => {
    const id = unique();
    await createMember({ email: `joon${id}@example.com`, username: `Joon${id}`, fullName: 'Park Joon' });
    const res = await api(server).get(`/users/by-username/joon${id}`);
    expect(res.status).toBe(200);
    const user = res.body;
    expect(user).toMatchObject({ username: `Joon${id}`, full_name: 'Park Joon', role: 'user', followers_count: 0 });
    expect(user).not.toHaveProperty('email');
    expect(JSON.stringify(user)).not.toMatch(/joon.*@example|argon|password|token/i);
  });

  it('answers 404 for an unknown member', async () => {
    expectProblem(await api(server).get('/users/by-username/nobody'), 404, 'User not found');
  });
});

describe('roles', () => {
  it('gives a role by e-mail and revokes the tokens issued before', async () => {
    const joon = await createMember();
    const joonToken = await signIn(server, joon);
    const changed = await setUserRole(database.db, joon.email.toUpperCase(), 'mod');
    expect(changed).toMatchObject({ username: joon.username, role: 'mod' });
    const old = await api(server).get('/users/me', { token: joonToken });
    expect(old.status).toBe(401);
    const fresh = await signIn(server, joon);
    const me = (await api(server).get('/users/me', { token: fresh })).body;
    expect(me.role).toBe('mod');
    expect(await setUserRole(database.db, 'nobody@example.com', 'admin')).toBeUndefined();
    const [row] = await database.db.select().from(users).where(eq(users.id, joon.id));
    expect(row!.role).toBe('mod');
  });
});
