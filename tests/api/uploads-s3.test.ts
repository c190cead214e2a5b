// Profile images with the S3 storage driver (STORAGE_DRIVER=s3; docs/decisions/024) against a real
// S3-compatible server on loopback (tests/helpers/s3-server.ts: s3rver behind a SigV4 gate, since
// s3rver itself does not check V4 signatures). The app's path is the AWS SDK's: presigned PUT,
// HeadObject, GetObject, PutObject, DeleteObject. The local driver: uploads.test.ts.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { getStorage, resetStorage } from '../../src/lib/server/services/uploads/storage.ts';
import { sweepStrayUploads } from '../../src/lib/server/services/uploads/uploads.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createDrama, createMember, tokenFor, type Member } from '../helpers/factories.ts';
import { api, expectProblem } from '../helpers/http.ts';
import { startS3Server } from '../helpers/s3-server.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let client: ReturnType<typeof api>;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server('profile-media');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dl-uploads-s3-'));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
  reloadEnv();
  resetStorage();
  database = await createTestDatabase();
  server = await startApiServer();
  client = api(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await s3?.close();
  for (const name of ['STORAGE_DRIVER', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) delete process.env[name];
  reloadEnv();
  resetStorage();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function someone(role?: 'mod'): Promise<{ member: Member; token: string }> {
  const member = await createMember({ role });
  return { member, token: await tokenFor(member) };
}

function image(format: 'png' | 'jpeg', width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#7c3aed"/><circle cx="50%" cy="50%" r="30%" fill="#fbbf24"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

type Ticket = { upload_url: string; method: string; headers: Record<string, string>; public_url: string; expires_at: string };

const put = (url: string, headers: Record<string, string>, bytes: Buffer) => fetch(url, { method: 'PUT', headers, body: new Uint8Array(bytes) });

async function upload(token: string, purpose: string, bytes: Buffer, contentType = 'image/png'): Promise<Ticket> {
  const ticket = await client.post<Ticket>('/uploads', { purpose, content_type: contentType, size: bytes.byteLength }, { token });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  const sent = await put(ticket.body.upload_url, ticket.body.headers, bytes);
  expect(sent.status, await sent.clone().text()).toBe(200);
  return ticket.body;
}

const keyOf = (url: string) => url.slice(`${s3.endpoint}/${s3.bucket}/`.length);
/** where an upload's original is kept: under the private prefix (docs/decisions/029) */
const originalKey = (publicUrl: string) => `originals/${keyOf(publicUrl)}`;

/** Runs the stray sweep with the clock past a ticket's lifetime (11 minutes on), so it looks at what was stored now. */
async function sweepOnceTicketsExpired() {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.now() + 11 * 60_000);
    await sweepStrayUploads(database.db);
  } finally {
    vi.useRealTimers();
  }
}

describe('S3 storage', () => {
  it('hands out a presigned PUT of the bucket that signs the type and the length, and expires', async () => {
    const { token } = await someone();
    const bytes = await image('png', 40, 40);
    const res = await client.post<Ticket>('/uploads', { purpose: 'avatar', content_type: 'image/png', size: bytes.byteLength }, { token });
    expect(res.status).toBe(200);
    const url = new URL(res.body.upload_url);
    expect(`${url.origin}${url.pathname}`).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/originals/avatar/[A-Za-z0-9_-]{22}\\.png$`));
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
    expect(res.body.headers).toEqual({ 'Content-Type': 'image/png', 'If-None-Match': '*' });
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(600);
    // the original goes under the private prefix; public_url names the upload (nothing is stored there)
    expect(res.body.public_url).toBe(`${s3.endpoint}/${s3.bucket}/${url.pathname.split('/').slice(3).join('/')}`);

    // what the signature does not allow, the server refuses (and stores nothing)
    const forged = new URL(url);
    forged.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await put(forged.toString(), res.body.headers, bytes)).status).toBe(403);
    expect((await put(res.body.upload_url, { ...res.body.headers, 'Content-Type': 'text/html' }, bytes)).status).toBe(403);
    expect((await put(res.body.upload_url, { 'Content-Type': 'image/png' }, bytes)).status).toBe(403); // without If-None-Match
    expect((await put(res.body.upload_url, res.body.headers, Buffer.concat([bytes, Buffer.alloc(100)]))).status).toBe(403);
    expect((await put(`${url.origin}${url.pathname}`, res.body.headers, bytes)).status).toBe(403); // anonymous write
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000 + 1000); // the presigned URL has expired
      expect((await put(res.body.upload_url, res.body.headers, bytes)).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
    expect(await s3.has(originalKey(res.body.public_url))).toBe(false);
    expect(s3.refused.filter((code) => code === 'SignatureDoesNotMatch').length).toBeGreaterThanOrEqual(3);

    expect((await put(res.body.upload_url, res.body.headers, bytes)).status).toBe(200);
    expect(await s3.has(originalKey(res.body.public_url))).toBe(true);
  });

  it('end to end: presigned upload, resized avatar read publicly from the bucket, original and previous image deleted', async () => {
    const { token } = await someone();
    const first = await upload(token, 'avatar', await image('png', 640, 480));
    const saved = await client.put('/users/me', { avatar: first.public_url }, { token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const avatar: string = saved.body.user.avatar;
    expect(avatar).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/avatar/[A-Za-z0-9_-]{22}\\.webp$`));
    const read = await fetch(avatar); // anonymous: the public read
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/webp');
    expect(read.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await read.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(await s3.has(originalKey(first.public_url))).toBe(false);

    const cover = await upload(token, 'cover', await image('jpeg', 1800, 900), 'image/jpeg');
    const second = await upload(token, 'avatar', await image('jpeg', 500, 500), 'image/jpeg');
    const replaced = await client.put('/users/me', { avatar: second.public_url, cover_photo: cover.public_url }, { token });
    expect(replaced.status).toBe(200);
    expect(await s3.has(keyOf(replaced.body.user.avatar))).toBe(true);
    expect(await sharp(Buffer.from(await (await fetch(replaced.body.user.cover_photo)).arrayBuffer())).metadata()).toMatchObject({ width: 1500, height: 500 });
    expect(await s3.has(keyOf(avatar))).toBe(false); // the previous avatar
    expect((await fetch(avatar)).status).toBe(404);
    expect(await s3.has(originalKey(second.public_url))).toBe(false);
  });

  it('refuses an object that lies about its type, and one never sent', async () => {
    const { token } = await someone();
    const liar = await upload(token, 'avatar', Buffer.from('GIF89a not really an image at all'), 'image/png');
    expectProblem(await client.put('/users/me', { avatar: liar.public_url }, { token }), 400, 'Unsupported file type. Please use JPG, PNG, or WebP images.', 'avatar');
    const unsent = await client.post<Ticket>('/uploads', { purpose: 'avatar', content_type: 'image/png', size: 100 }, { token });
    expectProblem(await client.put('/users/me', { avatar: unsent.body.public_url }, { token }), 400, 'The image has not been uploaded yet', 'avatar');
    expect((await client.get('/users/me', { token })).body.avatar).toBeNull();
  });
});

describe('S3: originals are private, a PUT after adoption changes nothing (issue 19, items 7 and 9; docs/decisions/029)', () => {
  it('a presigned address takes one PUT: a second one is refused by S3 (412) and the original is unchanged', async () => {
    const { token } = await someone();
    const bytes = await image('png', 64, 64);
    const ticket = await upload(token, 'avatar', bytes);
    const again = await put(ticket.upload_url, ticket.headers, Buffer.alloc(bytes.byteLength, 0xff));
    expect(again.status).toBe(412);
    expect(await again.text()).toContain('PreconditionFailed');
    const saved = await client.put('/users/me', { avatar: ticket.public_url }, { token });
    expect(saved.status).toBe(200);
    // nobody reads an original anonymously (the bucket policy; the gate plays it)
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/${originalKey(ticket.public_url)}`)).status).toBe(403);
  });

  it('a pending upload\'s public_url is not served: the original is under the private prefix', async () => {
    const { token } = await someone();
    const ticket = await upload(token, 'avatar', await image('png', 40, 40));
    expect((await fetch(ticket.public_url)).status).toBe(404);
    expect(new URL(ticket.upload_url).pathname).toBe(`/${s3.bucket}/originals/${keyOf(ticket.public_url)}`);
    expect(await s3.has(originalKey(ticket.public_url))).toBe(true);
    expect(await s3.has(keyOf(ticket.public_url))).toBe(false);
  });

  it('a presigned PUT sent again after adoption changes nothing that is served, and the sweep removes what it stored', async () => {
    const { token } = await someone();
    const bytes = await image('png', 300, 300);
    const ticket = await upload(token, 'avatar', bytes);
    const saved = await client.put('/users/me', { avatar: ticket.public_url }, { token });
    expect(saved.status).toBe(200);
    const avatar: string = saved.body.user.avatar;
    const before = Buffer.from(await (await fetch(avatar)).arrayBuffer());
    // the presigned URL is still valid for minutes: S3 takes a PUT of the signed length …
    const late = await put(ticket.upload_url, ticket.headers, Buffer.alloc(bytes.byteLength, 0xff));
    expect([200, 412]).toContain(late.status);
    // … but nothing public changed
    expect((await fetch(ticket.public_url)).status).toBe(404);
    expect(Buffer.from(await (await fetch(avatar)).arrayBuffer()).equals(before)).toBe(true);
    // and once older than a ticket, what it stored is swept (it has no pending upload)
    await sweepOnceTicketsExpired();
    expect(await s3.has(originalKey(ticket.public_url))).toBe(false);
    expect(await s3.has(keyOf(avatar))).toBe(true);
  });
});

describe('S3: the stray sweep pages through every original (issue 19 review)', () => {
  it('reaches a stray that lies past a thousand pending originals (more than one listing page)', async () => {
    const { member } = await someone();
    const storage = getStorage();
    // listed in key order: the pending ones first (`-` sorts before every random name), the stray last
    const pending = Array.from({ length: 1001 }, (_, i) => `originals/avatar/-${String(i).padStart(21, '0')}.png`);
    const stray = 'originals/person_image/zzzzzzzzzzzzzzzzzzzzzz.png';
    const keys = [...pending, stray];
    for (let i = 0; i < keys.length; i += 4) await Promise.all(keys.slice(i, i + 4).map((key) => storage.write(key, Buffer.from('x'), 'image/png')));
    await database.pool.query(
      `INSERT INTO uploads (user_id, purpose, storage_key, public_url, content_type, byte_size, status)
       SELECT $1, 'avatar', k, k || '.public', 'image/png', 1, 'pending' FROM unnest($2::text[]) AS k`,
      [member.id, pending],
    );
    await sweepOnceTicketsExpired();
    expect(await s3.has(stray)).toBe(false);
    expect(await s3.has(pending[0]!)).toBe(true);
    expect(await s3.has(pending[1000]!)).toBe(true);
  });
});

describe('S3: a suggested image before review (docs/decisions/038)', () => {
  const uploadStatus = async (url: string) => (await database.pool.query<{ status: string }>('SELECT status FROM uploads WHERE public_url = $1', [url])).rows.map((r) => r.status);

  it('a rejected suggestion\'s image leaves the bucket (copy and original, rows deleted); an approved one stays and becomes the drama\'s banner', async () => {
    const member = await someone();
    const mod = await someone('mod');
    const suggest = async (dramaId: number) => {
      const ticket = await upload(member.token, 'drama_banner', await image('png', 800, 450));
      expect(await s3.has(originalKey(ticket.public_url))).toBe(true);
      const made = await client.post(`/dramas/${dramaId}/edit-suggestions`, { banner_image: ticket.public_url }, { token: member.token });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const suggested = made.body.changes.banner_image.to as string;
      expect(suggested).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/drama_banner/[A-Za-z0-9_-]{22}\\.webp$`));
      // kept while pending, and readable for the review screen
      expect(await s3.has(keyOf(suggested))).toBe(true);
      expect((await fetch(suggested)).status).toBe(200);
      return { ticket, id: made.body.id as number, suggested };
    };

    const refused = await createDrama({ bannerImage: null });
    const rejected = await suggest(refused.id);
    expect((await client.post(`/edit-suggestions/${rejected.id}/review`, { approved: false }, { token: mod.token })).status).toBe(200);
    expect(await s3.has(keyOf(rejected.suggested))).toBe(false);
    expect(await s3.has(originalKey(rejected.ticket.public_url))).toBe(false);
    expect((await fetch(rejected.suggested)).status).toBe(404);
    expect(await uploadStatus(rejected.suggested)).toEqual(['deleted']);
    expect(await uploadStatus(rejected.ticket.public_url)).toEqual(['deleted']);
    expect((await client.get(`/dramas/${refused.id}`)).body.banner_image).toBeNull();

    const taken = await createDrama({ bannerImage: null });
    const approved = await suggest(taken.id);
    expect((await client.post(`/edit-suggestions/${approved.id}/review`, { approved: true }, { token: mod.token })).status).toBe(200);
    expect(await s3.has(keyOf(approved.suggested))).toBe(true);
    expect((await fetch(approved.suggested)).status).toBe(200);
    expect(await uploadStatus(approved.suggested)).toEqual(['active']);
    expect((await client.get(`/dramas/${taken.id}`)).body.banner_image).toBe(approved.suggested);
  });
});
