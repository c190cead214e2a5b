// A suggested image and a rejection at the same moment (docs/decisions/038 "A suggested image before
// review"): a suggestion naming an image already stored and the rejection that would let go of it take
// turns on the image's `uploads` row (SELECT … FOR UPDATE). Whichever comes second sees what the first
// did: a suggestion after the rejection is refused (400 naming the field), a rejection after the
// suggestion keeps the image. PostgreSQL only (the api-postgres project): the embedded database runs one
// transaction at a time, so nothing can come between the two there. The other side of each race is
// played by a connection of the test's own, holding the row lock while the API's request waits on it.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { createDrama } from '../helpers/factories.ts';
import { expectProblem, readResponse } from '../helpers/http.ts';

const app = useApiFixture({ localUploads: true });
/** another session on the same database: the other side of the race */
let other: pg.Client;
/** a third one that watches for the API's statement waiting (outside `other`'s transaction, whose view of pg_stat_activity stays as it was when first read) */
let watcher: pg.Client;

beforeAll(async () => {
  if (app.database.kind !== 'postgres') throw new Error('this file runs in the api-postgres project only');
  other = new pg.Client({ connectionString: app.database.url });
  watcher = new pg.Client({ connectionString: app.database.url });
  await Promise.all([other.connect(), watcher.connect()]);
});

afterAll(async () => {
  await other?.end();
  await watcher?.end();
});

const mediaFile = (url: string) => path.join(app.dataDir, 'media', url.replace(/^\/media\//, ''));
const uploadStatus = async (url: string) => (await app.sql<{ status: string }>('SELECT status FROM uploads WHERE public_url = $1', [url])).map((r) => r.status);

/** A banner suggested by `token` for a new drama from a fresh upload: the suggestion's id and the stored image's address. */
async function suggestedBanner(token: string) {
  const bytes = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#0d9488' } }).png().toBuffer();
  const ticket = await app.client.post('/uploads', { purpose: 'drama_banner', content_type: 'image/png', size: bytes.byteLength }, { token });
  const sent = await readResponse(await app.server.request(ticket.body.upload_url, { method: ticket.body.method, headers: ticket.body.headers, body: new Uint8Array(bytes) }));
  expect(sent.status).toBe(204);
  const drama = await createDrama({ bannerImage: null });
  const made = await app.client.post(`/dramas/${drama.id}/edit-suggestions`, { banner_image: ticket.body.public_url }, { token });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { id: made.body.id as number, image: made.body.changes.banner_image.to as string };
}

/**
 * Answers once a statement of the API's locking the image's row waits for `other`'s lock, or once
 * `request` has answered without waiting (the test then sees that answer): asked of the database,
 * which waits 5 ms between looks (no test sleep; the test's own time limit bounds it).
 */
async function waitingOnTheRow(request: Promise<unknown>) {
  let settled = false;
  const done = () => (settled = true);
  void request.then(done, done);
  while (!settled) {
    const { rows } = await watcher.query<{ n: number }>(
      `SELECT count(*)::int AS n, pg_sleep(0.005) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'
          AND query ILIKE '%from "uploads"%for update%'`,
    );
    if (rows[0]!.n >= 1) return;
  }
}

describe('a suggestion naming a stored image, and a rejection letting go of it, at once', () => {
  it('the rejection first: the suggestion waits for it, then is refused (400 naming the field) and nothing is suggested', async () => {
    const member = await app.someone();
    const first = await suggestedBanner(member.token);
    const drama = await createDrama({ bannerImage: null });

    // the rejection holds the row and lets go of the image (as reviewSuggestion does) …
    await other.query('BEGIN');
    await other.query('SELECT id FROM uploads WHERE public_url = $1 FOR UPDATE', [first.image]);
    // … while the member names the same image for another drama
    const naming = app.client.post(`/dramas/${drama.id}/edit-suggestions`, { banner_image: first.image }, { token: member.token });
    await waitingOnTheRow(naming);
    await other.query("UPDATE uploads SET status = 'deleted' WHERE public_url = $1", [first.image]);
    await other.query("UPDATE edit_suggestions SET status = 'rejected' WHERE id = $1", [first.id]);
    await other.query('COMMIT');
    expectProblem(await naming, 400, undefined, 'banner_image');
    expect(await app.sql('SELECT id FROM edit_suggestions WHERE target_type = $1 AND target_id = $2', ['drama', drama.id])).toEqual([]);
  });

  it('the suggestion first: the rejection waits for it, sees it, and keeps the image', async () => {
    const member = await app.someone();
    const mod = await app.someone({ role: 'mod' });
    const first = await suggestedBanner(member.token);
    const drama = await createDrama({ bannerImage: null });

    // a suggestion naming the image holds the row (as withImage does) and is not committed yet …
    await other.query('BEGIN');
    await other.query('SELECT id FROM uploads WHERE public_url = $1 FOR UPDATE', [first.image]);
    await other.query(
      "INSERT INTO edit_suggestions (target_type, target_id, user_id, changes) VALUES ('drama', $1, $2, jsonb_build_object('banner_image', jsonb_build_object('from', null, 'to', $3::text)))",
      [drama.id, member.member.id, first.image],
    );
    // … while a mod rejects the first suggestion
    const rejecting = app.client.post(`/edit-suggestions/${first.id}/review`, { approved: false }, { token: mod.token });
    await waitingOnTheRow(rejecting);
    await other.query('COMMIT');
    expect((await rejecting).status).toBe(200);
    expect(fs.existsSync(mediaFile(first.image))).toBe(true);
    expect(await uploadStatus(first.image)).toEqual(['active']);
  });
});
