// The API under hostile input (docs/decisions/012). Every operation of /api/v1/openapi.json gets
// requests built from its own parameters, bodies and security: first a few well-formed ones (so the
// successful paths are reached), then thousands of hostile ones, CONCURRENCY at a time. A write
// (any method but GET, and the local upload PUT that POST /uploads hands out) gets WRITE_WEIGHT times
// a read's requests, VALID_SHARE of them valid: a real token and a body its schema accepts, with
// awkward values in it (boundary lengths, right-to-left and zero-width text, markup, extreme
// numbers), so that its handler runs; the test counts the requests whose handler ran and fails
// below MIN_REACHED of them. No answer may be a server error or a status the document does not
// declare for its operation, every error must be JSON with a `detail`, every success must match its
// schema, member operations and public ones that read a token must refuse every forged token, a
// real token must never be refused, and the server must stay healthy.
//
//   FUZZ_SEED=<n>           replay a run (each run prints its seed; default fixed, so CI is repeatable)
//   FUZZ_REQUESTS=<n>       requests per database (default 4500: a read gets ~55, a write ~110; a long campaign: 100000)
//   FUZZ_CONCURRENCY=<n>    requests in flight (default 8)
//   FUZZ_OPERATIONS=a,b     only these operationIds (replays keep each operation's own sequence)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Context, Next } from 'hono';
import { issueOneTimeToken } from '../../src/lib/server/auth/one-time-tokens.ts';
import { editRecord, suggestEdit } from '../../src/lib/server/services/catalogue-editing/catalogue-edits.ts';
import { getJwtKey } from '../../src/lib/server/auth/secrets.ts';
import { createUpload } from '../../src/lib/server/services/uploads/uploads.ts';
import { env, reloadEnv } from '../../src/lib/server/env.ts';
import { seedDatabase } from '../../src/lib/server/seed/index.ts';
import {
  answerChecker,
  describeRequest,
  readOperations,
  requestFor,
  send,
  strayRequest,
  type Answer,
  type FuzzOperation,
  type FuzzRequest,
  type GeneratorOptions,
  type KnownValues,
  type OpenApiDocument,
} from '../helpers/api-fuzzer.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { encodeCursor } from '../../src/lib/server/db/keyset-paging.ts';
import { createReport } from '../../src/lib/server/services/reports/reports.ts';
import { createMember, createMembers, insertComment, insertPost, tokenFor, type Member } from '../helpers/factories.ts';
import { startMailbox } from '../helpers/mailbox.ts';
import { startOidcProvider } from '../helpers/oidc-provider.ts';

const numberFrom = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not ${raw}`);
  return value;
};
const SEED = numberFrom('FUZZ_SEED', 20_261_125);
const REQUESTS = numberFrom('FUZZ_REQUESTS', 4500);
const CONCURRENCY = Math.max(1, numberFrom('FUZZ_CONCURRENCY', 8));
const ONLY = process.env.FUZZ_OPERATIONS?.split(',').map((s) => s.trim()).filter(Boolean);
/** well-formed requests per operation before the hostile ones */
const WARM_UP = 3;
/** a write's requests, against a read's */
const WRITE_WEIGHT = 2;
/** of a write's requests, the share that is valid (passes validation with awkward values) */
const VALID_SHARE = 0.7;
/** of a write's requests, the share whose handler must run (past the token, validation and limits) */
const MIN_REACHED = 0.35;
/** a write judged on fewer requests (FUZZ_REQUESTS set low) says little: its share is not asserted */
const MIN_JUDGED = 30;
const TIMEOUT_MS = 20_000;
/**
 * The rate limits are forgotten every so many requests: sign-in, registration and reset answer 429
 * after a few dozen attempts, and the code behind the limit must be fuzzed too (the limits have tests
 * of their own in auth.test.ts).
 */
const FORGET_LIMITS_EVERY = 100;
/** the rate limits, and the renames that count against the daily rename limit (docs/decisions/030) */
async function forgetLimits() {
  await sql('DELETE FROM rate_limits');
  await sql('DELETE FROM username_changes');
}
const BASE = '/api/v1';

/**
 * Whose handler ran: every request carries its index in `X-Fuzz-Request`, and every route's handler
 * (the last of its chain, after the token, the validators and the route's middleware) notes it. The
 * routers are made by createRouter, wrapped here: a new operation is counted as soon as it exists.
 */
const handlers = vi.hoisted(() => ({ header: 'x-fuzz-request', ran: new Set<number>() }));
vi.mock('../../src/lib/server/api/create-router.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/server/api/create-router.ts')>();
  type Handler = (c: Context, next: Next) => unknown;
  const counted =
    (handler: Handler): Handler =>
    (c, next) => {
      const index = c.req.header(handlers.header);
      if (index !== undefined) handlers.ran.add(Number(index));
      return handler(c, next);
    };
  return {
    ...original,
    createRouter() {
      const router = original.createRouter();
      const { openapi, put } = router as unknown as Record<'openapi' | 'put', (...args: unknown[]) => unknown>;
      Object.assign(router, {
        openapi: (route: unknown, handler: Handler, hook?: unknown) => openapi(route, counted(handler), hook),
        // the local upload PUT, a plain route (not in the document)
        put: (path: string, ...chain: Handler[]) => put(path, ...chain.slice(0, -1), counted(chain.at(-1)!)),
      });
      return router;
    },
  };
});

/**
 * Operations that cannot answer below 400 in this set-up, and why. Everything else must be reached
 * at least once (an operation whose successful path the fuzzer never reaches is barely tested).
 */
const NO_SUCCESS_EXPECTED: Record<string, string> = {};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-media-'));
const googleVars = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_ISSUER'] as const;

const PASSWORD = 'Fuzzing123';
const accounts = {
  member: { email: 'fuzz.member@example.com', username: 'fuzzmember', id: 0 },
  admin: { email: 'fuzz.admin@example.com', username: 'fuzzadmin', id: 0 },
  pending: { email: 'fuzz.pending@example.com', username: 'fuzzpending', id: 0 },
  resetter: { email: 'fuzz.resetter@example.com', username: 'fuzzresetter', id: 0 },
};
const tokens = { member: '', admin: '' };
/**
 * Operations that revoke the token they are sent with (or every token of its member): they are sent
 * a new token of `leaver` each time, so that the member's and the admin's tokens stay valid, and a
 * real token that is refused is a failure.
 */
const REVOKES_TOKENS = new Set(['logout', 'logoutAll']);
let leaver: Member;
/**
 * The e-mailed tokens are single-use: the requests carry these placeholders, each replaced with a
 * new token issued as the service issues it, just before it is sent (reset links for several
 * members, so that concurrent resets do not revoke each other's links).
 */
const VERIFY_TOKEN = 'FuzzVerifyTokenPlaceholder0000000000000000';
const RESET_TOKEN = 'FuzzResetTokenPlaceholder00000000000000000';
const SIGN_IN_TOKEN = 'FuzzSignInTokenPlaceholder0000000000000000';
let resetters: Member[] = [];
let resets = 0;
/**
 * Operations only mods and admins may call (a member's token is a 403 before the handler): their
 * well-formed and valid requests carry the admin's token, so that their handlers run.
 */
const STAFF_OPERATIONS: ReadonlySet<string> = new Set([
  'listReports',
  'resolveReport',
  'moderateMember',
  'listMemberModeration',
  // catalogue editing (issue 22): mods' and admins' calls (a member's listing is mine=true only)
  'updateDrama',
  'updatePerson',
  'reviewEditSuggestion',
  'revertEdit',
  'lockDramaField',
  'unlockDramaField',
  'lockPersonField',
  'unlockPersonField',
  'listEditSuggestions',
]);
/** what blocks and reports act on (docs/decisions/035): members to block, comments and posts, open reports */
const community = { blockees: [] as number[], moderated: [] as number[], comments: [] as number[], posts: [] as number[], reports: [] as number[], suggestions: [] as number[], historyEntries: [] as number[] };

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.pool.query(text, values)).rows as T[];
}

const postJson = (pathname: string, body: unknown) =>
  server.request(`${BASE}${pathname}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** Registers an account through the API and returns the token of the e-mail it was sent. */
async function register(account: (typeof accounts)[keyof typeof accounts]) {
  const since = mailbox.messages.length;
  const res = await postJson('/auth/register', { email: account.email, username: account.username, full_name: 'Fuzz Tester', password: PASSWORD });
  expect(res.status).toBe(201);
  const mail = await mailbox.waitFor(account.email, since);
  const [row] = await sql<{ id: number }>('SELECT id FROM users WHERE username = $1', [account.username]);
  account.id = row!.id;
  return mailbox.linkIn(mail, '/verify-email').searchParams.get('token')!;
}

/**
 * Signs in through the API (again after an operation revoked the token, e.g. a sign-out); the rate
 * limits the campaign has used up are forgotten first when they stand in the way.
 */
async function signIn(who: 'member' | 'admin') {
  for (let attempt = 1; ; attempt++) {
    const form = new FormData();
    form.set('username', accounts[who].email);
    form.set('password', PASSWORD);
    const res = await server.request(`${BASE}/auth/login`, { method: 'POST', body: form });
    if (res.status === 200) {
      tokens[who] = ((await res.json()) as { access_token: string }).access_token;
      return;
    }
    if (res.status !== 429 || attempt > 1) throw new Error(`signing in as ${who} answered ${res.status}: ${await res.text()}`);
    await sql('DELETE FROM rate_limits');
  }
}

/**
 * What blocks and reports act on: members to block, comments (on dramas and on a profile) and posts,
 * and open reports of them, one per thing (resolving one resolves every report of its thing).
 */
async function makeCommunityRecords() {
  const authors = await createMembers(4);
  community.blockees = (await createMembers(6)).map((m) => m.id);
  // members of their own for the admin to moderate (suspending the fuzz member would end its token)
  community.moderated = (await createMembers(6)).map((m) => m.id);
  const dramaIds = (await sql<{ id: number }>('SELECT id FROM dramas ORDER BY id LIMIT 12')).map((r) => r.id);
  for (let i = 0; i < 90; i++) {
    const author = authors[i % authors.length]!;
    const comment = await insertComment(i % 5 === 4 ? { author, profile: authors[(i + 1) % authors.length]! } : { author, drama: dramaIds[i % dramaIds.length]! });
    community.comments.push(comment.id);
    if (i % 3 === 0) community.posts.push((await insertPost({ author })).id);
  }
  const reporters = await createMembers(3);
  for (const [i, targetId] of [...community.comments, ...community.posts].entries()) {
    if (i % 3 === 2) continue; // some things the campaign's reports are the first of
    const targetType = i < community.comments.length ? 'comment' : 'post';
    const { report } = await createReport(database.db, reporters[i % reporters.length]!.id, { targetType, targetId, reason: 'spam' });
    community.reports.push(report.id);
  }
  // catalogue editing (issue 22): pending suggestions to review and applied changes to revert, on
  // dramas the campaign's edits do not touch (the last ones), so that some reviews and reverts succeed
  const lastDramas = (await sql<{ id: number }>('SELECT id FROM dramas ORDER BY id DESC LIMIT 40')).map((r) => r.id);
  for (const [i, dramaId] of lastDramas.entries()) {
    if (i % 2 === 0) community.suggestions.push(await suggestEdit(database.db, authors[i % authors.length]!.id, 'drama', dramaId, { title: `Fuzz suggestion ${i}` }));
    else community.historyEntries.push((await editRecord(database.db, authors[i % authors.length]!.id, 'drama', dramaId, { synopsis: `Fuzz synopsis ${i}` })).historyId);
  }
}

/** `Authorization` values that must never let anyone in. */
async function forgedAuthorizations(): Promise<GeneratorOptions['forgedAuth']> {
  const key = getJwtKey();
  const member = accounts.member;
  const claims = { role: 'admin', ver: 0 };
  const signed = (build: (jwt: SignJWT) => SignJWT, alg = 'HS256', signingKey: Uint8Array = key) =>
    build(new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).setIssuer('dramalist').setIssuedAt()).sign(signingKey);
  const [header, payload, signature] = tokens.member.split('.');
  const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' })).toString('base64url');
  const entries: [string, string][] = [
    ['no token after the scheme', 'Bearer'],
    ['blank token', 'Bearer   '],
    ['garbage token', 'Bearer garbage'],
    ['three empty parts', 'Bearer ..'],
    ['a.b.c', 'Bearer a.b.c'],
    ['Basic credentials', 'Basic ZnV6ejpmdXp6'],
    ['another scheme', `Token ${tokens.member}`],
    ['the token without a scheme', tokens.member],
    ['an 8 kB token', `Bearer ${'x'.repeat(8000)}`],
    ['latin-1 bytes', 'Bearer \u00ff\u00fe\u00e9'],
    ['alg none', `Bearer ${new UnsecuredJWT(claims).setSubject(String(member.id)).setIssuer('dramalist').setExpirationTime('1h').encode()}`],
    ['signed with another key', `Bearer ${await signed((j) => j.setSubject(String(member.id)).setExpirationTime('1h'), 'HS256', new TextEncoder().encode('x'.repeat(48)))}`],
    ['expired', `Bearer ${await signed((j) => j.setSubject(String(member.id)).setExpirationTime(Math.floor(Date.now() / 1000) - 60))}`],
    ['no expiry', `Bearer ${await signed((j) => j.setSubject(String(member.id)))}`],
    ['HS512', `Bearer ${await signed((j) => j.setSubject(String(member.id)).setExpirationTime('1h'), 'HS512', new Uint8Array(64).fill(7))}`],
    ['unknown user', `Bearer ${await signed((j) => j.setSubject('999999999').setExpirationTime('1h'))}`],
    ['subject not a number', `Bearer ${await signed((j) => j.setSubject("1 OR 1=1").setExpirationTime('1h'))}`],
    ['revoked version', `Bearer ${await new SignJWT({ role: 'user', ver: -1 }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(member.id)).setIssuer('dramalist').setExpirationTime('1h').sign(key)}`],
    ['payload tampered (role admin)', `Bearer ${header}.${tampered}.${signature}`],
    ['signature stripped', `Bearer ${header}.${payload}.`],
    ['header says none, signature kept', `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.${signature}`],
  ];
  return entries.map(([label, value]) => ({ label, header: value }));
}

/** Values that mean something to this server: real ids, names, accounts, e-mailed tokens. */
async function knownValues(): Promise<KnownValues> {
  const column = async (query: string) => (await sql<{ v: unknown }>(query)).map((r) => String(r.v)).filter(Boolean);
  const dramaIds = await column('SELECT id AS v FROM dramas ORDER BY id LIMIT 12');
  const personIds = await column('SELECT id AS v FROM people ORDER BY id LIMIT 12');
  const titles = await column('SELECT title AS v FROM dramas ORDER BY id LIMIT 12');
  const names = await column('SELECT name AS v FROM people ORDER BY id LIMIT 12');
  const genres = await column('SELECT name AS v FROM genres ORDER BY id');
  const genreIds = await column('SELECT id AS v FROM genres ORDER BY id');
  const tags = await column('SELECT name AS v FROM tags ORDER BY id LIMIT 20');
  const countries = await column('SELECT DISTINCT country AS v FROM dramas ORDER BY 1');
  const nationalities = await column('SELECT DISTINCT unnest(nationality) AS v FROM people ORDER BY 1');
  const usernames = [...Object.values(accounts).map((a) => a.username), ...(await column('SELECT username AS v FROM users ORDER BY id LIMIT 5'))];
  const emails = Object.values(accounts).map((a) => a.email);
  const of = (...values: string[]) => fc.constantFrom(...values);
  const fresh = (prefix: string) => fc.nat({ max: 1_000_000 }).map((n) => `${prefix}${n}`);
  // --- comments and reactions (issue 20): the member's own comments and reactions made in beforeAll ---
  const ownComments = await column(`SELECT id AS v FROM comments WHERE user_id = ${accounts.member.id} ORDER BY id`);
  const othersComments = await column(`SELECT id AS v FROM comments WHERE user_id <> ${accounts.member.id} AND parent_id IS NULL ORDER BY id`);
  const ownReactions = await column(`SELECT id AS v FROM comment_reactions WHERE user_id = ${accounts.member.id} ORDER BY id`);
  const memberIds = await column('SELECT id AS v FROM users WHERE email_verified_at IS NOT NULL ORDER BY id LIMIT 6');
  const ints = (values: string[]) => fc.constantFrom(...values.map(Number));
  const commentContent = fc.oneof(
    { weight: 4, arbitrary: of('Loved episode 3!', `@${accounts.member.username} ||the ending|| was a twist`, '<b>not markup</b>', ' trimmed ', '평점 10점') },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
  );
  const commentKnown = {
    'getComments.type': of('dorama', 'profile'),
    'getComments.id': of(...dramaIds, ...memberIds),
    'getComments.page': of('1', '2', '3'),
    'getComments.page_size': of('1', '10', '50'),
    'getComments.order': of('recent', 'oldest'),
    'createComment.content': commentContent,
    'createComment.dorama_id': ints(dramaIds),
    'createComment.profile_user_id': ints(memberIds),
    'createComment.reply_to_id': ints(othersComments),
    'updateComment.id': of(...ownComments),
    'updateComment.content': commentContent,
    'deleteComment.id': of(...ownComments),
    'saveReaction.comment_id': ints([...othersComments, ...ownComments]),
    'saveReaction.type': of('like', 'love', 'laugh'), // not the catalogue's `type` above
    'deleteReaction.id': of(...ownReactions),
    'getUserReactions.comment_ids': of(othersComments.slice(0, 5).join(','), othersComments.slice(0, 100).join(','), String(othersComments[0])),
  };
  // --- end comments and reactions ---
  // --- social feed (issue 21): posts by others (to reply to, quote, like, repost), the member's own
  // (to edit, delete, like) and others' quotes of the member's posts (to detach), made in beforeAll ---
  const ownPosts = await column(`SELECT id AS v FROM posts WHERE author_id = ${accounts.member.id} AND kind = 'post' ORDER BY id`);
  const othersPosts = await column(`SELECT id AS v FROM posts WHERE author_id <> ${accounts.member.id} AND kind = 'post' AND content LIKE 'Fuzz post%' ORDER BY id`);
  const quotesOfOwn = await column(
    `SELECT q.id AS v FROM posts q JOIN posts p ON p.id = q.parent_id WHERE q.kind = 'quote' AND p.author_id = ${accounts.member.id} ORDER BY q.id`,
  );
  const postContent = fc.oneof(
    { weight: 4, arbitrary: of('Day 3 of the rewatch', `@${accounts.member.username} ||the twist|| though`, '<i>not markup</i>', ' trimmed ', '오늘 방송 최고') },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
  );
  const cursors = [new Date(), new Date(Date.now() + 86_400_000)].map((at) => at.toISOString().replace('Z', '000Z'));
  const feedKnown = {
    'getSocialPosts.tab': of('for-you', 'following'),
    'getSocialPosts.limit': of('1', '20', '50'),
    'getSocialPosts.cursor': of(...cursors.map((at) => encodeCursor({ at, id: 2_147_483_647 })), ...cursors.map((at) => encodeCursor({ at, id: 2_147_483_647, rank: 1 }))),
    'getSocialPost.id': of(...othersPosts.slice(0, 10), ...ownPosts.slice(0, 10)),
    // a replies page's cursor (this server's; a Following one, with a rank, is a 400)
    'getSocialPost.replies_cursor': of(...cursors.map((at) => encodeCursor({ at, id: 1 })), encodeCursor({ at: cursors[0]!, id: 1, rank: 1 })),
    'getSocialThread.id': of(...othersPosts.slice(0, 10), ...ownPosts.slice(0, 10)),
    'createSocialPost.content': postContent,
    'createSocialPost.parent_id': ints(othersPosts),
    'createSocialPost.kind': of('reply', 'quote'),
    'createSocialPost.reply_control': of('everyone', 'following', 'nobody'),
    'updateSocialPost.id': of(...ownPosts),
    'updateSocialPost.content': postContent,
    'updateSocialPost.reply_control': of('everyone', 'following', 'nobody'),
    'deleteSocialPost.id': of(...ownPosts),
    'toggleSocialPostLike.id': of(...othersPosts, ...ownPosts),
    'toggleSocialPostRepost.id': of(...othersPosts),
    'detachSocialQuote.id': of(...quotesOfOwn),
  };
  // --- end social feed ---
  return {
    ...commentKnown,
    ...feedKnown,
    id: of(...dramaIds, ...personIds, '0', '999999'),
    username: of(...usernames),
    'updateCurrentUser.username': fc.oneof({ weight: 5, arbitrary: fresh('fuzzer') }, of(...usernames)),
    email: fc.oneof(of(...emails), fresh('fuzz').map((s) => `${s}@example.com`)),
    password: of(PASSWORD, 'Secret123'),
    new_password: of('Fuzzing456', 'weak'),
    token: of(VERIFY_TOKEN, RESET_TOKEN),
    full_name: of('Fuzz Tester', 'Kim Min-ji'),
    bio: of('Hello', ''),
    // an image is only ever an upload of the member's own (POST /uploads first): null removes it, and
    // the others are refused, so a well-formed profile save mostly sends null
    avatar: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, of('/media/avatar.jpg', 'https://example.com/a.png')),
    cover_photo: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, of('/media/cover.jpg')),
    title: of(...titles),
    q: of(...titles, ...names),
    name: of(...names),
    genre: of(...genres, ...genreIds),
    genre_id: of(...genreIds),
    genre_name: of(...genres),
    tag: of(...tags),
    country: of(...countries),
    nationality: of(...nationalities),
    gender: of('Male', 'female', 'Other'),
    type: of('drama', 'movie', 'TV Show', 'special'),
    status: of('airing', 'ongoing', 'completed', 'upcoming'),
    year: of('2020', '2024', '2015,2024', ',2020', '2025,'),
    ep: of('16', '10,20', ',12'),
    rt: of('7.5,10', '8', ',5'),
    // Per operation (`operationId.field`), weighted so that well-formed requests mostly succeed:
    // wrong passwords, unknown e-mails and bad tokens come from the schema's random strings anyway.
    'login.username': fc.oneof({ weight: 6, arbitrary: of(accounts.member.email) }, of(accounts.admin.email, accounts.pending.email)),
    'login.password': of(PASSWORD),
    'register.email': fc.oneof({ weight: 5, arbitrary: fresh('fuzz').map((s) => `${s}@example.com`) }, of(...emails)),
    'register.username': fc.oneof({ weight: 5, arbitrary: fresh('fuzzer') }, of(...usernames)),
    'verifyEmail.token': of(VERIFY_TOKEN),
    'resetPassword.token': of(RESET_TOKEN),
    'resetPassword.new_password': of('Fuzzing456'),
    'redeemSignInLink.token': of(SIGN_IN_TOKEN),
    'listSeasonDramas.year': of('2019', '2024', '2025', '2026'), // a year, where the search takes a range
    // a list entry's status (the catalogue's `status` values above are a drama's)
    'saveListStatus.status': of('watching', 'completed', 'plan_to_watch', 'dropped'),
    // an upload the rules allow (any type and size come from the schema's random values anyway)
    'createUpload.content_type': of('image/jpeg', 'image/png', 'image/webp'),
    'createUpload.size': fc.integer({ min: 1, max: 5 * 1024 * 1024 }),
    // the dramas the member has completed entries of (a person's id or an unknown one is only a 404):
    // with every operation of the document sharing the campaign, a rewatch must still find one
    'startRewatch.id': of(...dramaIds),
    // blocks act on members of their own (blocking the members the follows and profiles use would
    // turn those into 403s); reports on the comments and posts made for them, resolved by the admin
    'blockUser.id': of(...community.blockees.map(String)),
    'unblockUser.id': of(...community.blockees.map(String)),
    'getBlockState.id': of(...community.blockees.map(String)),
    'createReport.target_id': fc.constantFrom(...community.comments, ...community.posts),
    'resolveReport.id': of(...community.reports.map(String)),
    // a report's status (the catalogue's `status` values above are a drama's), and cursors this server signed
    'listReports.status': of('open', 'resolved'),
    // member moderation (issue 22): the admin acts on members of its own, with a note, a future date or a lift
    'moderateMember.id': of(...community.moderated.map(String)),
    'listMemberModeration.id': of(...community.moderated.map(String)),
    'moderateMember.note': of('Spam in the bio', ' trimmed ', '오늘'),
    'moderateMember.suspend_until': fc.oneof(fc.constant(null), of(new Date(Date.now() + 86_400_000).toISOString(), '2099-01-01T00:00:00+09:00')),
    // catalogue editing (issue 22): dates and images an edit may hold (an image is only an upload of
    // the caller's: null clears it), genres the catalogue knows, suggestions and entries made for them
    ...Object.fromEntries(
      ['updateDrama', 'suggestDramaEdit', 'updatePerson', 'suggestPersonEdit'].flatMap((op) => [
        [`${op}.aired_start`, fc.constantFrom('2020-01-03', '2021-02-28', null)],
        [`${op}.aired_end`, fc.constantFrom('2024-12-31', null)],
        [`${op}.date_of_birth`, fc.constantFrom('1990-05-01', '1985-12-31', null)],
        [`${op}.banner_image`, fc.constant(null)],
        [`${op}.image`, fc.constant(null)],
        [`${op}.genres`, fc.constantFrom(genres.slice(0, 2), genres.slice(2, 3), [])],
        [`${op}.year`, fc.constantFrom(2019, 2024, null)],
        [`${op}.episodes`, fc.constantFrom(12, 16, null)],
        [`${op}.status`, fc.constantFrom('airing', 'Completed', 'UPCOMING', 'cancelled')],
        [`${op}.type`, fc.constantFrom('drama', 'Movie', 'TV_Show', 'SPECIAL')],
        [`${op}.network`, fc.constantFrom('tvN', 'JTBC', null)],
        [`${op}.tags`, fc.constantFrom([], tags.slice(0, 2), ['Fuzz tag'])],
        [`${op}.also_known_as`, fc.constantFrom([], ['Alias'], 'One, Two')],
        [`${op}.native_title`, fc.constantFrom([], ['제목'], null)],
        [`${op}.native_name`, fc.constantFrom('김민지', null)],
        [`${op}.nationality`, fc.constantFrom(nationalities.slice(0, 1), 'South Korean, Japanese', [])],
        [`${op}.synopsis`, fc.constantFrom('A new synopsis.', 'Two families, one secret.', '')],
        [`${op}.biography`, fc.constantFrom('An actor since 2010.', '')],
        [`${op}.source_note`, fc.constantFrom('The broadcaster\'s site', '')],
        [`${op}.title`, fc.oneof(of(...titles), fresh('Fuzz Title '))],
        [`${op}.name`, fc.oneof(of(...names), fresh('Fuzz Name '))],
      ]),
    ),
    'reviewEditSuggestion.id': of(...community.suggestions.map(String)),
    'revertEdit.id': of(...community.historyEntries.map(String)),
    'listEditSuggestions.status': of('pending', 'approved', 'rejected'),
    'listEditSuggestions.mine': of('true', 'false'),
    'lockDramaField.field': of('title', 'synopsis', 'genres', 'banner_image'),
    'unlockDramaField.field': of('title', 'synopsis', 'genres', 'banner_image'),
    'lockPersonField.field': of('name', 'biography', 'image'),
    'unlockPersonField.field': of('name', 'biography', 'image'),
    'listReports.cursor': of(...[new Date(), new Date(Date.now() + 86_400_000)].map((at) => encodeCursor({ at: at.toISOString().replace('Z', '000Z'), id: 2_147_483_647 }))),
  };
}

beforeAll(async () => {
  mailbox = await startMailbox();
  database = await createTestDatabase();
  await seedDatabase(database.db, { scale: 30, mediaDir, today: '2026-11-22' });
  server = await startApiServer();
  // Google sign-in against a real local OpenID provider, so its routes run their real paths
  provider = await startOidcProvider({ clientId: 'dramalist', clientSecret: 'provider-secret', redirectUri: `${process.env.PUBLIC_URL}${BASE}/auth/google/callback` });
  Object.assign(process.env, { GOOGLE_CLIENT_ID: 'dramalist', GOOGLE_CLIENT_SECRET: 'provider-secret', GOOGLE_ISSUER: provider.issuer });
  reloadEnv();

  // A verified member (signed in through the API), an admin, an unverified account and one who asks
  // for a password reset (the e-mailed links work); the members whose reset links the campaign uses,
  // and the one it signs out.
  const verifyMember = await register(accounts.member);
  expect((await postJson('/auth/verify', { token: verifyMember })).status).toBe(200);
  await signIn('member');
  await register(accounts.admin);
  await sql("UPDATE users SET role = 'admin', email_verified_at = now() WHERE id = $1", [accounts.admin.id]);
  await signIn('admin');
  await register(accounts.pending);
  await register(accounts.resetter);
  await sql('UPDATE users SET email_verified_at = now() WHERE id = $1', [accounts.resetter.id]);
  const since = mailbox.messages.length;
  expect((await postJson('/auth/forgot-password', { email: accounts.resetter.email })).status).toBe(200);
  const reset = mailbox.linkIn(await mailbox.waitFor(accounts.resetter.email, since), '/password-reset').searchParams.get('token')!;
  expect((await postJson('/auth/reset-password', { token: reset, new_password: PASSWORD })).status).toBe(200);
  resetters = await createMembers(CONCURRENCY);
  leaver = await createMember();
  await makeCommunityRecords();
  // the member's own list entries on the dramas the fuzzer knows, completed, so that reading an
  // entry and starting a rewatch can succeed before the campaign's saves make any
  await sql(
    "INSERT INTO list_entries (user_id, drama_id, status) SELECT $1, id, 'completed' FROM dramas ORDER BY id LIMIT 12",
    [accounts.member.id],
  );
  // --- comments and reactions (issue 20): comments by others on the known dramas (to reply and react
  // to), the member's own (to edit and delete) and the member's reactions (to take back) ---
  const commentAuthor = await createMember();
  await sql(
    `INSERT INTO comments (user_id, drama_id, content)
     SELECT u, d.id, 'Fuzz comment ' || n FROM (SELECT id FROM dramas ORDER BY id LIMIT 12) d, generate_series(1, 25) n, (VALUES ($1::int), ($2::int)) AS a(u)`,
    [commentAuthor.id, accounts.member.id],
  );
  await sql(
    `INSERT INTO comment_reactions (user_id, comment_id, type) SELECT $1, id, 'like' FROM comments WHERE user_id = $2 ORDER BY id LIMIT 200`,
    [accounts.member.id, commentAuthor.id],
  );
  await sql(`UPDATE comments c SET like_count = (SELECT count(*) FROM comment_reactions r WHERE r.comment_id = c.id)`);
  // --- end comments and reactions ---
  // --- social feed (issue 21): posts by another member and by the member, and quotes of the member's ---
  const postAuthor = await createMember();
  await sql(
    `INSERT INTO posts (author_id, content) SELECT u, 'Fuzz post ' || n FROM generate_series(1, 80) n, (VALUES ($1::int), ($2::int)) AS a(u)`,
    [postAuthor.id, accounts.member.id],
  );
  await sql(
    `INSERT INTO posts (author_id, kind, parent_id, content) SELECT $1, 'quote', id, 'Fuzz quote' FROM posts WHERE author_id = $2 AND kind = 'post' ORDER BY id LIMIT 60`,
    [postAuthor.id, accounts.member.id],
  );
  await sql(`UPDATE posts p SET reposts_count = (SELECT count(*) FROM posts q WHERE q.parent_id = p.id AND q.kind = 'quote') WHERE author_id = $1`, [accounts.member.id]);
  // --- end social feed ---
  await sql('DELETE FROM rate_limits'); // the set-up's own requests do not count against the campaign
}, 120_000);

afterAll(async () => {
  await server?.close();
  await provider?.close();
  await mailbox?.close();
  await database?.drop();
  for (const name of googleVars) delete process.env[name];
  reloadEnv();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/**
 * Runs of the test so far: a retry (CI) runs on the same database, where the first run's fresh
 * usernames and e-mails now exist, so a retry draws other values (the first run stays replayable).
 */
let attempt = 0;

/** A number from the seed and a label, so each operation's sequence is its own. */
function seedFor(...parts: string[]) {
  let hash = SEED >>> 0;
  for (const ch of [...parts, ...(attempt > 1 ? [`attempt ${attempt}`] : [])].join('\u0000')) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x9e3779b1) >>> 0;
  return hash | 0;
}

// ---------------------------------------------------------------------------------------------
// The local upload PUT: not in the document (a client follows the upload_url POST /uploads answers),
// fuzzed as one more write, with the statuses services/uploads receiveLocalUpload answers.

const UPLOAD_PUT: FuzzOperation = {
  id: 'uploadLocalFile',
  method: 'PUT',
  path: '/uploads/local/{key}',
  params: [],
  member: false,
  statuses: ['204', '400', '403', '409', '413'], // 409: the ticket's file was received, or is being (docs/decisions/029)
  answers: {},
};

type Ticket = { target: string; key: string; query: URLSearchParams; contentType: string; size: number };

/** Signed addresses, as POST /uploads hands them out (through its service: its limit is not the point here). */
async function uploadTickets(count: number): Promise<Ticket[]> {
  const types = ['image/jpeg', 'image/png', 'image/webp'];
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const contentType = types[i % types.length]!;
      const size = [1, 100, 4096, 5 * 1024 * 1024][i % 4]!;
      const ticket = await createUpload(database.db, accounts.member.id, { purpose: 'avatar', contentType, size });
      const url = new URL(ticket.uploadUrl, 'http://x');
      return { target: `${url.pathname}${url.search}`, key: url.pathname.slice(`${BASE}/uploads/local/`.length), query: url.searchParams, contentType, size };
    }),
  );
}

/** A PUT to a signed address: mostly as signed (any size up to the signed one), else tampered with. */
function uploadRequest(tickets: Ticket[], hostility: 'valid' | 1, forgedAuth: GeneratorOptions['forgedAuth']): fc.Arbitrary<FuzzRequest> {
  const ticket = fc.constantFrom(...tickets);
  const request = (_ticket: Ticket, target: string, headers: Record<string, string>, body: FuzzRequest['body'], routed = true): FuzzRequest => ({
    op: UPLOAD_PUT.id,
    routed,
    method: 'PUT',
    target,
    headers,
    auth: { kind: 'none' },
    body,
  });
  const sized = (n: number, unit: number) => ({ kind: 'bytes' as const, data: Buffer.alloc(n, unit), label: `${n} bytes` });
  const asSigned = fc
    .tuple(ticket, fc.nat(), fc.nat({ max: 255 }))
    .map(([t, n, unit]) => request(t, t.target, { 'Content-Type': t.contentType }, sized(1 + (n % Math.min(t.size, 64 * 1024)), unit)));
  if (hostility === 'valid') return asSigned;
  const withQuery = (t: Ticket, change: (q: URLSearchParams) => void) => {
    const q = new URLSearchParams(t.query);
    change(q);
    return `${BASE}/uploads/local/${t.key}?${q}`;
  };
  const flip = (s: string) => (s ? `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}` : 'A');
  const tampered = fc
    .tuple(ticket, fc.constantFrom<[string, (q: URLSearchParams) => void]>(
      ['signature flipped', (q) => [...q.keys()].slice(-1).forEach((k) => q.set(k, flip(q.get(k)!)))],
      ['every value flipped', (q) => [...q.keys()].forEach((k) => q.set(k, flip(q.get(k)!)))],
      ['a value doubled', (q) => [...q.keys()].slice(0, 1).forEach((k) => q.append(k, q.get(k)!))],
      ['a value dropped', (q) => [...q.keys()].slice(0, 1).forEach((k) => q.delete(k))],
      ['values emptied', (q) => [...q.keys()].forEach((k) => q.set(k, ''))],
      ['values huge', (q) => [...q.keys()].forEach((k) => q.set(k, '9'.repeat(400)))],
      ['values negative', (q) => [...q.keys()].forEach((k) => q.set(k, '-1'))],
      ['no query', (q) => [...q.keys()].forEach((k) => q.delete(k))],
    ))
    .map(([t, [label, change]]) => request(t, withQuery(t, change), { 'Content-Type': t.contentType, 'X-Fuzz-Label': label }, sized(1, 1)));
  const otherKey = fc
    .tuple(ticket, ticket, fc.constantFrom('..%2f..%2fx', '%00', 'x/../../y', '%2e%2e/secret.jpg', '', 'avatar/', 'avatar/%FF.jpg'))
    // a `..` segment (`%2e%2e` too) may take the path out of /uploads/local/ (to no route: 404)
    .map(([t, u, key]) => request(t, `${BASE}/uploads/local/${key || u.key}?${t.query}`, { 'Content-Type': t.contentType }, sized(1, 2), !/(^|\/)(\.|%2e){2}(\/|%2f|$)/i.test(key)));
  const wrongBody = fc.tuple(ticket, fc.constantFrom('empty', 'over', 'over, chunked', 'no body')).map(([t, kind]) =>
    request(
      t,
      t.target,
      { 'Content-Type': t.contentType },
      kind === 'empty'
        ? sized(0, 0)
        : kind === 'no body'
          ? undefined
          : { kind: 'repeat', unit: 'x', bytes: t.size + 1, prefix: '', suffix: '', chunked: kind.includes('chunked'), label: 'over the signed size' },
    ),
  );
  const wrongType = fc
    .tuple(ticket, fc.constantFrom('', 'text/html', 'image/svg+xml', 'image/png; charset=utf-8', 'IMAGE/JPEG', 'image/jpeg, image/png', 'application/octet-stream'))
    .map(([t, type]) => request(t, t.target, type ? { 'Content-Type': type } : {}, sized(10, 3)));
  const withToken = fc.tuple(asSigned, fc.constantFrom(...forgedAuth)).map(([r, f]): FuzzRequest => ({ ...r, auth: { kind: 'forged', ...f } }));
  return fc.oneof(
    { weight: 2, arbitrary: asSigned },
    { weight: 3, arbitrary: tampered },
    { weight: 2, arbitrary: otherKey },
    { weight: 2, arbitrary: wrongBody },
    { weight: 2, arbitrary: wrongType },
    { weight: 1, arbitrary: withToken },
  );
}

// ---------------------------------------------------------------------------------------------
// Judging

interface Outcome {
  index: number;
  request: FuzzRequest;
  authorization: string | undefined;
  answer: Answer;
  /** the operation's handler ran (past the token, the validators and the route's middleware) */
  reached: boolean;
  problem?: string;
}

type CheckAnswer = ReturnType<typeof answerChecker>;

/** What is wrong with an answer, if anything. */
function judge(op: FuzzOperation | undefined, request: FuzzRequest, answer: Answer, checkAnswer: CheckAnswer): string | undefined {
  if (answer.error) return `no complete answer (${answer.error})`;
  const { status } = answer;
  if (status >= 500 && !(status === 503 && op?.statuses.includes('503'))) return `server error ${status}`;
  let body: unknown;
  const isJson = String(answer.headers['content-type'] ?? '').startsWith('application/json');
  if (isJson && request.method !== 'HEAD') { // a HEAD answer has no body
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `answer ${status} claims JSON but does not parse`;
    }
  }
  if (status >= 400 && request.method !== 'HEAD') {
    if (!isJson) return `error ${status} is not JSON (Content-Type: ${String(answer.headers['content-type'] ?? '') || 'none'})`;
    const detail = (body as { detail?: unknown } | null)?.detail;
    if (typeof detail !== 'string' || detail === '') return `error ${status} has no "detail" string`;
  }
  if (!op || !request.routed) return undefined; // the path may have reached another route, or none
  // A body over BODY_LIMIT is refused (413) before any route is chosen (api/index.ts limitBodies):
  // the one status an operation may answer without declaring it.
  const overLimit = status === 413 && request.body?.kind === 'repeat' && request.body.bytes > env().bodyLimit;
  if (!op.statuses.includes(String(status)) && !overLimit) return `status ${status} is not one the document declares (${op.statuses.join(', ')})`;
  const { auth } = request;
  if (op.member && auth.kind !== 'real' && status < 400)
    return `a member operation answered ${status} to ${auth.kind === 'forged' ? `a forged token (${auth.label})` : 'no token'}`;
  // An operation that reads the token (a member's, or a public one that declares 401 and takes no
  // credentials in a body as sign-in does) never refuses a real one, and refuses every forged one.
  const readsToken = op.member || (op.statuses.includes('401') && !op.body);
  if (readsToken && auth.kind === 'real' && status === 401 && !REVOKES_TOKENS.has(op.id)) return `a valid token (${auth.who}) was refused (401)`;
  if (readsToken && !op.member && auth.kind === 'forged' && status !== 401 && !overLimit)
    return `a public operation answered ${status} to a forged token (${auth.label})`;
  if (status >= 200 && status < 300 && isJson && request.method !== 'HEAD') return checkAnswer(op, status, body);
  return undefined;
}

describe('the API under hostile requests built from its OpenAPI document', () => {
  it(`answers every request without a server error (${REQUESTS} requests, ${CONCURRENCY} at a time)`, async () => {
    attempt++;
    const doc = (await (await server.request(`${BASE}/openapi.json`)).json()) as OpenApiDocument;
    const all = readOperations(doc);
    const ops = ONLY ? [...all, UPLOAD_PUT].filter((op) => ONLY.includes(op.id)) : [...all, UPLOAD_PUT];
    expect(ops.length, `operations to fuzz (FUZZ_OPERATIONS=${ONLY?.join(',') ?? ''})`).toBeGreaterThan(0);
    const byId = new Map(ops.map((op) => [op.id, op]));
    const checkAnswer = answerChecker(doc);
    console.info(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${REQUESTS} requests, ${CONCURRENCY} at a time, ${ops.length} operations, on ${database.kind}`);

    const options = (hostility: GeneratorOptions['hostility']): GeneratorOptions => ({
      known,
      forgedAuth,
      bodyLimit: env().bodyLimit,
      base: BASE,
      hostility,
      staffOperations: STAFF_OPERATIONS,
    });
    const known = await knownValues();
    const forgedAuth = await forgedAuthorizations();
    const tickets = await uploadTickets(24);
    const isWrite = (op: FuzzOperation) => op.method !== 'GET';
    const generator = (op: FuzzOperation, hostility: GeneratorOptions['hostility']) =>
      op === UPLOAD_PUT ? uploadRequest(tickets, hostility === 1 ? 1 : 'valid', forgedAuth) : requestFor(op, options(hostility));

    // Well-formed requests first, one operation after another; then the hostile mix, shuffled, with
    // some requests sent CONCURRENCY times at once (races: the same heart given twice at once, ...).
    const wellFormed = (op: FuzzOperation) => fc.sample(generator(op, 0), { seed: seedFor(op.id, 'warm-up'), numRuns: WARM_UP });
    // A DELETE is preceded by the POST to the same address, when there is one (give, then take back).
    const warmUp = ops.flatMap((op) => {
      const maker = op.method === 'DELETE' ? all.find((o) => o.method === 'POST' && o.path === op.path) : undefined;
      const made = maker && wellFormed(maker);
      return wellFormed(op).flatMap((request, i) => (made ? [{ ...made[i]!, target: request.target }, request] : [request]));
    });
    // A read gets `share` requests, a write WRITE_WEIGHT times as many, VALID_SHARE of them valid.
    const weights = ops.reduce((sum, op) => sum + (isWrite(op) ? WRITE_WEIGHT : 1), ONLY ? 0 : 1);
    const share = Math.max(1, Math.ceil((REQUESTS - warmUp.length) / weights));
    const hostile = ops.flatMap((op) => {
      if (!isWrite(op)) return fc.sample(generator(op, 1), { seed: seedFor(op.id), numRuns: share });
      const valid = Math.round(share * WRITE_WEIGHT * VALID_SHARE);
      return [
        ...fc.sample(generator(op, 'valid'), { seed: seedFor(op.id, 'valid'), numRuns: valid }),
        ...fc.sample(generator(op, 1), { seed: seedFor(op.id), numRuns: share * WRITE_WEIGHT - valid }),
      ];
    });
    if (!ONLY) hostile.push(...fc.sample(strayRequest(all, options(1)), { seed: seedFor('stray'), numRuns: share }));
    const [order] = fc.sample(fc.shuffledSubarray([...hostile.keys()], { minLength: hostile.length, maxLength: hostile.length }), { seed: seedFor('order'), numRuns: 1 });
    const [bursts] = fc.sample(fc.uniqueArray(fc.nat({ max: hostile.length - 1 }), { maxLength: Math.ceil(hostile.length / 100) }), { seed: seedFor('bursts'), numRuns: 1 });
    const burst = new Set(bursts);
    const campaign = order!.flatMap((i) => (burst.has(i) ? Array.from({ length: CONCURRENCY }, () => hostile[i]!) : [hostile[i]!]));

    /** The request as it leaves: its index, and a new single-use token in place of each placeholder. */
    const ready = async (request: FuzzRequest, index: number): Promise<FuzzRequest> => {
      const headers = { ...request.headers, [handlers.header]: String(index) };
      const body = request.body;
      if (body?.kind !== 'bytes') return { ...request, headers };
      const bytes = Buffer.from(body.data);
      if (!bytes.includes(VERIFY_TOKEN) && !bytes.includes(RESET_TOKEN) && !bytes.includes(SIGN_IN_TOKEN)) return { ...request, headers };
      let text = bytes.toString('utf8');
      while (text.includes(VERIFY_TOKEN)) text = text.replace(VERIFY_TOKEN, await issueOneTimeToken(database.db, accounts.pending.id, 'verify_email'));
      while (text.includes(RESET_TOKEN))
        text = text.replace(RESET_TOKEN, await issueOneTimeToken(database.db, resetters[resets++ % resetters.length]!.id, 'reset_password'));
      while (text.includes(SIGN_IN_TOKEN)) text = text.replace(SIGN_IN_TOKEN, await issueOneTimeToken(database.db, leaver.id, 'sign_in'));
      return { ...request, headers, body: { ...body, data: text } };
    };
    const authorizationOf = async (request: FuzzRequest) => {
      const { auth } = request;
      if (auth.kind === 'forged') return auth.header;
      if (auth.kind === 'none') return undefined;
      if (REVOKES_TOKENS.has(request.op)) return `${auth.scheme} ${await tokenFor(leaver, { fresh: true })}`;
      return `${auth.scheme} ${tokens[auth.who]}`;
    };

    // Send them, CONCURRENCY at a time, over kept-alive connections.
    const port = Number(new URL(server.baseUrl).port);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const outcomes: Outcome[] = [];
    let queue = warmUp;
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < queue.length) {
        const index = next++;
        if (index > 0 && index % FORGET_LIMITS_EVERY === 0) await forgetLimits();
        const request = await ready(queue[index]!, index);
        const authorization = await authorizationOf(request);
        const answer = await send(agent, port, request, authorization, TIMEOUT_MS);
        const problem = judge(byId.get(request.op), request, answer, checkAnswer);
        // only a failure's answer is kept whole: a long campaign would hold every page otherwise
        const kept = problem ? answer : { ...answer, text: '', previous: undefined };
        outcomes.push({ index, request, authorization, answer: kept, reached: handlers.ran.has(index), problem });
      }
    };
    // limits spent before (a retry of this test runs on the same database) would refuse the well-formed requests
    await forgetLimits();
    handlers.ran.clear();
    await worker(); // the well-formed requests one at a time, in order
    const warmUpSeconds = (performance.now() - started) / 1000;
    [queue, next] = [[...warmUp, ...campaign], warmUp.length];
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;

    // Statuses per operation, and for a write, how many of the campaign's requests (the warm-up's
    // aside) its handler ran on: refused by a rate limit (429) does not count.
    const summary = new Map<string, Map<number | string, number>>();
    const reach = new Map<string, { sent: number; reached: number; succeeded: number }>();
    for (const { index, request, answer, reached } of outcomes) {
      const counts = summary.get(request.op) ?? new Map<number | string, number>();
      const key = answer.error ? 'no answer' : answer.status;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      summary.set(request.op, counts);
      if (index < warmUp.length) continue;
      const r = reach.get(request.op) ?? { sent: 0, reached: 0, succeeded: 0 };
      r.sent++;
      if (reached && answer.status !== 429) r.reached++;
      if (answer.status >= 200 && answer.status < 300) r.succeeded++;
      reach.set(request.op, r);
    }
    const percent = (n: number, of: number) => `${Math.round((100 * n) / Math.max(1, of))}%`;
    const lines = [...summary].map(([op, counts]) => {
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const statuses = [...counts].sort(([a], [b]) => String(a).localeCompare(String(b))).map(([s, n]) => `${s}×${n}`);
      const r = reach.get(op);
      const reached = byId.get(op) && isWrite(byId.get(op)!) && r ? `  handler ran ${r.reached}/${r.sent} (${percent(r.reached, r.sent)}), ${r.succeeded} 2xx` : '';
      return `  ${op.padEnd(24)} ${String(total).padStart(5)}  ${statuses.join(' ')}${reached}`;
    });
    console.info(
      `fuzz: ${outcomes.length} answers in ${seconds.toFixed(1)} s (the first ${warmUp.length}, one at a time, in ${warmUpSeconds.toFixed(1)} s)\n${lines.join('\n')}`,
    );

    const failures = outcomes.filter((o) => o.problem).sort((a, b) => a.index - b.index);
    if (failures.length) {
      const byProblem = new Map<string, Outcome[]>();
      for (const f of failures) {
        const key = `${f.request.op}: ${f.problem}`;
        byProblem.set(key, [...(byProblem.get(key) ?? []), f]);
      }
      const report = [...byProblem].map(([key, list]) => {
        const first = list[0]!;
        const before = first.answer.error && first.answer.previous ? `\n  the request before it on that connection:\n${describeRequest(first.answer.previous, undefined)}` : '';
        return `${key} (${list.length}×), first at request #${first.index}:\n${describeRequest(first.request, first.authorization)}\n  → ${first.answer.status} ${first.answer.text.slice(0, 300)}${before}`;
      });
      console.error(`fuzz: ${failures.length} failures (seed ${SEED}; replay: FUZZ_SEED=${SEED} FUZZ_OPERATIONS=<operationId> npx vitest run tests/api/fuzz.test.ts)\n\n${report.join('\n\n')}`);
    }
    expect(failures.map((f) => `${f.request.op}: ${f.problem}`)).toEqual([]);

    // Every operation was fuzzed and reached past its checks at least once; every write's handler
    // ran on MIN_REACHED of its requests, and succeeded on some of them (after the warm-up).
    for (const op of ops) {
      const answers = outcomes.filter((o) => o.request.op === op.id);
      expect(answers.length, `${op.id} received requests`).toBeGreaterThan(0);
      if (!(op.id in NO_SUCCESS_EXPECTED))
        expect(answers.some((o) => !o.answer.error && o.answer.status < 400), `${op.id} answered below 400 at least once`).toBe(true);
      const r = reach.get(op.id);
      if (!isWrite(op) || !r || r.sent < MIN_JUDGED) continue;
      expect(r.reached / r.sent, `${op.id}: its handler ran on ${r.reached} of ${r.sent} requests`).toBeGreaterThanOrEqual(MIN_REACHED);
      if (!(op.id in NO_SUCCESS_EXPECTED)) expect(r.succeeded, `${op.id} succeeded in the campaign, not only in the warm-up`).toBeGreaterThan(0);
    }

    // ... and the server is still well: the database answers, members can still use the site.
    const health = await server.request(`${BASE}/health`);
    expect(health.status).toBe(200);
    await signIn('member');
    const me = await server.request(`${BASE}/users/me`, { headers: { Authorization: `Bearer ${tokens.member}` } });
    expect(me.status).toBe(200);
  }, 600_000);
});
