import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/server/auth/password.ts';
import { users } from '../../src/lib/server/db/schema/index.ts';
import { setUserRole } from '../../src/lib/server/services/users/users.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let token: string;

async function signIn(email: string, password: string) {
  const form = new FormData();
  form.set('username', email);
  form.set('password', password);
  const res = await server.request('/api/v1/auth/login', { method: 'POST', body: form });
  return (await res.json()).access_token as string;
}

const putMe = (body: unknown, bearer = token) =>
  server.request('/api/v1/users/me', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiServer();
  const passwordHash = await hashPassword('Secret123');
  await database.db.insert(users).values([
    { email: 'hana@example.com', username: 'hana', fullName: 'Hana Lee', passwordHash, emailVerifiedAt: new Date() },
    { email: 'joon@example.com', username: 'Joon', fullName: 'Park Joon', passwordHash, emailVerifiedAt: new Date() },
  ]);
  token = await signIn('hana@example.com', 'Secret123');
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('PUT /users/me', () => {
  it('saves the profile fields and answers with the updated member', async () => {
    const res = await putMe({ full_name: 'Hana L.', bio: 'Melodrama lover', avatar: '/media/avatars/abc123.png', cover_photo: null });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, user: { full_name: 'Hana L.', bio: 'Melodrama lover', avatar: '/media/avatars/abc123.png' } });
    const me = await (await server.request('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(me).toMatchObject({ full_name: 'Hana L.', name: 'Hana L.', display_name: 'Hana L.', bio: 'Melodrama lover' });
  });

  it('changes the username unless another member has it, in any case', async () => {
    const taken = await putMe({ username: 'JOON' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ detail: 'This username is already taken', field: 'username' });
    const res = await putMe({ username: 'hanalee' });
    expect(res.status).toBe(200);
    expect((await res.json()).user.username).toBe('hanalee');
  });

  it.each([
    [{ username: 'hi' }, 'username'],
    [{ username: 'no_symbols' }, 'username'],
    [{ bio: 'x'.repeat(501) }, 'bio'],
    [{ avatar: 'javascript:alert(1)' }, 'avatar'],
  ])('rejects %j', async (body, field) => {
    const res = await putMe(body);
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe(field);
  });

  it('refuses a NUL or another control character in the name or the bio with a 400, keeping line breaks in the bio', async () => {
    for (const [field, value] of [
      ['bio', 'Melodrama\u0000lover'],
      ['bio', 'bell\u0007'],
      ['full_name', 'Hana\u0000Lee'],
      ['full_name', 'Hana\nLee'],
    ]) {
      const res = await putMe({ [field]: value });
      expect(res.status, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(await res.json()).toMatchObject({ field, detail: expect.stringContaining('control characters') });
    }
    const lines = await putMe({ bio: 'Melodramas\r\nand\trom-coms' });
    expect(lines.status).toBe(200);
    expect((await lines.json()).user.bio).toBe('Melodramas\r\nand\trom-coms');
  });

  it('takes images stored on this site only: a /media/ path, or null to remove one', async () => {
    for (const field of ['avatar', 'cover_photo']) {
      for (const outside of [
        'https://evil.example/tracker.png',
        'http://127.0.0.1:9/x.png',
        '//evil.example/x.png',
        '/\\evil.example/x.png',
        '/media/../api/v1/users/me',
        '/media//evil.example/x.png',
        '/avatars/x.png',
        'data:image/svg+xml,<svg/>',
      ]) {
        const res = await putMe({ [field]: outside });
        expect(res.status, `${field}: ${outside}`).toBe(400);
        expect(await res.json()).toEqual({
          detail: `Invalid body '${field}': Must be an image uploaded to this site (a /media/ address)`,
          field,
        });
      }
      const local = await putMe({ [field]: '/media/avatars/Ab3_x-9.webp' });
      expect(local.status).toBe(200);
      expect((await local.json()).user[field]).toBe('/media/avatars/Ab3_x-9.webp');
      const removed = await putMe({ [field]: null });
      expect((await removed.json()).user[field]).toBeNull();
    }
  });

  it('needs a signed-in member', async () => {
    const res = await server.request('/api/v1/users/me', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
  });
});

describe('GET /users/by-username/{username}', () => {
  it('shows public fields only, matching the username in any case', async () => {
    const res = await server.request('/api/v1/users/by-username/joon');
    expect(res.status).toBe(200);
    const user = await res.json();
    expect(user).toMatchObject({ username: 'Joon', full_name: 'Park Joon', role: 'user', followers_count: 0 });
    expect(user).not.toHaveProperty('email');
    expect(JSON.stringify(user)).not.toMatch(/joon@example|argon|password|token/i);
  });

  it('answers 404 for an unknown member', async () => {
    const res = await server.request('/api/v1/users/by-username/nobody');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'User not found' });
  });
});

describe('roles', () => {
  it('gives a role by e-mail and revokes the tokens issued before', async () => {
    const joonToken = await signIn('joon@example.com', 'Secret123');
    const changed = await setUserRole(database.db, 'JOON@example.com', 'mod');
    expect(changed).toMatchObject({ username: 'Joon', role: 'mod' });
    const old = await server.request('/api/v1/users/me', { headers: { Authorization: `Bearer ${joonToken}` } });
    expect(old.status).toBe(401);
    const fresh = await signIn('joon@example.com', 'Secret123');
    const me = await (await server.request('/api/v1/users/me', { headers: { Authorization: `Bearer ${fresh}` } })).json();
    expect(me.role).toBe('mod');
    expect(await setUserRole(database.db, 'nobody@example.com', 'admin')).toBeUndefined();
    const [row] = await database.db.select().from(users).where(eq(users.username, 'Joon'));
    expect(row!.role).toBe('mod');
  });
});
