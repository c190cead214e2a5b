// Catalogue editing over HTTP (contract "Catalogue editing and review", docs/decisions/038): mods and
// admins edit dramas and people at once (only what changes, one history entry, live at once in the
// public answer and for the pre-rendered page); members suggest (from/to kept, locked fields refused,
// their own readable); mods review (conflicts are a 409 naming the fields, two reviews at once: one
// wins), read history and revert; field locks; the pending count. Bad input is a 400 naming the field
// with nothing changed.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listStalePaths } from '../../src/lib/server/services/catalogue/content-freshness.ts';
import { getDb } from '../../src/lib/server/db/client.ts';
import { sweepUploads } from '../../src/lib/server/jobs/upload-sweep-job.ts';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { createDrama, createPerson } from '../helpers/factories.ts';
import { expectEditConflict, expectProblem, readResponse } from '../helpers/http.ts';

const app = useApiFixture({ localUploads: true });
const { sql, someone } = app;

const NOT_ALLOWED = "You don't have permission to perform this action";
const NO_CHANGES = 'No changes detected. Please modify at least one field.';

const staff = async () => ({ mod: await someone({ role: 'mod' }), admin: await someone({ role: 'admin' }) });
const editDrama = (id: number | string, body: unknown, token?: string) => app.client.put(`/dramas/${id}`, body, { token });
const editPerson = (id: number | string, body: unknown, token?: string) => app.client.put(`/people/${id}`, body, { token });
const suggestDrama = (id: number | string, body: unknown, token?: string) => app.client.post(`/dramas/${id}/edit-suggestions`, body, { token });
const suggestPerson = (id: number | string, body: unknown, token?: string) => app.client.post(`/people/${id}/edit-suggestions`, body, { token });
const review = (id: number | string, body: unknown, token?: string) => app.client.post(`/edit-suggestions/${id}/review`, body, { token });
const revert = (id: number | string, token?: string) => app.client.post(`/edit-history/${id}/revert`, undefined, { token });

const historyOf = (type: string, id: number) =>
  sql<{ id: number; user_id: number | null; applied_by_id: number | null; source: string; suggestion_id: number | null; reverts_id: number | null; changes: Record<string, { from: unknown; to: unknown }> }>(
    'SELECT id, user_id, applied_by_id, source, suggestion_id, reverts_id, changes FROM edit_history WHERE target_type = $1 AND target_id = $2 ORDER BY id',
    [type, id],
  );
const dramaRow = async (id: number) =>
  (await sql<Record<string, unknown>>('SELECT title, status, type, episodes, year, aired_start::text, aired_end::text, synopsis, updated_at FROM dramas WHERE id = $1', [id]))[0]!;

afterEach(() => vi.restoreAllMocks());

describe('PUT /dramas/{id}', () => {
  it('applies only the fields that change, records one history entry, answers {success, drama}', async () => {
    const { mod } = await staff();
    const drama = await createDrama({ title: 'Old Title', status: 'airing', type: 'drama', episodes: 16, genres: ['Romance'], tags: ['Office'] });
    await sql("INSERT INTO genres (name) VALUES ('Comedy') ON CONFLICT DO NOTHING");
    const res = await editDrama(
      drama.id,
      { title: '  New Title  ', status: 'COMPLETED', type: 'TV_Show', episodes: 16, genres: ['comedy', 'Romance'], tags: [' Office ', 'Time Travel', ''], also_known_as: ['A', ' ', 'a', 'B'] },
      mod.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.drama).toMatchObject({ id: drama.id, title: 'New Title', status: 'completed', type: 'tv_show', episodes: 16, also_known_as: ['A', 'B'] });
    expect(res.body.drama.genres.map((g: { name: string }) => g.name)).toEqual(['Comedy', 'Romance']);
    expect(res.body.drama.tags.map((t: { name: string }) => t.name)).toEqual(['Office', 'Time Travel']);
    const history = await historyOf('drama', drama.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ user_id: mod.member.id, applied_by_id: mod.member.id, source: 'direct', suggestion_id: null, reverts_id: null });
    expect(history[0]!.changes).toEqual({
      title: { from: 'Old Title', to: 'New Title' },
      status: { from: 'airing', to: 'completed' },
      type: { from: 'drama', to: 'tv_show' },
      genres: { from: ['Romance'], to: ['Comedy', 'Romance'] },
      tags: { from: ['Office'], to: ['Office', 'Time Travel'] },
      also_known_as: { from: [], to: ['A', 'B'] },
    });
  });

  it('refuses a body that changes nothing, a member (403), a visitor (401), an unknown drama (404)', async () => {
    const { admin } = await staff();
    const member = await someone();
    const drama = await createDrama({ title: 'Same', episodes: 10 });
    expectProblem(await editDrama(drama.id, { title: 'Same', episodes: 10 }, admin.token), 400, NO_CHANGES);
    expectProblem(await editDrama(drama.id, {}, admin.token), 400, NO_CHANGES);
    expectProblem(await editDrama(drama.id, { title: 'Other' }, member.token), 403, NOT_ALLOWED);
    expectProblem(await editDrama(drama.id, { title: 'Other' }), 401);
    expectProblem(await editDrama(2_000_000_000, { title: 'Other' }, admin.token), 404, 'Drama not found');
    expectProblem(await editDrama('abc', { title: 'Other' }, admin.token), 400, 'Invalid drama ID', 'id');
    expect((await dramaRow(drama.id)).title).toBe('Same');
    expect(await historyOf('drama', drama.id)).toEqual([]);
  });

  it('refuses bad values with a 400 naming the field, and changes nothing', async () => {
    const { mod } = await staff();
    const drama = await createDrama({ title: 'Keep', airedStart: '2024-03-01', airedEnd: '2024-04-01' });
    const bad: [unknown, string][] = [
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(256) }, 'title'],
      [{ title: 5 }, 'title'],
      [{ status: 'finished' }, 'status'],
      [{ type: 'cartoon' }, 'type'],
      [{ episodes: -1 }, 'episodes'],
      [{ episodes: 10_001 }, 'episodes'],
      [{ episodes: 2.5 }, 'episodes'],
      [{ episodes: '12' }, 'episodes'],
      [{ year: 1899 }, 'year'],
      [{ year: 2031 }, 'year'],
      [{ aired_start: '2024-02-30' }, 'aired_start'],
      [{ aired_start: '01/02/2024' }, 'aired_start'],
      [{ aired_end: '2024-02-01' }, 'aired_end'],
      [{ aired_start: '2024-05-01' }, 'aired_start'],
      [{ aired_start: '2024-05-01', aired_end: '2024-04-01' }, 'aired_end'],
      [{ genres: ['Nonexistent Genre'] }, 'genres'],
      [{ genres: [5] }, 'genres'],
      [{ genres: 'Romance, Nonexistent Genre' }, 'genres'],
      [{ tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }, 'tags'],
      [{ also_known_as: ['x'.repeat(256)] }, 'also_known_as'],
      [{ synopsis: 'x'.repeat(10_001) }, 'synopsis'],
      [{ country: ' ' }, 'country'],
      [{ network: 'x'.repeat(101) }, 'network'],
      [{ banner_image: 'https://example.com/not-mine.jpg' }, 'banner_image'],
      [{ rating: 10 }, 'rating'],
      [{ votes: 1 }, 'votes'],
      [{ watchers: 1 }, 'watchers'],
      [{ popularity: 1 }, 'popularity'],
      [{ ranked: 1 }, 'ranked'],
      [{ poster: 'x' }, 'poster'],
      // names every object has are no fields either (a lookup on the rules must not find them)
      [{ constructor: 'x' }, 'constructor'],
      [{ valueOf: 1 }, 'valueOf'],
      [{ toString: 'x' }, 'toString'],
    ];
    for (const [body, field] of bad) {
      const res = await editDrama(drama.id, body, mod.token);
      expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.field, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(field);
    }
    expectProblem(await editDrama(drama.id, { rating: 10 }, mod.token), 400, 'rating is derived and never editable', 'rating');
    // a body's own __proto__ is dropped by the validation: nothing is left to change
    expectProblem(await editDrama(drama.id, { ['__proto__']: { title: 'x' } }, mod.token), 400, 'No changes detected. Please modify at least one field.');
    expect(await dramaRow(drama.id)).toMatchObject({ title: 'Keep', aired_start: '2024-03-01', aired_end: '2024-04-01' });
    expect(await historyOf('drama', drama.id)).toEqual([]);
  });

  it('is live at once: the cached public answer and the pre-rendered page of the drama', async () => {
    const { mod } = await staff();
    const drama = await createDrama({ title: 'Before Live' });
    const builtAt = new Date(Date.now() - 1000);
    await sql('UPDATE dramas SET updated_at = $2 WHERE id = $1', [drama.id, new Date(Date.now() - 60_000)]);
    const first = await app.client.get(`/dramas/${drama.id}`);
    expect(first.body.title).toBe('Before Live');
    expect((await app.client.get(`/dramas/${drama.id}`)).headers.get('x-cache')).toBe('HIT');
    expect(await listStalePaths(await getDb(), builtAt)).not.toContain(`/drama/${drama.id}`);
    expect((await editDrama(drama.id, { title: 'After Live' }, mod.token)).status).toBe(200);
    const after = await app.client.get(`/dramas/${drama.id}`);
    expect(after.body.title).toBe('After Live');
    expect(await listStalePaths(await getDb(), builtAt)).toContain(`/drama/${drama.id}`);
  });
});

describe('PUT /people/{id}', () => {
  it('applies trimmed lists, gender and dates; hearts is never editable', async () => {
    const { admin } = await staff();
    const person = await createPerson({ name: 'Old Name', hearts: 5 });
    const res = await editPerson(person.id, { name: 'New Name', gender: 'Female', nationality: ' South Korean , ,Japanese', date_of_birth: '1990-02-28', also_known_as: [' X ', '', 'Y'] }, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, person: { id: person.id, name: 'New Name', gender: 'Female', nationality: ['South Korean', 'Japanese'], date_of_birth: '1990-02-28', also_known_as: ['X', 'Y'], hearts: 5 } });
    expectProblem(await editPerson(person.id, { hearts: 100 }, admin.token), 400, 'hearts is derived and never editable', 'hearts');
    expectProblem(await editPerson(person.id, { gender: 'Unknown' }, admin.token), 400, undefined, 'gender');
    expectProblem(await editPerson(person.id, { date_of_birth: '1990-13-01' }, admin.token), 400, undefined, 'date_of_birth');
    expectProblem(await editPerson(person.id, { name: '' }, admin.token), 400, undefined, 'name');
    expectProblem(await editPerson(person.id, { image: 'https://elsewhere/x.png' }, admin.token), 400, undefined, 'image');
    expectProblem(await editPerson(person.id, { name: 'New Name' }, admin.token), 400, NO_CHANGES);
    const history = await historyOf('person', person.id);
    expect(history).toHaveLength(1);
    expect(Object.keys(history[0]!.changes).sort()).toEqual(['also_known_as', 'date_of_birth', 'gender', 'name', 'nationality']);
  });
});

describe('suggestions and review', () => {
  it('a member suggests (201, from/to of the changed fields only), sees it with mine=true; a mod approves it', async () => {
    const member = await someone();
    const { mod } = await staff();
    const drama = await createDrama({ title: 'Suggest Me', episodes: 12 });
    const made = await suggestDrama(drama.id, { title: 'Suggested', episodes: 12, source_note: ' the broadcaster ' }, member.token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      status: 'pending',
      target_type: 'drama',
      target_id: drama.id,
      target_title: 'Suggest Me',
      changes: { title: { from: 'Suggest Me', to: 'Suggested' } },
      source_note: 'the broadcaster',
      author: { id: member.member.id },
      reviewed_by: null,
    });
    expect((await dramaRow(drama.id)).title).toBe('Suggest Me');
    expectProblem(await app.client.get('/edit-suggestions', { token: member.token }), 403, NOT_ALLOWED);
    expectProblem(await app.client.get('/edit-suggestions?mine=true'), 401);
    const mine = await app.client.get('/edit-suggestions?mine=true', { token: member.token });
    expect(mine.body.items.map((s: { id: number }) => s.id)).toEqual([made.body.id]);
    expect(mine.body.items[0].conflicts).toBeUndefined();
    const queue = await app.client.get(`/edit-suggestions?status=pending&target_type=drama&target_id=${drama.id}`, { token: mod.token });
    expect(queue.body.items).toHaveLength(1);
    expect(queue.body.items[0].conflicts).toEqual([]);
    expect((await app.client.get(`/dramas/${drama.id}/pending-edits`)).body).toEqual({ pending: 1 });
    const approved = await review(made.body.id, { approved: true, note: 'thanks' }, mod.token);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', reviewed_by: { id: mod.member.id }, note: 'thanks' });
    expect((await dramaRow(drama.id)).title).toBe('Suggested');
    expect((await app.client.get(`/dramas/${drama.id}`)).body.title).toBe('Suggested');
    const history = await historyOf('drama', drama.id);
    expect(history).toEqual([
      expect.objectContaining({ source: 'suggestion', user_id: member.member.id, applied_by_id: mod.member.id, suggestion_id: made.body.id }),
    ]);
    expectProblem(await review(made.body.id, { approved: false }, mod.token), 409, 'This suggestion has already been reviewed');
    expect((await app.client.get(`/dramas/${drama.id}/pending-edits`)).body).toEqual({ pending: 0 });
  });

  it('approving after the fields changed is a 409 naming them, and nothing changes; rejecting keeps the note', async () => {
    const member = await someone();
    const { mod, admin } = await staff();
    const drama = await createDrama({ title: 'Conflict', episodes: 10 });
    const made = await suggestDrama(drama.id, { title: 'Conflict 2', episodes: 12 }, member.token);
    expect(made.status).toBe(201);
    expect((await editDrama(drama.id, { episodes: 11 }, admin.token)).status).toBe(200);
    const queue = await app.client.get(`/edit-suggestions?status=pending&target_id=${drama.id}`, { token: mod.token });
    expect(queue.body.items[0].conflicts).toEqual(['episodes']);
    expectEditConflict(await review(made.body.id, { approved: true }, mod.token), ['episodes'], 'changed', /changed on the record since the suggestion/);
    expect(await dramaRow(drama.id)).toMatchObject({ title: 'Conflict', episodes: 11 });
    expect(await historyOf('drama', drama.id)).toHaveLength(1);
    const rejected = await review(made.body.id, { approved: false, note: 'episodes changed since' }, mod.token);
    expect(rejected.body).toMatchObject({ status: 'rejected', note: 'episodes changed since' });
    const mine = await app.client.get('/edit-suggestions?mine=true&status=rejected', { token: member.token });
    expect(mine.body.items[0]).toMatchObject({ id: made.body.id, status: 'rejected', note: 'episodes changed since' });
  });

  it('two mods approving the same suggestion at once: one 200, one 409, one history entry', async () => {
    const member = await someone();
    const { mod, admin } = await staff();
    const drama = await createDrama({ title: 'Race' });
    const made = await suggestDrama(drama.id, { title: 'Race Won' }, member.token);
    const answers = await Promise.all([review(made.body.id, { approved: true }, mod.token), review(made.body.id, { approved: true }, admin.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await historyOf('drama', drama.id)).toHaveLength(1);
    expect((await dramaRow(drama.id)).title).toBe('Race Won');
  });

  it('refuses a locked field (409 naming it), a suggestion that changes nothing, a long source note; members may not review', async () => {
    const member = await someone();
    const { mod } = await staff();
    const person = await createPerson({ name: 'Locked Person' });
    const locked = await app.client.put(`/people/${person.id}/locks/name`, { note: 'vandalism' }, { token: mod.token });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(locked.body).toMatchObject({ field: 'name', note: 'vandalism', locked_by: { id: mod.member.id } });
    expect((await app.client.get(`/people/${person.id}/locks`)).body.map((l: { field: string }) => l.field)).toEqual(['name']);
    expectEditConflict(await suggestPerson(person.id, { name: 'Vandal' }, member.token), ['name'], 'locked', /Locked by a moderator/);
    expectProblem(await suggestPerson(person.id, { name: 'Locked Person' }, member.token), 400, NO_CHANGES);
    expectProblem(await suggestPerson(person.id, { biography: 'bio', source_note: 'x'.repeat(1001) }, member.token), 400, undefined, 'source_note');
    expectProblem(await app.client.put(`/people/${person.id}/locks/hearts`, {}, { token: mod.token }), 400, undefined, 'field');
    const ok = await suggestPerson(person.id, { biography: 'A biography.' }, member.token);
    expect(ok.status).toBe(201);
    expectProblem(await review(ok.body.id, { approved: true }, member.token), 403, NOT_ALLOWED);
    expect((await app.client.delete(`/people/${person.id}/locks/name`, { token: mod.token })).status).toBe(204);
    expect((await suggestPerson(person.id, { name: 'Renamed' }, member.token)).status).toBe(201);
    expect((await app.client.get(`/people/${person.id}/pending-edits`)).body).toEqual({ pending: 2 });
    // a field locked after the suggestion was made: approving it is refused the same way, nothing applied
    const renamed = (await app.client.get('/edit-suggestions?status=pending', { token: mod.token })).body.items.find(
      (item: { target_id: number; changes: Record<string, unknown> }) => item.target_id === person.id && 'name' in item.changes,
    );
    expect((await app.client.put(`/people/${person.id}/locks/name`, {}, { token: mod.token })).status).toBe(200);
    expectEditConflict(await review(renamed.id, { approved: true }, mod.token), ['name'], 'locked', /Locked by a moderator/);
    expect((await sql<{ name: string }>('SELECT name FROM people WHERE id = $1', [person.id]))[0]!.name).toBe('Locked Person');
    expect(await sql('SELECT 1 FROM edit_history WHERE target_type = $1 AND target_id = $2', ['person', person.id])).toEqual([]);
  });
});

describe('history and revert', () => {
  it('lists history newest first and reverts an entry as a new one; a field changed since is a 409', async () => {
    const { mod, admin } = await staff();
    const drama = await createDrama({ title: 'H1', episodes: 1 });
    await editDrama(drama.id, { title: 'H2' }, mod.token);
    await editDrama(drama.id, { episodes: 2 }, mod.token);
    const page = await app.client.get(`/dramas/${drama.id}/history`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.items.map((e: { changes: object }) => Object.keys(e.changes))).toEqual([['episodes'], ['title']]);
    expect(page.body.items[0]).toMatchObject({ source: 'direct', author: { id: mod.member.id }, applied_by: { id: mod.member.id } });
    const titleEntry = page.body.items[1].id;
    const reverted = await revert(titleEntry, admin.token);
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(201);
    expect(reverted.body).toMatchObject({ source: 'revert', reverts_id: titleEntry, changes: { title: { from: 'H2', to: 'H1' } }, applied_by: { id: admin.member.id } });
    expect((await dramaRow(drama.id)).title).toBe('H1');
    expectEditConflict(await revert(titleEntry, admin.token), ['title'], 'changed', /changed on the record since this change was applied/);
    expectProblem(await revert(titleEntry, (await someone()).token), 403, NOT_ALLOWED);
    expectProblem(await revert(999_999_999, admin.token), 404);
    expectProblem(await app.client.get('/dramas/999999999/history'), 404);
  });
});

describe('edit conflicts name every field (fields, reason)', () => {
  it('approving: every field changed since; a date that no longer fits; the suggestion stays pending', async () => {
    const member = await someone();
    const { mod, admin } = await staff();
    const drama = await createDrama({ title: 'Fields One', episodes: 10, network: 'KBS', airedStart: '2020-01-01' });
    const made = await suggestDrama(drama.id, { title: 'Fields Two', episodes: 12, network: 'SBS' }, member.token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await editDrama(drama.id, { title: 'Fields Three', episodes: 11 }, admin.token)).status).toBe(200);
    expectEditConflict(await review(made.body.id, { approved: true }, mod.token), ['title', 'episodes'], 'changed', /title/);
    expect(await dramaRow(drama.id)).toMatchObject({ title: 'Fields Three', episodes: 11 });
    expect((await app.client.get(`/dramas/${drama.id}/pending-edits`)).body).toEqual({ pending: 1 });

    // the end date suggested, then the start moved after it on the record: the end is at fault
    const ending = await suggestDrama(drama.id, { aired_end: '2020-06-30' }, member.token);
    expect(ending.status, JSON.stringify(ending.body)).toBe(201);
    expect((await editDrama(drama.id, { aired_start: '2021-01-01' }, admin.token)).status).toBe(200);
    expectEditConflict(await review(ending.body.id, { approved: true }, mod.token), ['aired_end'], 'dates', /must not be before/);
    expect((await dramaRow(drama.id)).aired_end).toBeNull();
  });

  it('reverting: every field changed since that entry', async () => {
    const { mod, admin } = await staff();
    const person = await createPerson({ name: 'Revert Fields', biography: 'First.' });
    const first = await editPerson(person.id, { name: 'Revert Fields 2', biography: 'Second.', gender: 'Female' }, mod.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [entry] = await historyOf('person', person.id);
    expect((await editPerson(person.id, { name: 'Revert Fields 3', biography: 'Third.' }, admin.token)).status).toBe(200);
    expectEditConflict(await revert(entry!.id, admin.token), ['name', 'biography'], 'changed', /name/);
    expect(await historyOf('person', person.id)).toHaveLength(2);
  });
});

describe('tags in any case', () => {
  const tagRows = (name: string) => sql<{ id: number; name: string }>('SELECT id, name FROM tags WHERE lower(name) = lower($1) ORDER BY id', [name]);
  const tagsOf = async (dramaId: number) =>
    (await sql<{ name: string }>('SELECT t.name FROM drama_tags dt JOIN tags t ON t.id = dt.tag_id WHERE dt.drama_id = $1 ORDER BY t.name', [dramaId])).map((r) => r.name);

  it('a tag named in another case than one created since is the existing tag, and the history says so', async () => {
    const member = await someone();
    const { mod, admin } = await staff();
    const suggested = await createDrama({ title: 'Tag Case Suggested', tags: ['Amnesia Arc'] });
    const other = await createDrama({ title: 'Tag Case Other' });
    // suggested before the tag exists: kept as the member wrote it
    const made = await suggestDrama(suggested.id, { tags: ['Amnesia Arc', 'time loop saga'] }, member.token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.changes.tags.to).toEqual(['Amnesia Arc', 'time loop saga']);
    // meanwhile a mod creates it, spelled otherwise
    expect((await editDrama(other.id, { tags: ['Time Loop Saga'] }, admin.token)).status).toBe(200);
    const approved = await review(made.body.id, { approved: true }, mod.token);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await tagRows('time loop saga')).toEqual([expect.objectContaining({ name: 'Time Loop Saga' })]);
    expect(await tagsOf(suggested.id)).toEqual(['Amnesia Arc', 'Time Loop Saga']);
    const [entry] = await historyOf('drama', suggested.id);
    expect(entry!.changes.tags).toEqual({ from: ['Amnesia Arc'], to: ['Amnesia Arc', 'Time Loop Saga'] });
    // a direct edit naming the tags in other cases changes nothing
    expectProblem(await editDrama(suggested.id, { tags: ['AMNESIA ARC', 'time loop SAGA'] }, admin.token), 400, NO_CHANGES);
    expect(await tagRows('amnesia arc')).toHaveLength(1);
    // the approved change reverts cleanly: its `to` is the record's value
    const reverted = await revert(entry!.id, admin.token);
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(201);
    expect(await tagsOf(suggested.id)).toEqual(['Amnesia Arc']);
    expect(await tagRows('time loop saga')).toHaveLength(1);
  });

  it('a tag with letters JavaScript and the database lower-case differently (İ, a final Σ) is kept, not dropped', async () => {
    const { admin } = await staff();
    const drama = await createDrama({ title: 'Tag Letters' });
    const edited = await editDrama(drama.id, { tags: ['İzmir Nights', 'ΟΔΥΣΣΕΑΣ'] }, admin.token);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await tagsOf(drama.id)).toEqual(['İzmir Nights', 'ΟΔΥΣΣΕΑΣ'].sort());
  });

  it('two approvals and two direct edits creating one tag in two cases at once end with one tag', async () => {
    const member = await someone();
    const { mod, admin } = await staff();
    for (const [round, [a, b]] of [['Paradox Tag', 'paradox tag'], ['Wormhole Tag', 'WORMHOLE TAG'], ['Chronos Tag', 'chronos TAG']].entries()) {
      const [one, two] = [await createDrama({ title: `Race Tag ${round}a` }), await createDrama({ title: `Race Tag ${round}b` })];
      if (round === 2) {
        // direct edits at once
        const answers = await Promise.all([editDrama(one.id, { tags: [a] }, mod.token), editDrama(two.id, { tags: [b] }, admin.token)]);
        expect(answers.map((x) => x.status)).toEqual([200, 200]);
      } else {
        const first = await suggestDrama(one.id, { tags: [a, `Shared ${round}`] }, member.token);
        const second = await suggestDrama(two.id, { tags: [`shared ${round}`, b] }, member.token);
        expect([first.status, second.status]).toEqual([201, 201]);
        const answers = await Promise.all([review(first.body.id, { approved: true }, mod.token), review(second.body.id, { approved: true }, admin.token)]);
        expect(answers.map((x) => x.status), JSON.stringify(answers.map((x) => x.body))).toEqual([200, 200]);
        expect(await tagRows(`shared ${round}`)).toHaveLength(1);
      }
      const rows = await tagRows(a);
      expect(rows).toHaveLength(1);
      expect([a, b]).toContain(rows[0]!.name);
      // both dramas carry that one tag, and each history entry names it as stored
      for (const drama of [one, two]) {
        expect(await tagsOf(drama.id)).toContain(rows[0]!.name);
        expect((await historyOf('drama', drama.id))[0]!.changes.tags!.to).toContain(rows[0]!.name);
      }
    }
  });
});

describe('reading suggestions', () => {
  it('reads a page in a fixed few queries, however many suggestions it holds', async () => {
    // the mod's own suggestions (mine=true): every page holds dramas and people, whatever other tests left pending
    const { mod } = await staff();
    const member = mod;
    for (let i = 0; i < 8; i++) {
      const record = i % 2 === 0 ? await createDrama() : await createPerson();
      const res = i % 2 === 0 ? await suggestDrama(record.id, { synopsis: `s${i}` }, member.token) : await suggestPerson(record.id, { biography: `b${i}` }, member.token);
      expect(res.status).toBe(201);
    }
    const queries = async (size: number) => {
      const spy = vi.spyOn(pg.Pool.prototype, 'query');
      const res = await app.client.get(`/edit-suggestions?status=pending&mine=true&size=${size}`, { token: mod.token });
      const count = spy.mock.calls.length;
      spy.mockRestore();
      expect(res.body.items).toHaveLength(size);
      return count;
    };
    const small = await queries(2);
    const large = await queries(8);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(8);
  });
});

describe('images', () => {
  /** POST /uploads then PUT a real PNG: the upload's public_url */
  async function uploadImage(token: string, purpose: 'drama_banner' | 'person_image') {
    const bytes = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2563eb' } }).png().toBuffer();
    const ticket = await app.client.post('/uploads', { purpose, content_type: 'image/png', size: bytes.byteLength }, { token });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    const sent = await readResponse(await app.server.request(ticket.body.upload_url, { method: ticket.body.method, headers: ticket.body.headers, body: new Uint8Array(bytes) }));
    expect(sent.status).toBe(204);
    return ticket.body.public_url as string;
  }

  it("takes a banner the mod uploaded (its served copy), refuses another member's upload, and a suggested person image applies on approval", async () => {
    const { mod, admin } = await staff();
    const member = await someone();
    const drama = await createDrama({ bannerImage: '/media/art/old-banner.webp' });
    const url = await uploadImage(mod.token, 'drama_banner');
    expectProblem(await editDrama(drama.id, { banner_image: url }, admin.token), 400, undefined, 'banner_image');
    const res = await editDrama(drama.id, { banner_image: url }, mod.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const served = res.body.drama.banner_image as string;
    expect(served).toMatch(/\.webp$/);
    expect((await historyOf('drama', drama.id))[0]!.changes).toEqual({ banner_image: { from: '/media/art/old-banner.webp', to: served } });
    expect((await app.server.request(served)).status).toBe(200);
    // the previous image stays (history and revert point at it); clearing is null
    expect((await editDrama(drama.id, { banner_image: null }, mod.token)).body.drama.banner_image).toBeNull();

    const person = await createPerson();
    const mine = await uploadImage(member.token, 'person_image');
    expectProblem(await suggestPerson(person.id, { image: await uploadImage(mod.token, 'person_image') }, member.token), 400, undefined, 'image');
    const made = await suggestPerson(person.id, { image: mine }, member.token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const suggested = made.body.changes.image.to as string;
    expect(made.body.changes.image.from).toBeNull();
    expect(suggested).toMatch(/\.webp$/);
    expect((await review(made.body.id, { approved: true }, mod.token)).status).toBe(200);
    expect((await app.client.get(`/people/${person.id}`)).body.image).toBe(suggested);
  });

  // A suggested image before review (docs/decisions/038): kept and shown to staff while pending, the
  // record's on approval, gone from storage on rejection unless something else names it.
  /** the local driver's file of a served address (`/media/<key>`), and of an upload's original */
  const mediaFile = (url: string) => path.join(app.dataDir, 'media', url.replace(/^\/media\//, ''));
  const originalFile = (publicUrl: string) => path.join(app.dataDir, 'upload-originals', publicUrl.replace(/^\/media\/uploads\//, ''));
  const uploadStatus = async (url: string) => (await sql<{ status: string }>('SELECT status FROM uploads WHERE public_url = $1', [url])).map((r) => r.status);
  const bannerOf = async (id: number) => (await sql<{ banner_image: string | null }>('SELECT banner_image FROM dramas WHERE id = $1', [id]))[0]!.banner_image;

  /** a member's banner upload suggested for a drama without a banner: who, the mod to review it, the upload and the stored image it became */
  async function bannerSuggested() {
    const member = await someone();
    const { mod } = await staff();
    const drama = await createDrama({ bannerImage: null });
    const upload = await uploadImage(member.token, 'drama_banner');
    const made = await suggestDrama(drama.id, { banner_image: upload }, member.token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return { member, mod, drama, upload, made, suggested: made.body.changes.banner_image.to as string };
  }

  it('a rejected suggestion: staff saw its image, no public answer named it; once rejected its copy and original are gone and its rows say deleted', async () => {
    const member = await someone();
    const { mod } = await staff();
    const drama = await createDrama({ bannerImage: '/media/art/old-banner.webp' });
    const upload = await uploadImage(member.token, 'drama_banner');
    expect(fs.existsSync(originalFile(upload))).toBe(true);
    const made = await suggestDrama(drama.id, { banner_image: upload }, member.token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const suggested = made.body.changes.banner_image.to as string;
    expect(suggested).toMatch(/^\/media\/uploads\/drama_banner\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(fs.existsSync(mediaFile(suggested))).toBe(true);
    expect(await uploadStatus(suggested)).toEqual(['active']);

    // staff see it to review it: the queue names it and the file is served
    const queue = await app.client.get(`/edit-suggestions?status=pending&target_type=drama&target_id=${drama.id}`, { token: mod.token });
    expect(queue.body.items[0].changes.banner_image.to).toBe(suggested);
    expect((await app.server.request(suggested)).status).toBe(200);
    // it is not the catalogue's image, and nothing public names it (nor lists the folder)
    expect(await bannerOf(drama.id)).toBe('/media/art/old-banner.webp');
    for (const address of [`/dramas/${drama.id}`, `/dramas/${drama.id}/history`, `/dramas/${drama.id}/pending-edits`, `/dramas/${drama.id}/locks`]) {
      const answer = await app.client.get(address);
      expect(answer.status, address).toBe(200);
      expect(JSON.stringify(answer.body), address).not.toContain(suggested);
    }
    expectProblem(await app.client.get(`/edit-suggestions?status=pending&target_type=drama&target_id=${drama.id}`), 401);
    expect((await app.server.request('/media/uploads/drama_banner/')).status).toBe(404);

    const rejected = await review(made.body.id, { approved: false, note: 'not this one' }, mod.token);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(fs.existsSync(mediaFile(suggested))).toBe(false);
    expect(fs.existsSync(originalFile(upload))).toBe(false);
    expect((await app.server.request(suggested)).status).toBe(404);
    expect(await uploadStatus(suggested)).toEqual(['deleted']);
    expect(await uploadStatus(upload)).toEqual(['deleted']);
    expect(await bannerOf(drama.id)).toBe('/media/art/old-banner.webp');
    // the suggestion still reads as it was (its `to` names the image that was proposed)
    expect((await app.client.get('/edit-suggestions?mine=true', { token: member.token })).body.items[0]).toMatchObject({ status: 'rejected', changes: { banner_image: { to: suggested } } });
    // and the image can no longer be named in a suggestion
    expectProblem(await suggestDrama(drama.id, { banner_image: suggested }, member.token), 400, undefined, 'banner_image');
  });

  it('an approved suggestion: its image stays stored and becomes the record\'s', async () => {
    const { member, mod, drama, upload, made, suggested } = await bannerSuggested();
    expect(await bannerOf(drama.id)).toBeNull();
    expect((await review(made.body.id, { approved: true }, mod.token)).status).toBe(200);
    expect(await bannerOf(drama.id)).toBe(suggested);
    expect((await app.client.get(`/dramas/${drama.id}`)).body.banner_image).toBe(suggested);
    expect(fs.existsSync(mediaFile(suggested))).toBe(true);
    expect((await app.server.request(suggested)).status).toBe(200);
    expect(await uploadStatus(suggested)).toEqual(['active']);
    expect(await uploadStatus(upload)).toEqual(['used']);
  });

  it('a pending suggestion\'s image survives the sweep, days later, and is applied on approval', async () => {
    const { member, mod, drama, upload, made, suggested } = await bannerSuggested();
    // the suggestion waits three days: its rows and its file are that old when the sweep runs
    await sql("UPDATE uploads SET created_at = now() - interval '3 days' WHERE public_url IN ($1, $2)", [upload, suggested]);
    const old = new Date(Date.now() - 3 * 24 * 60 * 60_000);
    fs.utimesSync(mediaFile(suggested), old, old);
    await sweepUploads(await getDb());
    expect(fs.existsSync(mediaFile(suggested))).toBe(true);
    expect(await uploadStatus(suggested)).toEqual(['active']);
    expect((await app.server.request(suggested)).status).toBe(200);
    expect((await review(made.body.id, { approved: true }, mod.token)).status).toBe(200);
    expect(await bannerOf(drama.id)).toBe(suggested);
    expect((await app.server.request(suggested)).status).toBe(200);
  });

  it('a rejected suggestion whose image something else names keeps it: another pending suggestion, a record, the history', async () => {
    const member = await someone();
    const { mod } = await staff();
    const [a, b, c] = [await createDrama({ bannerImage: null }), await createDrama({ bannerImage: null }), await createDrama({ bannerImage: null })];
    const first = await suggestDrama(a.id, { banner_image: await uploadImage(member.token, 'drama_banner') }, member.token);
    const image = first.body.changes.banner_image.to as string;
    // the member names the same stored image for another drama (an image already theirs)
    const second = await suggestDrama(b.id, { banner_image: image }, member.token);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.changes.banner_image.to).toBe(image);

    const stays = async () => {
      expect(fs.existsSync(mediaFile(image))).toBe(true);
      expect(await uploadStatus(image)).toEqual(['active']);
      expect((await app.server.request(image)).status).toBe(200);
    };
    // another suggestion, pending, names it
    expect((await review(first.body.id, { approved: false }, mod.token)).status).toBe(200);
    await stays();
    expect((await review(second.body.id, { approved: true }, mod.token)).status).toBe(200);
    expect(await bannerOf(b.id)).toBe(image);
    // a record's current value names it
    const third = await suggestDrama(c.id, { banner_image: image }, member.token);
    expect((await review(third.body.id, { approved: false }, mod.token)).status).toBe(200);
    await stays();
    // the record lets go of it, the history still names it (a revert may bring it back)
    expect((await editDrama(b.id, { banner_image: null }, mod.token)).status).toBe(200);
    const fourth = await suggestDrama(c.id, { banner_image: image }, member.token);
    expect((await review(fourth.body.id, { approved: false }, mod.token)).status).toBe(200);
    await stays();
    const [entry] = (await historyOf('drama', b.id)).filter((e) => e.source === 'direct');
    expect((await revert(entry!.id, mod.token)).status).toBe(201);
    expect(await bannerOf(b.id)).toBe(image);
  });
});
