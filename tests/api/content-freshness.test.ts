// Which pre-rendered pages an applied edit makes stale (services/catalogue/content-freshness.ts,
// docs/decisions/038), on both databases: the site server renders these on demand until the next build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAMA_LIST_PATHS, listStalePaths } from '../../src/lib/server/services/catalogue/content-freshness.ts';
import { after, applyDramaEdit, applyPersonEdit, instantAfterChanges } from '../helpers/catalogue-edits.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createCredit, createDrama, createPerson } from '../helpers/factories.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const ids = { starring: 0, other: 0, actor: 0, director: 0, nobody: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  const starring = await createDrama({ title: 'Starring' });
  const other = await createDrama({ title: 'Other' });
  const actor = await createPerson({ name: 'Actor' });
  const director = await createPerson({ name: 'Director' });
  const nobody = await createPerson({ name: 'Uncredited' });
  await createCredit({ drama: starring, person: actor });
  await createCredit({ drama: other, person: director, roleType: 'director' });
  Object.assign(ids, { starring: starring.id, other: other.id, actor: actor.id, director: director.id, nobody: nobody.id });
});
afterAll(() => database?.drop());

/** the stale paths, sorted, against a build that started at `builtAt` */
const stale = async (builtAt: Date) => (await listStalePaths(database.db, builtAt)).sort();

describe('listStalePaths', () => {
  it('is empty when nothing changed since the build', async () => {
    expect(await stale(await instantAfterChanges())).toEqual([]);
  });

  it('a changed drama: its page, its people’s pages, home and every ranked list’s page 1', async () => {
    const builtAt = await instantAfterChanges();
    await applyDramaEdit(ids.starring, { title: 'Starring, edited' }, { at: after(builtAt) });
    expect(await stale(builtAt)).toEqual(
      [...DRAMA_LIST_PATHS, `/drama/${ids.starring}`, `/people/${ids.actor}`, `/person/${ids.actor}`].sort(),
    );
    expect(DRAMA_LIST_PATHS).toEqual(['/', '/drama/popular', '/popular', '/drama/top-rated', '/top-rated', '/drama/airing', '/airing', '/drama/upcoming', '/upcoming']);
    // a build that started after the edit has it
    expect(await stale(after(builtAt, 2))).toEqual([]);
  });

  it('a changed person: their pages and the pages of the dramas crediting them, not the lists', async () => {
    const builtAt = await instantAfterChanges();
    await applyPersonEdit(ids.director, { name: 'Director, edited' }, { at: after(builtAt) });
    await applyPersonEdit(ids.nobody, { name: 'Still uncredited' }, { at: after(builtAt) });
    expect(await stale(builtAt)).toEqual(
      [`/drama/${ids.other}`, `/people/${ids.director}`, `/person/${ids.director}`, `/people/${ids.nobody}`, `/person/${ids.nobody}`].sort(),
    );
  });

  it('a change in the very instant the build started counts: the build may have read the record before it', async () => {
    const builtAt = await instantAfterChanges();
    await applyPersonEdit(ids.nobody, { name: 'Edited as the build began' }, { at: builtAt });
    expect(await stale(builtAt)).toEqual([`/people/${ids.nobody}`, `/person/${ids.nobody}`].sort());
  });
});
