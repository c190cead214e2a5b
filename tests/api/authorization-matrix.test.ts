import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOneTimeToken } from '../../src/lib/server/auth/one-time-tokens.ts';
import { getDb } from '../../src/lib/server/db/client.ts';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { settleBackgroundWork } from '../../src/lib/server/jobs/background.ts';
import { createReport } from '../../src/lib/server/services/reports/reports.ts';
import { editRecord, lockField, suggestEdit } from '../../src/lib/server/services/catalogue-editing/catalogue-edits.ts';
import { resetStorage } from '../../src/lib/server/services/uploads/storage.ts';
import { createApi } from '../../src/lib/server/api/index.ts';
import { commentReactions, comments } from '../../src/lib/server/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { startApiServer } from '../helpers/api-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { addToList, createDrama, createMember, createPerson, giveHeart, insertComment, insertPost, tokenFor, unique, type Member } from '../helpers/factories.ts';
import { api, form, type ApiResponse } from '../helpers/http.ts';
import { AUTHORIZATION_MATRIX, CALLERS, type Caller } from './authorization-matrix.ts';

// Walks the authorization matrix (tests/api/authorization-matrix.ts, docs/decisions/027) over HTTP on
// a real database with real tokens: for each mutating operation of the OpenAPI document and each
// caller, makes the records the row needs, sends a valid request and asserts the row's status. It
// fails when an operation of the document has no row (a new route must say who may call it), when a
// row names an operation the document no longer has, and when a row has no request below.

const METHODS = ['get', 'head', 'put', 'post', 'delete', 'patch', 'options', 'trace'];
const READS = ['get', 'head'];

/** The caller of one cell: a fresh member of the right role (none for the visitor), and its token. */
interface Actor {
  who: Caller;
  member?: Member;
  token?: string;
}
/** The request of a row for one caller, after making the records it needs. */
type Request = { path: string; body?: unknown };
type Recipe = (actor: Actor) => Promise<Request>;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let dataDir: string;
let mutating: string[] = [];

const send = (method: string, request: Request, token?: string): Promise<ApiResponse> =>
  api(server).call(method, request.path, request.body, { token });

/** A member of the caller's own, or someone else for every other caller. */
const subjectFor = async (actor: Actor) => (actor.who === 'owner' ? actor.member! : await createMember());
/** Does as the actor (when signed in) before the row's request: e.g. gives the heart a DELETE takes back. */
async function before(actor: Actor, method: string, pathname: string, body?: unknown) {
  if (!actor.token) return;
  const res = await send(method, { path: pathname, body }, actor.token);
  expect(res.status, `${method} ${pathname} before the row`).toBeLessThan(300);
}

const REQUESTS: Record<string, Recipe> = {
  // --- catalogue editing (issue 22) ---
  'PUT /dramas/{id}': async () => ({ path: `/dramas/${(await createDrama()).id}`, body: { title: `Edited ${unique()}` } }),
  'PUT /people/{id}': async () => ({ path: `/people/${(await createPerson()).id}`, body: { name: `Edited ${unique()}` } }),
  'POST /dramas/{id}/edit-suggestions': async () => ({ path: `/dramas/${(await createDrama()).id}/edit-suggestions`, body: { title: `Suggested ${unique()}` } }),
  'POST /people/{id}/edit-suggestions': async () => ({ path: `/people/${(await createPerson()).id}/edit-suggestions`, body: { biography: `Bio ${unique()}` } }),
  'POST /edit-suggestions/{id}/review': async (actor) => {
    const author = await subjectFor(actor);
    const id = await suggestEdit(await getDb(), author.id, 'drama', (await createDrama()).id, { title: `Suggested ${unique()}` });
    return { path: `/edit-suggestions/${id}/review`, body: { approved: true } };
  },
  'POST /edit-history/{id}/revert': async (actor) => {
    const author = await subjectFor(actor);
    const { historyId } = await editRecord(await getDb(), author.id, 'drama', (await createDrama()).id, { title: `Edited ${unique()}` });
    return { path: `/edit-history/${historyId}/revert` };
  },
  'PUT /dramas/{id}/locks/{field}': async () => ({ path: `/dramas/${(await createDrama()).id}/locks/title`, body: { note: 'settled' } }),
  'DELETE /dramas/{id}/locks/{field}': async () => {
    const drama = await createDrama();
    await lockField(await getDb(), (await createMember({ role: 'mod' })).id, 'drama', drama.id, 'title');
    return { path: `/dramas/${drama.id}/locks/title` };
  },
  'PUT /people/{id}/locks/{field}': async () => ({ path: `/people/${(await createPerson()).id}/locks/name`, body: {} }),
  'DELETE /people/{id}/locks/{field}': async () => {
    const person = await createPerson();
    await lockField(await getDb(), (await createMember({ role: 'mod' })).id, 'person', person.id, 'name');
    return { path: `/people/${person.id}/locks/name` };
  },
  // --- end catalogue editing ---
  'POST /auth/register': async () => {
    const id = unique();
    return { path: '/auth/register', body: { email: `new${id}@example.com`, username: `new${id}`, full_name: 'New Member', password: 'Secret123' } };
  },
  'POST /auth/login': async () => {
    const account = await createMember();
    return { path: '/auth/login', body: form({ username: account.email, password: account.password }) };
  },
  'POST /auth/forgot-password': async () => ({ path: '/auth/forgot-password', body: { email: (await createMember()).email } }),
  'POST /auth/reset-password': async () => {
    const account = await createMember();
    return { path: '/auth/reset-password', body: { token: await issueOneTimeToken(await getDb(), account.id, 'reset_password'), new_password: 'BrandNew99' } };
  },
  'POST /auth/verify': async () => {
    const account = await createMember({ verified: false });
    return { path: '/auth/verify', body: { token: await issueOneTimeToken(await getDb(), account.id, 'verify_email') } };
  },
  'POST /auth/resend-verification': async () => ({ path: '/auth/resend-verification', body: { email: (await createMember({ verified: false })).email } }),
  'POST /auth/sign-in-link': async () => ({ path: '/auth/sign-in-link', body: { email: (await createMember()).email } }),
  'POST /auth/sign-in-link/redeem': async () => {
    const account = await createMember();
    return { path: '/auth/sign-in-link/redeem', body: { token: await issueOneTimeToken(await getDb(), account.id, 'sign_in') } };
  },
  'POST /auth/logout': async () => ({ path: '/auth/logout' }),
  'POST /auth/logout-all': async () => ({ path: '/auth/logout-all' }),

  'PUT /users/me': async () => ({ path: '/users/me', body: { bio: `Bio ${unique()}` } }),
  'POST /users/{id}/view': async (actor) => ({ path: `/users/${(await subjectFor(actor)).id}/view` }),
  'POST /users/{id}/follow': async (actor) => ({ path: `/users/${(await subjectFor(actor)).id}/follow` }),
  'DELETE /users/{id}/follow': async (actor) => {
    const subject = await subjectFor(actor);
    if (actor.who !== 'owner') await before(actor, 'POST', `/users/${subject.id}/follow`);
    return { path: `/users/${subject.id}/follow` };
  },
  'POST /users/{id}/block': async (actor) => ({ path: `/users/${(await subjectFor(actor)).id}/block` }),
  'DELETE /users/{id}/block': async (actor) => {
    const subject = await subjectFor(actor);
    if (actor.who !== 'owner') await before(actor, 'POST', `/users/${subject.id}/block`);
    return { path: `/users/${subject.id}/block` };
  },

  'POST /people/{id}/heart': async () => ({ path: `/people/${(await createPerson()).id}/heart` }),
  'DELETE /people/{id}/heart': async (actor) => {
    const person = await createPerson();
    if (actor.member) await giveHeart(actor.member, person);
    return { path: `/people/${person.id}/heart` };
  },

  'POST /reports': async (actor) => {
    const comment = await insertComment({ author: await subjectFor(actor), drama: await createDrama() });
    return { path: '/reports', body: { target_type: 'comment', target_id: comment.id, reason: 'spam' } };
  },
  'POST /reports/{id}/resolve': async (actor) => {
    const comment = await insertComment({ author: await createMember(), drama: await createDrama() });
    const reporter = await subjectFor(actor);
    const { report } = await createReport(await getDb(), reporter.id, { targetType: 'comment', targetId: comment.id, reason: 'spam' });
    return { path: `/reports/${report.id}/resolve`, body: { action: 'remove' } };
  },

  'POST /lists/favorites/dramas/{id}': async () => ({ path: `/lists/favorites/dramas/${(await createDrama()).id}` }),
  'DELETE /lists/favorites/dramas/{id}': async (actor) => {
    const pathname = `/lists/favorites/dramas/${(await createDrama()).id}`;
    await before(actor, 'POST', pathname);
    return { path: pathname };
  },
  'POST /lists/favorites/cast/{id}': async () => ({ path: `/lists/favorites/cast/${(await createPerson()).id}` }),
  'DELETE /lists/favorites/cast/{id}': async (actor) => {
    const pathname = `/lists/favorites/cast/${(await createPerson()).id}`;
    await before(actor, 'POST', pathname);
    return { path: pathname };
  },
  'POST /lists/drama/{id}/status': async () => ({
    path: `/lists/drama/${(await createDrama({ episodes: 16 })).id}/status`,
    body: { status: 'watching', score: 8, progress: 3, notes: null },
  }),
  'DELETE /lists/drama/{id}/status': async (actor) => {
    const drama = await createDrama({ episodes: 16 });
    if (actor.member) await addToList({ member: actor.member, drama, status: 'watching', progress: 2 });
    return { path: `/lists/drama/${drama.id}/status` };
  },
  'POST /lists/drama/{id}/rewatch': async (actor) => {
    const drama = await createDrama({ episodes: 16 });
    if (actor.member) await addToList({ member: actor.member, drama, status: 'completed', progress: 16 });
    return { path: `/lists/drama/${drama.id}/rewatch` };
  },

  'POST /uploads': async () => ({ path: '/uploads', body: { purpose: 'avatar', content_type: 'image/png', size: 1000 } }),

  // --- comments and reactions (issue 20) ---
  'POST /comments': async () => ({ path: '/comments', body: { content: 'A comment', dorama_id: (await createDrama()).id } }),
  'PUT /comments/{id}': async (actor) => ({ path: `/comments/${await commentBy(await subjectFor(actor))}`, body: { content: 'Edited' } }),
  'DELETE /comments/{id}': async (actor) => ({ path: `/comments/${await commentBy(await subjectFor(actor))}` }),
  'POST /reactions': async () => ({ path: '/reactions', body: { type: 'love', comment_id: await commentBy(await createMember()) } }),
  'DELETE /reactions/{id}': async (actor) => ({ path: `/reactions/${await reactionBy(await subjectFor(actor))}` }),
  // --- end comments and reactions ---
  // --- social feed (issue 21) ---
  'POST /social/posts': async () => ({ path: '/social/posts', body: { content: 'A post' } }),
  'PUT /social/posts/{id}': async (actor) => ({ path: `/social/posts/${await postBy(await subjectFor(actor))}`, body: { content: 'Edited' } }),
  'DELETE /social/posts/{id}': async (actor) => ({ path: `/social/posts/${await postBy(await subjectFor(actor))}` }),
  'POST /social/posts/{id}/like': async (actor) => ({ path: `/social/posts/${await postBy(await subjectFor(actor))}/like` }),
  'POST /social/posts/{id}/repost': async (actor) => ({ path: `/social/posts/${await postBy(await subjectFor(actor))}/repost` }),
  'POST /social/posts/{id}/detach': async (actor) => {
    const quoted = await postBy(await subjectFor(actor));
    return { path: `/social/posts/${(await insertPost({ author: await createMember(), parent: { id: quoted }, kind: 'quote' })).id}/detach` };
  },
  // --- end social feed ---
  // --- member moderation (issue 22) ---
  'POST /users/{id}/moderation': async (actor) => ({ path: `/users/${(await subjectFor(actor)).id}/moderation`, body: { clear: ['bio'], note: 'Matrix' } }),
  // --- end member moderation ---
};

// --- comments and reactions (issue 20): records made directly ---
/** a comment by `author` on a new drama */
async function commentBy(author: Member): Promise<number> {
  return (await insertComment({ author, drama: await createDrama(), content: 'Matrix' })).id;
}
/** a reaction of `member` to another member's comment */
async function reactionBy(member: Member): Promise<number> {
  const commentId = await commentBy(await createMember());
  const [row] = await (await getDb()).insert(commentReactions).values({ userId: member.id, commentId, type: 'like' }).returning({ id: commentReactions.id });
  await (await getDb()).update(comments).set({ likeCount: 1 }).where(eq(comments.id, commentId));
  return row!.id;
}
// --- end comments and reactions ---

// --- social feed (issue 21) ---
/** a post by `author` */
async function postBy(author: Member): Promise<number> {
  return (await insertPost({ author, content: 'Matrix' })).id;
}
// --- end social feed ---

/** `POST /users/{id}/follow` matches `/users/12/follow` */
function matchesTemplate(template: string, pathname: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(pathname);
}

/** A fresh caller: a member of the right role and a token for it, or nobody. */
async function actorFor(who: Caller): Promise<Actor> {
  if (who === 'visitor') return { who };
  const member = await createMember({ role: who === 'mod' || who === 'admin' ? who : 'user' });
  return { who, member, token: await tokenFor(member) };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dl-authz-'));
  process.env.DATA_DIR = dataDir;
  process.env.STORAGE_DRIVER = 'local';
  reloadEnv();
  resetStorage();
  database = await createTestDatabase();
  server = await startApiServer(undefined, { mediaDir: path.join(dataDir, 'media') });
  const doc = (await (await createApi().request('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  mutating = Object.entries(doc.paths).flatMap(([pathname, item]) =>
    Object.keys(item)
      .filter((method) => METHODS.includes(method) && !READS.includes(method))
      .map((method) => `${method.toUpperCase()} ${pathname}`),
  );
}, 90_000);

afterAll(async () => {
  await settleBackgroundWork();
  await server?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the authorization matrix', () => {
  it('has a row for every mutating operation of the OpenAPI document', () => {
    expect(mutating.length).toBeGreaterThan(0);
    const missing = mutating.filter((operation) => !(operation in AUTHORIZATION_MATRIX));
    expect(missing, 'operations without a row in tests/api/authorization-matrix.ts').toEqual([]);
  });

  it('names no operation the document no longer has', () => {
    const gone = Object.keys(AUTHORIZATION_MATRIX).filter((operation) => !mutating.includes(operation));
    expect(gone, 'rows of tests/api/authorization-matrix.ts without an operation').toEqual([]);
  });

  it('gives every row a request, and every row every caller', () => {
    expect(Object.keys(AUTHORIZATION_MATRIX).filter((operation) => !REQUESTS[operation])).toEqual([]);
    expect(Object.keys(REQUESTS).filter((operation) => !AUTHORIZATION_MATRIX[operation])).toEqual([]);
    for (const [operation, row] of Object.entries(AUTHORIZATION_MATRIX)) {
      for (const who of CALLERS) expect(typeof row[who], `${operation}: ${who}`).toBe('number');
      expect(row.owner_is, operation).toBeTruthy();
    }
  });

  it.each(Object.keys(AUTHORIZATION_MATRIX))('%s answers each caller as the row says', async (operation) => {
    const row = AUTHORIZATION_MATRIX[operation]!;
    const recipe = REQUESTS[operation];
    if (!recipe) throw new Error(`no request for ${operation} in authorization-matrix.test.ts`);
    const [method, template] = operation.split(' ') as [string, string];
    const got: Partial<Record<Caller, number>> = {};
    const details: string[] = [];
    for (const who of CALLERS) {
      const actor = await actorFor(who);
      const request = await recipe(actor);
      expect(matchesTemplate(template, request.path.split('?')[0]!), `${request.path} is not ${template}`).toBe(true);
      const res = await send(method, request, actor.token);
      got[who] = res.status;
      if (res.status !== row[who]) details.push(`${who}: ${res.status} ${JSON.stringify(res.body)}`);
      // a refusal always says why
      if (res.status === 401 || res.status === 403) expect(res.body?.detail, `${operation} ${who}`).toEqual(expect.any(String));
    }
    const expected = Object.fromEntries(CALLERS.map((who) => [who, row[who]]));
    expect(got, details.join('\n')).toEqual(expected);
  });
});
