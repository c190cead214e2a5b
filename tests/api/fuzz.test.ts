// The API under hostile input (docs/decisions/012). Every operation of /api/v1/openapi.json gets
// requests built from its own parameters, bodies and security: first a few well-formed ones (so the
// successful paths are reached), then thousands of hostile ones, CONCURRENCY at a time. No answer
// may be a server error, every error must be JSON with a `detail`, member operations must refuse
// every forged token, and the server must stay healthy.
//
//   FUZZ_SEED=<n>           replay a run (each run prints its seed; default fixed, so CI is repeatable)
//   FUZZ_REQUESTS=<n>       requests per database (default 3000; a long campaign: 100000)
//   FUZZ_CONCURRENCY=<n>    requests in flight (default 8)
//   FUZZ_OPERATIONS=a,b     only these operationIds (replays keep each operation's own sequence)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJwtKey } from '../../src/lib/server/auth/secrets.ts';
import { env, reloadEnv } from '../../src/lib/server/env.ts';
import { seedDatabase } from '../../src/lib/server/seed/index.ts';
import {
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
const REQUESTS = numberFrom('FUZZ_REQUESTS', 3000);
const CONCURRENCY = Math.max(1, numberFrom('FUZZ_CONCURRENCY', 8));
const ONLY = process.env.FUZZ_OPERATIONS?.split(',').map((s) => s.trim()).filter(Boolean);
/** well-formed requests per operation before the hostile ones */
const WARM_UP = 3;
const TIMEOUT_MS = 20_000;
/**
 * The rate limits are forgotten every so many requests: sign-in, registration and reset answer 429
 * after a few dozen attempts, and the code behind the limit must be fuzzed too (the limits have tests
 * of their own in auth.test.ts).
 */
const FORGET_LIMITS_EVERY = 200;
const BASE = '/api/v1';

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
const secrets = { verify: '', reset: '' };

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
  return {
    id: of(...dramaIds, ...personIds, '0', '999999'),
    username: of(...usernames),
    'updateCurrentUser.username': fc.oneof({ weight: 5, arbitrary: fresh('fuzzer') }, of(...usernames)),
    email: fc.oneof(of(...emails), fresh('fuzz').map((s) => `${s}@example.com`)),
    password: of(PASSWORD, 'Secret123'),
    new_password: of('Fuzzing456', 'weak'),
    token: of(secrets.verify, secrets.reset),
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
    'verifyEmail.token': of(secrets.verify),
    'resetPassword.token': of(secrets.reset),
    'resetPassword.new_password': of('Fuzzing456'),
    'listSeasonDramas.year': of('2019', '2024', '2025', '2026'), // a year, where the search takes a range
    // a list entry's status (the catalogue's `status` values above are a drama's)
    'saveListStatus.status': of('watching', 'completed', 'plan_to_watch', 'dropped'),
    // an upload the rules allow (any type and size come from the schema's random values anyway)
    'createUpload.content_type': of('image/jpeg', 'image/png', 'image/webp'),
    'createUpload.size': fc.integer({ min: 1, max: 5 * 1024 * 1024 }),
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

  // A verified member (signed in through the API), an admin, an unverified account and one with a
  // pending password reset; the e-mailed tokens feed the fuzzer so verify and reset can succeed.
  const verifyMember = await register(accounts.member);
  expect((await postJson('/auth/verify', { token: verifyMember })).status).toBe(200);
  await signIn('member');
  await register(accounts.admin);
  await sql("UPDATE users SET role = 'admin', email_verified_at = now() WHERE id = $1", [accounts.admin.id]);
  await signIn('admin');
  secrets.verify = await register(accounts.pending);
  await register(accounts.resetter);
  await sql('UPDATE users SET email_verified_at = now() WHERE id = $1', [accounts.resetter.id]);
  const since = mailbox.messages.length;
  expect((await postJson('/auth/forgot-password', { email: accounts.resetter.email })).status).toBe(200);
  secrets.reset = mailbox.linkIn(await mailbox.waitFor(accounts.resetter.email, since), '/password-reset').searchParams.get('token')!;
  // the member's own list entries on the dramas the fuzzer knows, completed, so that reading an
  // entry and starting a rewatch can succeed before the campaign's saves make any
  await sql(
    "INSERT INTO list_entries (user_id, drama_id, status) SELECT $1, id, 'completed' FROM dramas ORDER BY id LIMIT 12",
    [accounts.member.id],
  );
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

/** A number from the seed and a label, so each operation's sequence is its own. */
/**
 * Runs of the test so far: a retry (CI) runs on the same database, where the first run's fresh
 * usernames and e-mails now exist, so a retry draws other values (the first run stays replayable).
 */
let attempt = 0;

function seedFor(...parts: string[]) {
  let hash = SEED >>> 0;
  for (const ch of [...parts, ...(attempt > 1 ? [`attempt ${attempt}`] : [])].join('\u0000')) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x9e3779b1) >>> 0;
  return hash | 0;
}

interface Outcome {
  index: number;
  request: FuzzRequest;
  authorization: string | undefined;
  answer: Answer;
  problem?: string;
}

/** What is wrong with an answer, if anything. */
function judge(op: FuzzOperation | undefined, request: FuzzRequest, answer: Answer): string | undefined {
  if (answer.error) return `no complete answer (${answer.error})`;
  const { status } = answer;
  if (status >= 500 && !(status === 503 && op?.statuses.includes('503'))) return `server error ${status}`;
  if (status >= 400 && request.method !== 'HEAD') { // a HEAD answer has no body
    const type = String(answer.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) return `error ${status} is not JSON (Content-Type: ${type || 'none'})`;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `error ${status} has a body that does not parse as JSON`;
    }
    const detail = (body as { detail?: unknown } | null)?.detail;
    if (typeof detail !== 'string' || detail === '') return `error ${status} has no "detail" string`;
  }
  if (op?.member && request.routed && request.auth.kind !== 'real' && status < 400)
    return `a member operation answered ${status} to ${request.auth.kind === 'forged' ? `a forged token (${request.auth.label})` : 'no token'}`;
  if (op && !op.member && request.routed && request.auth.kind === 'none' && status === 401 && !op.statuses.includes('401'))
    return 'a public operation asked for credentials';
  if (status >= 200 && status < 300 && request.method !== 'HEAD' && String(answer.headers['content-type'] ?? '').startsWith('application/json')) {
    try {
      JSON.parse(answer.text);
    } catch {
      return `answer ${status} claims JSON but does not parse`;
    }
  }
  return undefined;
}

describe('the API under hostile requests built from its OpenAPI document', () => {
  it(`answers every request without a server error (${REQUESTS} requests, ${CONCURRENCY} at a time)`, async () => {
    attempt++;
    const doc = (await (await server.request(`${BASE}/openapi.json`)).json()) as OpenApiDocument;
    const all = readOperations(doc);
    const ops = ONLY ? all.filter((op) => ONLY.includes(op.id)) : all;
    expect(ops.length, `operations to fuzz (FUZZ_OPERATIONS=${ONLY?.join(',') ?? ''})`).toBeGreaterThan(0);
    const byId = new Map(ops.map((op) => [op.id, op]));
    console.info(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${REQUESTS} requests, ${CONCURRENCY} at a time, ${ops.length} operations, on ${database.kind}`);

    const options = (hostility: 0 | 1): GeneratorOptions => ({
      known,
      forgedAuth,
      bodyLimit: env().bodyLimit,
      base: BASE,
      hostility,
    });
    const known = await knownValues();
    const forgedAuth = await forgedAuthorizations();

    // Well-formed requests first, one operation after another; then the hostile mix, shuffled, with
    // some requests sent CONCURRENCY times at once (races: the same heart given twice at once, ...).
    const wellFormed = (op: FuzzOperation) => fc.sample(requestFor(op, options(0)), { seed: seedFor(op.id, 'warm-up'), numRuns: WARM_UP });
    // A DELETE is preceded by the POST to the same address, when there is one (give, then take back).
    const warmUp = ops.flatMap((op) => {
      const maker = op.method === 'DELETE' ? all.find((o) => o.method === 'POST' && o.path === op.path) : undefined;
      const made = maker && wellFormed(maker);
      return wellFormed(op).flatMap((request, i) => (made ? [{ ...made[i]!, target: request.target }, request] : [request]));
    });
    const perOperation = Math.max(1, Math.ceil((REQUESTS - warmUp.length) / (ops.length + (ONLY ? 0 : 1))));
    const hostile = ops.flatMap((op) => fc.sample(requestFor(op, options(1)), { seed: seedFor(op.id), numRuns: perOperation }));
    if (!ONLY) hostile.push(...fc.sample(strayRequest(all, options(1)), { seed: seedFor('stray'), numRuns: perOperation }));
    const [order] = fc.sample(fc.shuffledSubarray([...hostile.keys()], { minLength: hostile.length, maxLength: hostile.length }), { seed: seedFor('order'), numRuns: 1 });
    const [bursts] = fc.sample(fc.uniqueArray(fc.nat({ max: hostile.length - 1 }), { maxLength: Math.ceil(hostile.length / 100) }), { seed: seedFor('bursts'), numRuns: 1 });
    const burst = new Set(bursts);
    const campaign = order!.flatMap((i) => (burst.has(i) ? Array.from({ length: CONCURRENCY }, () => hostile[i]!) : [hostile[i]!]));

    // Send them, CONCURRENCY at a time, over kept-alive connections.
    const port = Number(new URL(server.baseUrl).port);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const outcomes: Outcome[] = [];
    let queue = warmUp;
    let next = 0;
    let signingIn: Promise<void> | undefined;
    const started = performance.now();
    const worker = async () => {
      while (next < queue.length) {
        const index = next++;
        const request = queue[index]!;
        if (index > 0 && index % FORGET_LIMITS_EVERY === 0) await sql('DELETE FROM rate_limits');
        const auth = request.auth;
        const authorization =
          auth.kind === 'real' ? `${auth.scheme} ${tokens[auth.who]}` : auth.kind === 'forged' ? auth.header : undefined;
        const answer = await send(agent, port, request, authorization, TIMEOUT_MS);
        const problem = judge(byId.get(request.op), request, answer);
        // only a failure's answer is kept whole: a long campaign would hold every page otherwise
        outcomes.push({ index, request, authorization, answer: problem ? answer : { ...answer, text: '', previous: undefined }, problem });
        // An operation may revoke the member's tokens (sign out everywhere): sign in again. (If that
        // fails, the failures above say why; the campaign goes on with the old token.)
        const revoked = auth.kind === 'real' && answer.status === 401 && byId.get(request.op)?.member && request.routed;
        if (revoked && authorization === `${auth.scheme} ${tokens[auth.who]}`) {
          signingIn ??= signIn(auth.who)
            .catch(() => undefined)
            .finally(() => (signingIn = undefined));
          await signingIn;
        }
      }
    };
    // limits spent before (a retry of this test runs on the same database) would refuse the well-formed requests
    await sql('DELETE FROM rate_limits');
    await worker(); // the well-formed requests one at a time, in order
    const warmUpSeconds = (performance.now() - started) / 1000;
    [queue, next] = [[...warmUp, ...campaign], warmUp.length];
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;

    // Statuses per operation; those the document does not list (on requests that surely reached the
    // operation) are worth a look, though not a failure.
    const summary = new Map<string, Map<number | string, number>>();
    const undocumented = new Map<string, Set<number>>();
    for (const { request, answer } of outcomes) {
      const counts = summary.get(request.op) ?? new Map<number | string, number>();
      const key = answer.error ? 'no answer' : answer.status;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      summary.set(request.op, counts);
      const op = byId.get(request.op);
      if (op && request.routed && !answer.error && !op.statuses.includes(String(answer.status)))
        undocumented.set(op.id, (undocumented.get(op.id) ?? new Set()).add(answer.status));
    }
    const lines = [...summary].map(([op, counts]) => {
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const statuses = [...counts].sort(([a], [b]) => String(a).localeCompare(String(b))).map(([s, n]) => `${s}×${n}`);
      const extra = [...(undocumented.get(op) ?? [])].sort();
      return `  ${op.padEnd(24)} ${String(total).padStart(5)}  ${statuses.join(' ')}${extra.length ? `  (undocumented: ${extra.join(', ')})` : ''}`;
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

    // Every operation was fuzzed and reached past its checks at least once.
    for (const op of ops) {
      const answers = outcomes.filter((o) => o.request.op === op.id);
      expect(answers.length, `${op.id} received requests`).toBeGreaterThan(0);
      if (!(op.id in NO_SUCCESS_EXPECTED))
        expect(answers.some((o) => !o.answer.error && o.answer.status < 400), `${op.id} answered below 400 at least once`).toBe(true);
    }

    // ... and the server is still well: the database answers, members can still use the site.
    const health = await server.request(`${BASE}/health`);
    expect(health.status).toBe(200);
    await signIn('member');
    const me = await server.request(`${BASE}/users/me`, { headers: { Authorization: `Bearer ${tokens.member}` } });
    expect(me.status).toBe(200);
  }, 600_000);
});
