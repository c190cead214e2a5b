// The upload sweep against saves in flight and against many originals (issue 19 review;
// docs/decisions/029, amended): an original a save has claimed and is decoding is not a stray; one
// whose claim outlived its lease, or whose upload was adopted and done, is; and one sweep reaches every
// stray however many pending originals lie beside them. Local driver; S3: uploads-s3.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { derivedKeyOf, sweepStrayUploads } from '../../src/lib/server/services/uploads/uploads.ts';
import { sweepUploads } from '../../src/lib/server/jobs/upload-sweep-job.ts';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { createMember, tokenFor } from '../helpers/factories.ts';

// decoding waits for the test when it holds the gate: a save is then claimed and decoding
const gate = vi.hoisted(() => ({ hold: undefined as Promise<void> | undefined, reached: () => {} }));
vi.mock('../../src/lib/server/services/uploads/images.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/server/services/uploads/images.ts')>();
  return {
    ...original,
    renderUpload: async (...args: Parameters<typeof original.renderUpload>) => {
      if (gate.hold) {
        gate.reached();
        await gate.hold;
      }
      return original.renderUpload(...args);
    },
  };
});

const fixture = useApiFixture({ localUploads: true });
const sql = fixture.sql.bind(fixture);

type Ticket = { upload_url: string; headers: Record<string, string>; public_url: string };

const png = () => sharp({ create: { width: 48, height: 48, channels: 3, background: '#e11d48' } }).png().toBuffer();

async function upload(token: string): Promise<Ticket> {
  const bytes = await png();
  const ticket = await fixture.client.post<Ticket>('/uploads', { purpose: 'avatar', content_type: 'image/png', size: bytes.byteLength }, { token });
  expect(ticket.status).toBe(200);
  const sent = await fixture.server.request(ticket.body.upload_url, { method: 'PUT', headers: ticket.body.headers, body: new Uint8Array(bytes) });
  expect(sent.status).toBe(204);
  return ticket.body;
}

const originalFile = (ticket: { public_url: string }) => path.join(fixture.dataDir, 'upload-originals', ticket.public_url.replace('/media/uploads/', ''));

/** Dates a file back past a ticket's lifetime, so the sweep looks at it. */
function age(file: string, minutes = 11) {
  const old = new Date(Date.now() - minutes * 60_000);
  fs.utimesSync(file, old, old);
}

/** Starts a save of the avatar and answers once it has claimed the upload and is decoding it, held until `release()`. */
async function saveHeldInDecoding(token: string, ticket: Ticket) {
  let reached!: () => void;
  const decoding = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  gate.hold = new Promise<void>((resolve) => (release = resolve));
  gate.reached = reached;
  const save = fixture.client.put('/users/me', { avatar: ticket.public_url }, { token });
  await decoding;
  gate.hold = undefined;
  return { save, release };
}

describe('the sweep and a save that claimed an upload', () => {
  it('spares the original a save has claimed and is decoding; once the save is done its original goes', async () => {
    const member = await createMember();
    const token = await tokenFor(member);
    const ticket = await upload(token);
    age(originalFile(ticket));
    const { save, release } = await saveHeldInDecoding(token, ticket);
    await sweepUploads(fixture.database.db);
    expect(fs.existsSync(originalFile(ticket))).toBe(true);
    release();
    const saved = await save;
    expect(saved.status).toBe(200);
    // adopted and done: the save removed its original, and its row is no longer a claim
    expect(fs.existsSync(originalFile(ticket))).toBe(false);
    expect(await sql('SELECT status FROM uploads WHERE public_url = $1', [ticket.public_url])).toEqual([{ status: 'used' }]);
  });

  it('a save whose claim outlived its lease (given up by the sweep) is refused and leaves no published copy behind', async () => {
    const member = await createMember();
    const token = await tokenFor(member);
    const ticket = await upload(token);
    const { save, release } = await saveHeldInDecoding(token, ticket);
    // the save is slower than its lease: the sweep gives the claim up
    await sql("UPDATE uploads SET claimed_at = now() - interval '1 hour' WHERE public_url = $1", [ticket.public_url]);
    await sweepUploads(fixture.database.db);
    release();
    expect((await save).status).toBe(400);
    expect(await sql('SELECT status FROM uploads WHERE public_url = $1', [ticket.public_url])).toEqual([{ status: 'deleted' }]);
    const copy = derivedKeyOf(`originals/${ticket.public_url.replace('/media/uploads/', '')}`, 'avatar');
    expect(fs.existsSync(path.join(fixture.dataDir, 'media', 'uploads', copy))).toBe(false);
  });

  it('removes the original of an adopted upload (a late PUT, a crash before its removal) and one whose claim outlived its lease', async () => {
    const member = await createMember();
    const token = await tokenFor(member);
    const adopted = await upload(token);
    const stale = await upload(token);
    await sql("UPDATE uploads SET status = 'used' WHERE public_url = $1", [adopted.public_url]);
    // a save that claimed it and never came back (the process died while decoding)
    await sql("UPDATE uploads SET status = 'claimed', claimed_at = now() - interval '1 hour' WHERE public_url = $1", [stale.public_url]);
    for (const ticket of [adopted, stale]) age(originalFile(ticket), 61);
    await sweepUploads(fixture.database.db);
    expect(fs.existsSync(originalFile(adopted))).toBe(false);
    expect(fs.existsSync(originalFile(stale))).toBe(false);
    // the stale claim is given up for good: nothing can adopt it any more
    expect(await sql('SELECT status FROM uploads WHERE public_url = $1', [stale.public_url])).toEqual([{ status: 'deleted' }]);
  });
});

describe('the stray sweep and many originals', () => {
  it('reaches every stray in one sweep however many pending originals there are (more than one listing page)', async () => {
    const member = await createMember();
    const originals = path.join(fixture.dataDir, 'upload-originals', 'cover');
    fs.mkdirSync(originals, { recursive: true });
    const name = (prefix: string, i: number) => `${prefix}${String(i).padStart(21 - prefix.length, '0')}x.png`;
    const pending = Array.from({ length: 1001 }, (_, i) => name('P', i));
    const strays = Array.from({ length: 1001 }, (_, i) => name('S', i));
    for (const file of [...pending, ...strays]) {
      fs.writeFileSync(path.join(originals, file), 'x');
      age(path.join(originals, file));
    }
    await sql(
      `INSERT INTO uploads (user_id, purpose, storage_key, public_url, content_type, byte_size, status)
       SELECT $1, 'cover', 'originals/cover/' || f, '/media/uploads/cover/' || f, 'image/png', 1, 'pending' FROM unnest($2::text[]) AS f`,
      [member.id, pending],
    );
    await sweepStrayUploads(fixture.database.db);
    const left = fs.readdirSync(originals);
    expect(left.filter((file) => file.startsWith('S'))).toEqual([]);
    expect(left.filter((file) => file.startsWith('P')).length).toBe(1001);
  });
});
