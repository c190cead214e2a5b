// Decoding uploaded images cannot stall the server (issue 19 item 8, docs/decisions/028): PUT
// /users/me checks the cheap rules (a taken username, the upload being this member's, its size, its
// format and pixel count by its header) before any decode; an upload is decoded once, however many
// saves name it at once and however often a failed save is retried; an avatar over its pixel cap is
// a 400 with detail; and at most IMAGE_DECODE_CONCURRENCY images are decoded at once in the process
// (observed through the decode gauge the images service exports).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MESSAGE } from '../../src/lib/accounts/account-rules.ts';
import { reloadEnv } from '../../src/lib/server/env.ts';
import * as images from '../../src/lib/server/services/uploads/images.ts';
import { resetStorage } from '../../src/lib/server/services/uploads/storage.ts';
import { derivedKeyOf, sweepAbandonedUploads } from '../../src/lib/server/services/uploads/uploads.ts';
import { getDb } from '../../src/lib/server/db/client.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createMember, tokenFor } from '../helpers/factories.ts';
import { api, expectProblem, readResponse } from '../helpers/http.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let client: ReturnType<typeof api>;
let dataDir: string;
let mediaDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dl-decoding-'));
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

async function someone() {
  const member = await createMember();
  return { member, token: await tokenFor(member) };
}

/** A real PNG of `width` × `height` (noise, so that it is not trivially small to decode). */
function png(width: number, height: number, seed = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: 120, b: 200 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A PNG of `width` × `height` in one colour: many pixels in few bytes. */
function flatPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3355aa' } }).png({ compressionLevel: 9 }).toBuffer();
}

type Ticket = { upload_url: string; method: string; headers: Record<string, string>; public_url: string };

/** POST /uploads then PUT the bytes: the ticket. */
async function upload(token: string, purpose: 'avatar' | 'cover', bytes: Buffer) {
  const ticket = await client.post<Ticket>('/uploads', { purpose, content_type: 'image/png', size: bytes.byteLength }, { token });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  const sent = await readResponse(await server.request(ticket.body.upload_url, { method: 'PUT', headers: ticket.body.headers, body: new Uint8Array(bytes) }));
  expect(sent.status, JSON.stringify(sent.body)).toBe(204);
  return ticket.body;
}

const putMe = (body: unknown, token: string) => client.put('/users/me', body, { token });

/** every file under the uploads folder, relative */
const storedFiles = () => {
  const root = path.join(mediaDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
};

const decoded = () => images.imageDecodeGauge().decoded;

describe('PUT /users/me with an upload', () => {
  it('answers 409 for a taken username before decoding anything: the upload stays pending, no copy is written', async () => {
    const { member, token } = await someone();
    const other = await createMember();
    const ticket = await upload(token, 'avatar', await png(600, 600));
    const files = storedFiles();
    const before = decoded();
    expectProblem(await putMe({ username: other.username.toUpperCase(), avatar: ticket.public_url }, token), 409, 'This username is already taken', 'username');
    expect(decoded() - before).toBe(0);
    expect(await sql('SELECT status FROM uploads WHERE public_url = $1', [ticket.public_url])).toEqual([{ status: 'pending' }]);
    expect(storedFiles()).toEqual(files);
    expect(await sql('SELECT username, avatar FROM users WHERE id = $1', [member.id])).toEqual([{ username: member.username, avatar: null }]);
    // a file that is not an image under the same taken name is a 409 too: the name is checked first
    const fake = await upload(token, 'avatar', Buffer.from('not an image at all, only text'));
    expectProblem(await putMe({ username: other.username, avatar: fake.public_url }, token), 409, 'This username is already taken', 'username');
    // and the save then works, decoding the upload once
    const saved = await putMe({ avatar: ticket.public_url }, token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(decoded() - before).toBe(1);
  });

  it('decodes an upload named by two saves at once once: one save adopts it, the other is refused', async () => {
    const { member, token } = await someone();
    const ticket = await upload(token, 'avatar', await png(1000, 1000, 2));
    const before = decoded();
    const answers = await Promise.all([putMe({ avatar: ticket.public_url }, token), putMe({ avatar: ticket.public_url }, token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expectProblem(answers.find((a) => a.status === 400)!, 400, PROFILE_IMAGE_MESSAGE, 'avatar');
    expect(decoded() - before).toBe(1);
    const [row] = await sql<{ avatar: string }>('SELECT avatar FROM users WHERE id = $1', [member.id]);
    expect(row!.avatar).toBe(answers.find((a) => a.status === 200)!.body.user.avatar);
    expect(await sql("SELECT count(*)::int AS n FROM uploads WHERE user_id = $1 AND status = 'active'", [member.id])).toEqual([{ n: 1 }]);
  });

  it('keeps what a failed save decoded: the retry publishes it without decoding it again', async () => {
    const { member, token } = await someone();
    const avatar = await upload(token, 'avatar', await png(800, 800, 3));
    // a cover whose header is a good PNG and whose pixels are cut off: refused when decoded
    const whole = await png(1600, 600, 4);
    const cover = await upload(token, 'cover', whole.subarray(0, Math.floor(whole.byteLength / 2)));
    const before = decoded();
    expectProblem(await putMe({ avatar: avatar.public_url, cover_photo: cover.public_url }, token), 400, 'Unsupported file type. Please use JPG, PNG, or WebP images.', 'cover_photo');
    expect(await sql('SELECT avatar, cover_photo FROM users WHERE id = $1', [member.id])).toEqual([{ avatar: null, cover_photo: null }]);
    expect(await sql('SELECT status FROM uploads WHERE public_url = $1', [avatar.public_url])).toEqual([{ status: 'pending' }]);
    const spent = decoded() - before;
    const saved = await putMe({ avatar: avatar.public_url }, token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(decoded() - before).toBe(spent);
    expect((await server.request(saved.body.user.avatar)).status).toBe(200);
    expect((await sharp(Buffer.from(await (await server.request(saved.body.user.avatar)).arrayBuffer())).metadata()).width).toBe(256);
  });

  it('refuses an avatar of 40 megapixels with a 400 naming the cap, without decoding it', async () => {
    const { member, token } = await someone();
    const ticket = await upload(token, 'avatar', await flatPng(8000, 5000));
    const before = decoded();
    expectProblem(await putMe({ avatar: ticket.public_url }, token), 400, /^The image is too large: 8000×5000 pixels; an avatar may have at most \d+ megapixels\.$/, 'avatar');
    expect(decoded() - before).toBe(0);
    expect(await sql('SELECT avatar FROM users WHERE id = $1', [member.id])).toEqual([{ avatar: null }]);
  });

  it('decodes at most IMAGE_DECODE_CONCURRENCY images at once, however many saves arrive together', async () => {
    const bound = (images as { IMAGE_DECODE_CONCURRENCY?: number }).IMAGE_DECODE_CONCURRENCY ?? 2;
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => someone()));
    const tickets = await Promise.all(members.map(async (m, i) => upload(m.token, 'avatar', await png(1000, 1000, 10 + i))));
    const before = decoded();
    images.resetImageDecodePeaks();
    const answers = await Promise.all(members.map((m, i) => putMe({ avatar: tickets[i]!.public_url }, m.token)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const gauge = images.imageDecodeGauge();
    expect(gauge.decoded - before).toBe(6);
    expect(gauge.peakActive).toBeLessThanOrEqual(bound);
    // the bound was met: some decodes waited for a slot
    expect(gauge.peakWaiting).toBeGreaterThan(0);
    expect(gauge).toMatchObject({ active: 0, waiting: 0 });
    expect((images as { IMAGE_DECODE_CONCURRENCY?: number }).IMAGE_DECODE_CONCURRENCY).toBe(bound);
  });
});

describe('an abandoned upload', () => {
  it('is swept with the resized copy a failed save kept for it', async () => {
    const { token } = await someone();
    const avatar = await upload(token, 'avatar', await png(700, 700, 5));
    const whole = await png(1600, 600, 6);
    const cover = await upload(token, 'cover', whole.subarray(0, Math.floor(whole.byteLength / 2)));
    expectProblem(await putMe({ avatar: avatar.public_url, cover_photo: cover.public_url }, token), 400, undefined, 'cover_photo');
    const [row] = await sql<{ storage_key: string; status: string }>('SELECT storage_key, status FROM uploads WHERE public_url = $1', [avatar.public_url]);
    expect(row!.status).toBe('pending');
    const copy = derivedKeyOf(row!.storage_key, 'avatar');
    expect(storedFiles()).toContain(copy);
    await sql("UPDATE uploads SET created_at = now() - interval '25 hours' WHERE public_url = $1", [avatar.public_url]);
    expect(await sweepAbandonedUploads(await getDb())).toBeGreaterThanOrEqual(1);
    expect(storedFiles()).not.toContain(copy);
    expect(storedFiles()).not.toContain(row!.storage_key);
    expect(await sql('SELECT status FROM uploads WHERE public_url = $1', [avatar.public_url])).toEqual([{ status: 'deleted' }]);
  });
});
