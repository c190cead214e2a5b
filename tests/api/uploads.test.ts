// Profile images with the local storage driver over HTTP (contract "Uploads" and PUT /users/me,
// spec 2 §5, §9, docs/decisions/024): POST /uploads → PUT the bytes to upload_url → PUT /users/me
// {avatar | cover_photo} → the resized image is served, the original and the previous image are
// gone. Who may call, bad input (types, sizes, a file that lies about its type, another member's
// upload, a username taken in another case) → 4xx with detail and nothing changed. S3: uploads-s3.test.ts.
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { settleBackgroundWork } from '../../src/lib/server/jobs/background.ts';
import { resetStorage } from '../../src/lib/server/services/uploads/storage.ts';
import { sweepStrayUploads } from '../../src/lib/server/services/uploads/uploads.ts';
import { scheduleUploadSweeps, sweepUploads } from '../../src/lib/server/jobs/upload-sweep-job.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createMember, tokenFor, type Member } from '../helpers/factories.ts';
import { api, expectProblem, rawRequest, readResponse } from '../helpers/http.ts';
import { coverSrcset, variantOf } from '../../src/lib/uploads/image-variants.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let client: ReturnType<typeof api>;
let dataDir: string;
let mediaDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dl-uploads-'));
  process.env.DATA_DIR = dataDir;
  process.env.STORAGE_DRIVER = 'local';
  reloadEnv();
  resetStorage();
  mediaDir = path.join(dataDir, 'media');
  database = await createTestDatabase();
  server = await startApiServer(undefined, { mediaDir });
  client = api(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.pool.query(text, values)).rows as T[];
}

async function someone(): Promise<{ member: Member; token: string }> {
  const member = await createMember();
  return { member, token: await tokenFor(member) };
}

const MB = 1024 * 1024;

/** A real image: a gradient of `width` × `height` in the format asked. */
function image(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 800, height = 600): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#e11d48"/><stop offset="1" stop-color="#2563eb"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

type Ticket = { upload_url: string; method: string; headers: Record<string, string>; public_url: string; expires_at: string };

const requestUpload = (body: unknown, token?: string) => client.post<Ticket>('/uploads', body, { token });

/** PUTs bytes to a ticket's address as a browser would (no token). */
async function send(ticket: Ticket, bytes: Buffer, headers: Record<string, string> = ticket.headers) {
  return readResponse(await server.request(ticket.upload_url, { method: ticket.method, headers, body: new Uint8Array(bytes) }));
}

/** POST /uploads then PUT the bytes: the ticket. */
async function upload(token: string, purpose: string, bytes: Buffer, contentType = 'image/png') {
  const ticket = await requestUpload({ purpose, content_type: contentType, size: bytes.byteLength }, token);
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  const sent = await send(ticket.body, bytes);
  expect(sent.status, JSON.stringify(sent.body)).toBe(204);
  return ticket.body;
}

const putMe = (body: unknown, token?: string) => client.put('/users/me', body, { token });

const fetchMedia = (url: string) => server.request(url);

/** every stored file, by key: published copies (media/uploads) and originals (upload-originals, as `originals/…`) */
const storedFiles = () => {
  const list = (root: string, prefix: string) =>
    fs.existsSync(root)
      ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => prefix + path.relative(root, path.join(e.parentPath, e.name)))
      : [];
  return [...list(path.join(mediaDir, 'uploads'), ''), ...list(path.join(dataDir, 'upload-originals'), 'originals/')];
};

/** where an upload's original is kept (never under media/, docs/decisions/029) */
const originalFile = (ticket: { public_url: string }) => path.join(dataDir, 'upload-originals', ticket.public_url.replace('/media/uploads/', ''));

describe('POST /uploads', () => {
  it('refuses a visitor and a bad token', async () => {
    expectProblem(await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: 10 }), 401, 'Not authenticated');
    expectProblem(await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: 10 }, 'nope'), 401);
  });

  it('answers a signed address, a public address with a random name under the purpose, and an expiry', async () => {
    const { token, member } = await someone();
    const res = await requestUpload({ purpose: 'avatar', content_type: 'image/jpeg', size: 1234 }, token);
    expect(res.status).toBe(200);
    expect(res.body.method).toBe('PUT');
    expect(res.body.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    expect(res.body.public_url).toMatch(/^\/media\/uploads\/avatar\/[A-Za-z0-9_-]{22}\.jpg$/);
    expect(res.body.upload_url).toMatch(/^\/api\/v1\/uploads\/local\/originals\/avatar\/[A-Za-z0-9_-]{22}\.jpg\?expires=\d+&type=image%2Fjpeg&size=1234&sig=/);
    const expires = Date.parse(res.body.expires_at);
    expect(expires - Date.now()).toBeGreaterThan(5 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(await sql('SELECT purpose, status, content_type, byte_size FROM uploads WHERE user_id = $1', [member.id])).toEqual([
      { purpose: 'avatar', status: 'pending', content_type: 'image/jpeg', byte_size: 1234 },
    ]);
    const other = await requestUpload({ purpose: 'avatar', content_type: 'image/jpeg', size: 1234 }, token);
    expect(other.body.public_url).not.toBe(res.body.public_url);
  });

  it.each([
    [{ purpose: 'avatar', content_type: 'image/gif', size: 100 }, 'Unsupported file type. Please use JPG, PNG, or WebP images.', 'content_type'],
    [{ purpose: 'cover', content_type: 'image/svg+xml', size: 100 }, 'Unsupported file type. Please use JPG, PNG, or WebP images.', 'content_type'],
    [{ purpose: 'avatar', content_type: 'text/html', size: 100 }, 'Unsupported file type. Please use JPG, PNG, or WebP images.', 'content_type'],
    [{ purpose: 'avatar', content_type: 'image/png', size: 5 * MB + 1 }, 'Image size must be less than 5MB.', 'size'],
    [{ purpose: 'drama_banner', content_type: 'image/png', size: 5 * MB + 1 }, 'Image size must be less than 5MB.', 'size'],
    [{ purpose: 'person_image', content_type: 'image/webp', size: 6 * MB }, 'Image size must be less than 5MB.', 'size'],
    [{ purpose: 'cover', content_type: 'image/png', size: 10 * MB + 1 }, 'Image size must be less than 10MB.', 'size'],
    [{ purpose: 'avatar', content_type: 'image/png', size: 0 }, 'The image file is empty.', 'size'],
  ])('refuses %j with the spec\'s message', async (body, detail, field) => {
    const { token, member } = await someone();
    expectProblem(await requestUpload(body, token), 400, detail, field);
    expect(await sql('SELECT 1 FROM uploads WHERE user_id = $1', [member.id])).toEqual([]);
  });

  it('takes a 10 MB cover and a 5 MB avatar', async () => {
    const { token } = await someone();
    expect((await requestUpload({ purpose: 'cover', content_type: 'image/webp', size: 10 * MB }, token)).status).toBe(200);
    expect((await requestUpload({ purpose: 'avatar', content_type: 'IMAGE/PNG', size: 5 * MB }, token)).status).toBe(200);
  });

  it.each([
    [{ purpose: 'banner', content_type: 'image/png', size: 1 }, 'purpose'],
    [{ content_type: 'image/png', size: 1 }, 'purpose'],
    [{ purpose: 'avatar', content_type: 5, size: 1 }, 'content_type'],
    [{ purpose: 'avatar', content_type: 'image/png', size: '12' }, 'size'],
    [{ purpose: 'avatar', content_type: 'image/png', size: 1.5 }, 'size'],
    [{ purpose: 'avatar', content_type: 'image/png', size: -1 }, 'size'],
    [{ purpose: 'avatar', content_type: 'image/png', size: 1e300 }, 'size'],
  ])('refuses the wrong types %j with a 400 on the field', async (body, field) => {
    const { token } = await someone();
    expectProblem(await requestUpload(body, token), 400, undefined, field);
  });

  it('limits a member to 30 upload addresses an hour (429 with Retry-After)', async () => {
    const { token } = await someone();
    for (let i = 0; i < 30; i++) expect((await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: 10 }, token)).status).toBe(200);
    const refused = await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: 10 }, token);
    expectProblem(refused, 429, /Too many uploads\. Please try again in \d+ minutes?\./);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('PUT to a local upload address', () => {
  it('refuses a changed signature, key, size or expiry (403), another Content-Type (400), a larger body (413)', async () => {
    const { token } = await someone();
    const bytes = await image('png', 64, 64);
    const res = await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: bytes.byteLength }, token);
    const ticket = res.body;
    const url = new URL(ticket.upload_url, 'http://x');
    const tampered = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return { ...ticket, upload_url: copy.pathname + copy.search };
    };
    const INVALID = 'This upload address is not valid or has expired';
    expectProblem(await send(tampered((u) => u.searchParams.set('sig', 'A'.repeat(43))), bytes), 403, INVALID);
    expectProblem(await send(tampered((u) => u.searchParams.set('size', String(bytes.byteLength * 100))), bytes), 403, INVALID);
    expectProblem(await send(tampered((u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))), bytes), 403, INVALID);
    expectProblem(await send(tampered((u) => (u.pathname = u.pathname.replace(/avatar\/[^/.]+/, 'avatar/AAAAAAAAAAAAAAAAAAAAAA'))), bytes), 403, INVALID);
    expectProblem(await send(tampered((u) => (u.pathname = u.pathname.replace('/avatar/', '/cover/'))), bytes), 403, INVALID);
    // an address is only ever for an original: not for the published name beside it
    expectProblem(await send(tampered((u) => (u.pathname = u.pathname.replace('/originals/', '/'))), bytes), 403, INVALID);
    expectProblem(await send(tampered((u) => (u.pathname = '/api/v1/uploads/local/../../secrets/jwt-secret')), bytes), 404);
    expectProblem(await send(ticket, bytes, { 'Content-Type': 'text/html' }), 400, 'The upload must be sent with Content-Type: image/png');
    expectProblem(await send(ticket, Buffer.concat([bytes, Buffer.alloc(10)])), 413);
    expect(fs.existsSync(originalFile(ticket))).toBe(false);
    expect((await send(ticket, bytes)).status).toBe(204);
  });

  it('closes the connection after refusing a body larger than signed (413), without reading the rest (issue 19)', async () => {
    // The instance stops reading at the signed size: the unread rest, on a kept-alive connection,
    // would be parsed as the client's next request. The 413 says `Connection: close` and closes.
    const { token } = await someone();
    const ticket = (await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: 1000 }, token)).body;
    const answer = await rawRequest(
      server.baseUrl,
      `PUT ${ticket.upload_url} HTTP/1.1\r\nHost: localhost\r\nContent-Type: image/png\r\nContent-Length: ${4 * MB}\r\nConnection: keep-alive`,
      Buffer.alloc(256 * 1024, 1),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'The file is larger than the 1000 bytes announced' });
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
  });

  it('refuses an address once its upload was used, and after it expired (10 minutes)', async () => {
    const { token } = await someone();
    const used = await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: 10 }, token);
    await sql("UPDATE uploads SET status = 'used' WHERE public_url = $1", [used.body.public_url]);
    expectProblem(await send(used.body, Buffer.alloc(10)), 403, 'This upload address is not valid or has expired');
    const late = await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: 10 }, token);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
      expectProblem(await send(late.body, Buffer.alloc(10)), 403, 'This upload address is not valid or has expired');
    } finally {
      vi.useRealTimers();
    }
    expect((await send(late.body, Buffer.alloc(10))).status).toBe(204);
  });
});

describe('PUT /users/me with an uploaded image', () => {
  it('end to end: the avatar is checked, resized to 256×256 WebP and served for a year; the original and then the previous avatar are deleted', async () => {
    const { token, member } = await someone();
    const first = await upload(token, 'avatar', await image('png', 800, 600));
    const saved = await putMe({ avatar: first.public_url }, token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const avatar: string = saved.body.user.avatar;
    expect(avatar).toMatch(/^\/media\/uploads\/avatar\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(avatar).not.toBe(first.public_url);
    const served = await fetchMedia(avatar);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect((await fetchMedia(first.public_url)).status).toBe(404); // the original is gone
    expect((await client.get('/users/me', { token })).body.avatar).toBe(avatar);

    const second = await upload(token, 'avatar', await image('jpeg', 300, 900), 'image/jpeg');
    const replaced = await putMe({ avatar: second.public_url }, token);
    expect(replaced.status).toBe(200);
    expect((await fetchMedia(replaced.body.user.avatar)).status).toBe(200);
    expect((await fetchMedia(avatar)).status).toBe(404); // the previous avatar is gone
    expect(await sql('SELECT status, count(*)::int AS n FROM uploads WHERE user_id = $1 GROUP BY status ORDER BY status', [member.id])).toEqual([
      { status: 'active', n: 1 },
      { status: 'deleted', n: 1 },
      { status: 'used', n: 2 },
    ]);

    const removed = await putMe({ avatar: null }, token);
    expect(removed.body.user.avatar).toBeNull();
    expect((await fetchMedia(replaced.body.user.avatar)).status).toBe(404);
  });

  it('a cover photo is resized to 1500×500, with a 750×250 copy for phones; both go when it is replaced', async () => {
    const { token } = await someone();
    const cover = await upload(token, 'cover', await image('webp', 2400, 1600), 'image/webp');
    const saved = await putMe({ cover_photo: cover.public_url, bio: 'Cover and bio together' }, token);
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ bio: 'Cover and bio together', cover_photo: expect.stringMatching(/^\/media\/uploads\/cover\/.+\.webp$/) });
    const meta = await sharp(Buffer.from(await (await fetchMedia(saved.body.user.cover_photo)).arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1500, height: 500 });
    // and a 750×250 copy beside it for phones (srcset), named after it
    const small = variantOf(saved.body.user.cover_photo, 750);
    const smallMeta = await sharp(Buffer.from(await (await fetchMedia(small)).arrayBuffer())).metadata();
    expect(smallMeta).toMatchObject({ format: 'webp', width: 750, height: 250 });
    expect(coverSrcset(saved.body.user.cover_photo)).toBe(`${small} 750w, ${saved.body.user.cover_photo} 1500w`);

    // a new cover removes the previous one and its small copy
    const next = await upload(token, 'cover', await image('png', 1600, 900));
    const replaced = await putMe({ cover_photo: next.public_url }, token);
    expect(replaced.status).toBe(200);
    expect((await fetchMedia(saved.body.user.cover_photo)).status).toBe(404);
    expect((await fetchMedia(small)).status).toBe(404);
    expect((await fetchMedia(variantOf(replaced.body.user.cover_photo, 750))).status).toBe(200);
  });

  it('never deletes an image that is not an upload (generated art, a placeholder)', async () => {
    const art = path.join(mediaDir, 'art', 'avatar-placeholder.svg');
    fs.mkdirSync(path.dirname(art), { recursive: true });
    fs.writeFileSync(art, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const member = await createMember({ avatar: '/media/art/avatar-placeholder.svg' });
    const token = await tokenFor(member);
    const next = await upload(token, 'avatar', await image('png', 100, 100));
    expect((await putMe({ avatar: next.public_url }, token)).status).toBe(200);
    expect(fs.existsSync(art)).toBe(true);
  });

  it('refuses a file that lies about its type, changing nothing and keeping no copy', async () => {
    const { token, member } = await someone();
    const before = storedFiles().length;
    for (const [bytes, type] of [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/png'],
      [await image('gif', 20, 20), 'image/webp'],
      [(await image('png', 200, 200)).subarray(0, 60), 'image/png'], // truncated
    ] as const) {
      const ticket = await upload(token, 'avatar', bytes, type);
      expectProblem(await putMe({ avatar: ticket.public_url, bio: 'not saved' }, token), 400, 'Unsupported file type. Please use JPG, PNG, or WebP images.', 'avatar');
    }
    expect((await client.get('/users/me', { token })).body).toMatchObject({ avatar: null, bio: '' });
    expect(storedFiles().length).toBe(before + 4); // the four originals, no resized copy
    expect(await sql("SELECT count(*)::int AS n FROM uploads WHERE user_id = $1 AND status <> 'pending'", [member.id])).toEqual([{ n: 0 }]);
  });

  it('takes a PNG sent as a JPEG (the real type is read from the bytes; the stored copy is WebP either way)', async () => {
    const { token } = await someone();
    const ticket = await upload(token, 'avatar', await image('png', 50, 50), 'image/jpeg');
    const saved = await putMe({ avatar: ticket.public_url }, token);
    expect(saved.status).toBe(200);
    expect(saved.body.user.avatar).toMatch(/\.webp$/);
  });

  it('refuses another member\'s upload, an upload for another purpose, one not sent yet, or one used already', async () => {
    const owner = await someone();
    const thief = await someone();
    const theirs = await upload(owner.token, 'avatar', await image('png', 64, 64));
    const NOT_YOURS = 'Must be an image you uploaded for this field (POST /uploads), or null';
    expectProblem(await putMe({ avatar: theirs.public_url }, thief.token), 400, NOT_YOURS, 'avatar');
    expect(await sql('SELECT status FROM uploads WHERE public_url = $1', [theirs.public_url])).toEqual([{ status: 'pending' }]);

    const cover = await upload(owner.token, 'cover', await image('png', 64, 64));
    expectProblem(await putMe({ avatar: cover.public_url }, owner.token), 400, NOT_YOURS, 'avatar');
    expectProblem(await putMe({ cover_photo: theirs.public_url }, owner.token), 400, NOT_YOURS, 'cover_photo');

    const unsent = await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: 100 }, owner.token);
    expectProblem(await putMe({ avatar: unsent.body.public_url }, owner.token), 400, 'The image has not been uploaded yet', 'avatar');

    expect((await putMe({ avatar: theirs.public_url }, owner.token)).status).toBe(200);
    expectProblem(await putMe({ avatar: theirs.public_url }, thief.token), 400, NOT_YOURS, 'avatar');
    const mine = await putMe({ cover_photo: null }, owner.token);
    expect(mine.body.user.avatar).toMatch(/\.webp$/);
    // naming the current image again changes nothing
    const again = await putMe({ avatar: mine.body.user.avatar }, owner.token);
    expect(again.status).toBe(200);
    expect(again.body.user.avatar).toBe(mine.body.user.avatar);
    expect((await fetchMedia(mine.body.user.avatar)).status).toBe(200);
    // another member cannot point at it either
    expectProblem(await putMe({ avatar: mine.body.user.avatar }, thief.token), 400, NOT_YOURS, 'avatar');
  });

  it('a username taken in another case fails the whole save: no image change, no copy left', async () => {
    await createMember({ username: 'TakenName' });
    const { token } = await someone();
    const before = storedFiles().length;
    const ticket = await upload(token, 'avatar', await image('png', 64, 64));
    const res = await putMe({ username: 'takenname', avatar: ticket.public_url }, token);
    expectProblem(res, 409, 'This username is already taken', 'username');
    expect((await client.get('/users/me', { token })).body.avatar).toBeNull();
    expect(storedFiles().length).toBe(before + 1); // the original only, still pending: the member may try again
    expect((await putMe({ avatar: ticket.public_url }, token)).status).toBe(200);
  });

  it('refuses a file larger than the purpose allows even when the address said less', async () => {
    const { token, member } = await someone();
    const ticket = await upload(token, 'avatar', await image('png', 64, 64));
    // a file that grew in storage after the address was handed out (e.g. sent to S3 by other means)
    fs.writeFileSync(originalFile(ticket), Buffer.alloc(5 * MB + 1));
    expectProblem(await putMe({ avatar: ticket.public_url }, token), 400, 'Image size must be less than 5MB.', 'avatar');
    expect(await sql('SELECT avatar FROM users WHERE id = $1', [member.id])).toEqual([{ avatar: null }]);
  });
});

describe('abandoned uploads', () => {
  it('an upload still pending a day later cannot be used, and the scheduled sweep (the only one) marks it deleted and removes its file', async () => {
    const { token } = await someone();
    const abandoned = await upload(token, 'avatar', await image('png', 32, 32));
    const recent = await upload(token, 'avatar', await image('png', 32, 32));
    const fileOf = originalFile;
    await sql("UPDATE uploads SET created_at = now() - interval '25 hours' WHERE public_url = $1", [abandoned.public_url]);
    expect(fs.existsSync(fileOf(abandoned))).toBe(true);
    // abandoned as soon as it is a day old, whether a sweep has run yet or not
    expectProblem(await putMe({ avatar: abandoned.public_url }, token), 400, undefined, 'avatar');
    // a request does not sweep (one sweep: the scheduled one, docs/decisions/029)
    await requestUpload({ purpose: 'cover', content_type: 'image/png', size: 10 }, token);
    await settleBackgroundWork();
    expect(await sql('SELECT status FROM uploads WHERE public_url = $1', [abandoned.public_url])).toEqual([{ status: 'pending' }]);
    await sweepUploads(database.db);
    expect(await sql('SELECT public_url, status FROM uploads WHERE public_url IN ($1, $2) ORDER BY status', [abandoned.public_url, recent.public_url])).toEqual([
      { public_url: abandoned.public_url, status: 'deleted' },
      { public_url: recent.public_url, status: 'pending' },
    ]);
    expect(fs.existsSync(fileOf(abandoned))).toBe(false);
    expect(fs.existsSync(fileOf(recent))).toBe(true);
    expectProblem(await putMe({ avatar: abandoned.public_url }, token), 400, undefined, 'avatar');
  });
});

describe('concurrent saves', () => {
  it('two saves naming one upload at once: one adopts it, the other is a 400; one copy is kept, none left over', async () => {
    const { token, member } = await someone();
    const ticket = await upload(token, 'avatar', await image('png', 300, 300));
    const before = storedFiles().length;
    const [a, b] = await Promise.all([putMe({ avatar: ticket.public_url }, token), putMe({ avatar: ticket.public_url }, token)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const avatar = (a.status === 200 ? a : b).body.user.avatar;
    expect((await client.get('/users/me', { token })).body.avatar).toBe(avatar);
    expect(storedFiles().length).toBe(before); // the original went, one copy came
    expect(await sql("SELECT status FROM uploads WHERE user_id = $1 AND status = 'active'", [member.id])).toHaveLength(1);
  });

  it('ten saves of different avatars at once leave one avatar, one active copy and no stray file', async () => {
    const { token, member } = await someone();
    const tickets = await Promise.all(Array.from({ length: 10 }, async () => upload(token, 'avatar', await image('png', 64, 64))));
    const before = storedFiles().length;
    const answers = await Promise.all(tickets.map((ticket) => putMe({ avatar: ticket.public_url }, token)));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    const [row] = await sql<{ avatar: string }>('SELECT avatar FROM users WHERE id = $1', [member.id]);
    expect(await sql("SELECT public_url FROM uploads WHERE user_id = $1 AND status = 'active'", [member.id])).toEqual([{ public_url: row!.avatar }]);
    expect(storedFiles().length).toBe(before - 10 + 1);
    expect((await fetchMedia(row!.avatar)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Issue 19, items 7 and 9 (docs/decisions/029): a ticket takes one PUT, a PUT that fails leaves no
// file, strays are swept, originals are private (never served) and a PUT after adoption changes
// nothing that is served.

/** every file under DATA_DIR (originals, copies, temporaries), relative */
const everyFile = () =>
  fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)));
const partFiles = () => everyFile().filter((name) => name.endsWith('.part'));

async function eventually(check: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
  return check();
}

/**
 * A PUT sent by hand over a socket: the headers and the first `first` bytes of `bytes` at once, the
 * rest when `finish()` is called; `abort()` destroys the socket mid-body. `answer` is the status.
 */
function slowPut(ticket: Ticket, bytes: Buffer, first: number) {
  const req = http.request(new URL(ticket.upload_url, server.baseUrl), {
    method: 'PUT',
    headers: { ...ticket.headers, 'Content-Length': String(bytes.byteLength) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
  });
  req.on('error', () => {});
  const sent = new Promise<void>((resolve) => req.write(bytes.subarray(0, first), () => resolve()));
  return {
    sent,
    answer,
    finish: () => {
      req.end(bytes.subarray(first));
      return answer;
    },
    abort: () => req.destroy(),
  };
}

/** A JPEG that carries EXIF, with a GPS position (what a phone's camera writes) */
const photoWithGps = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#38bdf8' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'private camera owner', Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 40/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '139/1 45/1 0/1' } })
    .toBuffer();

describe('a ticket takes one PUT and a failed PUT leaves nothing (issue 19, item 7)', () => {
  it('on a file system without hard links the file is put in place without a copy (none while the row is locked), still once', async () => {
    const { token } = await someone();
    const bytes = await image('png', 64, 64);
    const ticket = (await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: bytes.byteLength }, token)).body;
    const link = vi.spyOn(fsPromises, 'link').mockRejectedValue(Object.assign(new Error('operation not permitted'), { code: 'EPERM' }));
    const copy = vi.spyOn(fsPromises, 'copyFile');
    try {
      expect((await send(ticket, bytes)).status).toBe(204);
      expect(link).toHaveBeenCalled();
      expect(copy).not.toHaveBeenCalled();
      expect(fs.readFileSync(originalFile(ticket)).equals(bytes)).toBe(true);
      expectProblem(await send(ticket, bytes), 409, 'This upload was already received: ask for a new upload address');
    } finally {
      link.mockRestore();
      copy.mockRestore();
    }
    expect(partFiles()).toEqual([]);
    expect((await putMe({ avatar: ticket.public_url }, token)).status).toBe(200);
  });

  it('a PUT the client aborts mid-body leaves no temporary file, and the ticket can be sent again', async () => {
    const { token } = await someone();
    const bytes = Buffer.concat([await image('png', 64, 64), Buffer.alloc(4 * MB)]);
    const ticket = (await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: bytes.byteLength }, token)).body;
    for (let i = 0; i < 3; i++) {
      const put = slowPut(ticket, bytes, 2 * MB);
      await put.sent;
      expect(await eventually(() => partFiles().some((file) => file.includes(ticket.public_url.split('/').pop()!)))).toBe(true); // it was being written
      put.abort();
      expect(await eventually(() => partFiles().length === 0), `left behind: ${partFiles().join(', ')}`).toBe(true);
    }
    // nothing was stored, so the address may be used again, once
    expect((await send(ticket, bytes)).status).toBe(204);
    expect(partFiles()).toEqual([]);
  });

  it('a second PUT on a ticket whose file was received is refused (409 with detail), and the file is unchanged', async () => {
    const { token } = await someone();
    const bytes = await image('png', 64, 64);
    const ticket = await upload(token, 'avatar', bytes);
    const other = Buffer.concat([await image('png', 32, 32)]);
    const again = await send(ticket, Buffer.concat([other, Buffer.alloc(bytes.byteLength - other.byteLength)]));
    expectProblem(again, 409, 'This upload was already received: ask for a new upload address');
    expect(again.headers.get('connection')).toBe('close'); // refused before its body was read: not reused
    const saved = await putMe({ avatar: ticket.public_url }, token);
    expect(saved.status).toBe(200);
    const served = await sharp(Buffer.from(await (await fetchMedia(saved.body.user.avatar)).arrayBuffer())).metadata();
    expect(served).toMatchObject({ width: 256, height: 256 });
    expect(partFiles()).toEqual([]);
  });

  it('two PUTs of one ticket at once: one is received, the other is refused (409)', async () => {
    const { token } = await someone();
    const bytes = Buffer.concat([await image('png', 64, 64), Buffer.alloc(MB)]);
    const ticket = (await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: bytes.byteLength }, token)).body;
    const first = slowPut(ticket, bytes, MB / 2);
    await first.sent;
    const name = ticket.public_url.split('/').pop()!;
    expect(await eventually(() => partFiles().some((file) => file.includes(name)))).toBe(true);
    // sent by hand: the answer comes before the body is read, and the connection may then close
    const second = await slowPut(ticket, bytes, bytes.byteLength).answer;
    expect(second.status).toBe(409);
    expect(JSON.parse(second.body).detail).toBe('This upload is being received by another request');
    expect((await first.finish()).status).toBe(204);
    expect(partFiles()).toEqual([]);
  });

  it('a PUT too large, or sent with another type, leaves no file', async () => {
    const { token } = await someone();
    const bytes = await image('png', 64, 64);
    const ticket = (await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: bytes.byteLength }, token)).body;
    const before = everyFile().length;
    expect((await send(ticket, Buffer.concat([bytes, Buffer.alloc(10)]))).status).toBe(413);
    expect((await send(ticket, bytes, { 'Content-Type': 'image/jpeg' })).status).toBe(400);
    expect(everyFile().length).toBe(before);
  });

  it('the sweep removes temporary files and originals nothing can adopt once older than a ticket, and keeps the rest', async () => {
    const { token, member } = await someone();
    const kept = await upload(token, 'avatar', await image('png', 32, 32)); // pending: may still be adopted
    const orphan = await upload(token, 'avatar', await image('png', 32, 32));
    await sql("UPDATE uploads SET status = 'deleted' WHERE public_url = $1", [orphan.public_url]);
    const fresh = await upload(token, 'avatar', await image('png', 32, 32));
    await sql("UPDATE uploads SET status = 'deleted' WHERE public_url = $1", [fresh.public_url]); // but written just now
    const files = everyFile();
    const originalOf = (ticket: Ticket) => files.find((name) => name.endsWith(ticket.public_url.split('/').pop()!))!;
    const stray = [originalOf(orphan), `${originalOf(kept)}.part`, `media/uploads/avatar/AAAAAAAAAAAAAAAAAAAAAA.webp.0123456789ab.part`];
    for (const name of stray.slice(1)) {
      fs.mkdirSync(path.dirname(path.join(dataDir, name)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, name), 'x');
    }
    const old = new Date(Date.now() - 11 * 60_000);
    for (const name of [...stray, originalOf(kept)]) fs.utimesSync(path.join(dataDir, name), old, old);
    const removed = await sweepStrayUploads(database.db);
    expect(removed).toBeGreaterThanOrEqual(3);
    const after = everyFile();
    for (const name of stray) expect(after).not.toContain(name);
    expect(after).toContain(originalOf(kept));
    expect(after).toContain(originalOf(fresh));
    expect((await putMe({ avatar: kept.public_url }, token)).status).toBe(200);
    expect(member.id).toBeGreaterThan(0);
  });
});

describe('the upload sweep job', () => {
  it('sweeps at once when scheduled (the server schedules it at start), strays and abandoned uploads alike', async () => {
    const { token } = await someone();
    const abandoned = await upload(token, 'avatar', await image('png', 32, 32));
    await sql("UPDATE uploads SET created_at = now() - interval '25 hours' WHERE public_url = $1", [abandoned.public_url]);
    const stray = path.join(dataDir, 'upload-originals', 'cover', 'BBBBBBBBBBBBBBBBBBBBBB.jpg.part');
    fs.mkdirSync(path.dirname(stray), { recursive: true });
    fs.writeFileSync(stray, 'cut short');
    const old = new Date(Date.now() - 60 * 60_000);
    fs.utimesSync(stray, old, old);
    // a pending upload from before originals were private: its file lies under media/ (served)
    const legacy = await upload(token, 'avatar', await image('png', 32, 32));
    const legacyKey = legacy.public_url.replace('/media/uploads/', '');
    fs.mkdirSync(path.dirname(path.join(mediaDir, 'uploads', legacyKey)), { recursive: true });
    fs.renameSync(originalFile(legacy), path.join(mediaDir, 'uploads', legacyKey));
    await sql('UPDATE uploads SET storage_key = $1 WHERE public_url = $2', [legacyKey, legacy.public_url]);
    const stop = scheduleUploadSweeps(database.db, 60 * 60_000);
    await stop();
    expect(fs.existsSync(stray)).toBe(false);
    expect(fs.existsSync(originalFile(abandoned))).toBe(false);
    expect(await sql('SELECT status FROM uploads WHERE public_url = $1', [abandoned.public_url])).toEqual([{ status: 'deleted' }]);
    expect(await sql('SELECT status FROM uploads WHERE public_url = $1', [legacy.public_url])).toEqual([{ status: 'deleted' }]);
    expect((await fetchMedia(legacy.public_url)).status).toBe(404);
  });
});

describe('originals are private; only derived copies are served (issue 19, item 9)', () => {
  it('a pending upload\'s public_url is not served, and its file is not under /media/', async () => {
    const { token } = await someone();
    const ticket = await upload(token, 'avatar', await photoWithGps(), 'image/jpeg');
    expect((await fetchMedia(ticket.public_url)).status).toBe(404);
    const name = ticket.public_url.split('/').pop()!;
    expect(storedFiles().filter((file) => !file.startsWith('originals/') && file.includes(name))).toEqual([]);
    expect(fs.existsSync(originalFile(ticket))).toBe(true);
  });

  it('the served copy carries no EXIF and no GPS', async () => {
    const { token } = await someone();
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const ticket = await upload(token, 'avatar', photo, 'image/jpeg');
    const saved = await putMe({ avatar: ticket.public_url }, token);
    expect(saved.status).toBe(200);
    const bytes = Buffer.from(await (await fetchMedia(saved.body.user.avatar)).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('private camera owner'))).toBe(false);
  });

  it('a PUT that finishes after its upload was adopted changes nothing that is served, and leaves no file', async () => {
    const { token } = await someone();
    const first = await image('png', 300, 300);
    const ticket = await upload(token, 'avatar', first);
    // a second, slow PUT of the same ticket begins while the upload is still pending …
    const other = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000000' } }).png().toBuffer();
    const late = slowPut(ticket, Buffer.concat([other, Buffer.alloc(Math.max(0, first.byteLength - other.byteLength))]).subarray(0, first.byteLength), 16);
    await late.sent;
    // … the upload is adopted …
    const saved = await putMe({ avatar: ticket.public_url }, token);
    expect(saved.status).toBe(200);
    const avatar: string = saved.body.user.avatar;
    const before = Buffer.from(await (await fetchMedia(avatar)).arrayBuffer());
    // … and then the late PUT ends: refused, and nothing served changed
    const answer = await late.finish();
    expect([403, 409, 0]).toContain(answer.status);
    expect((await fetchMedia(ticket.public_url)).status).toBe(404);
    expect(Buffer.from(await (await fetchMedia(avatar)).arrayBuffer()).equals(before)).toBe(true);
    expect(everyFile().filter((name) => name.includes(ticket.public_url.split('/').pop()!.split('.')[0]!))).toEqual([]);
  });

  it('an only PUT that ends after its upload stopped being pending stores nothing', async () => {
    const { token } = await someone();
    const bytes = Buffer.concat([await image('png', 64, 64), Buffer.alloc(MB)]);
    const ticket = (await requestUpload({ purpose: 'avatar', content_type: 'image/png', size: bytes.byteLength }, token)).body;
    const name = ticket.public_url.split('/').pop()!;
    const put = slowPut(ticket, bytes, MB / 2);
    await put.sent;
    expect(await eventually(() => partFiles().some((file) => file.includes(name)))).toBe(true); // the body is being received
    await sql("UPDATE uploads SET status = 'deleted' WHERE public_url = $1", [ticket.public_url]);
    const answer = await put.finish();
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).detail).toBe('This upload address is not valid or has expired');
    expect(everyFile().filter((name) => name.includes(ticket.public_url.split('/').pop()!.split('.')[0]!))).toEqual([]);
  });
});
