// The test factories (tests/helpers/factories.ts) writing into the browser tests' site: its embedded
// database, reached through the socket the running site serves. Each row gets a unique name, so
// tests in parallel workers (and runs against a reused site) never meet each other's rows.
// Statements only, no transaction: the embedded database has one session, which the site shares.
//
//   const member = await createMember();              // verified, password 'Secret123'
//   await useToken(page, await loginToken(request, member));
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../../src/lib/server/db/schema/index.ts';
import * as factories from '../../helpers/factories.ts';
import { withSiteDatabase } from './site-database.ts';

export { DEFAULT_PASSWORD, type Member } from '../../helpers/factories.ts';

type Without<T> = Omit<T, 'db'>;
const onSite = <T>(make: (db: factories.FactoryDb) => Promise<T>) =>
  withSiteDatabase((client) => make(drizzle({ client, schema, casing: 'snake_case' }))); // as db/client.ts opens it

/** A member of the site (verified unless told otherwise); sign in with `loginToken(request, member)`. */
export const createMember = (options: Without<factories.MemberOptions> = {}) => onSite((db) => factories.createMember({ ...options, db }));

/** A person of the site's catalogue (remove it at the end with `removePerson`: the catalogue is shared). */
export const createPerson = (options: Without<factories.PersonOptions> = {}) => onSite((db) => factories.createPerson({ ...options, db }));

/** A drama of the site's catalogue (remove it at the end with `removeDrama`: the catalogue is shared). */
export const createDrama = (options: Without<factories.DramaOptions> = {}) => onSite((db) => factories.createDrama({ ...options, db }));

/** Removes a person made by a test (with its credits and hearts). */
export const removePerson = (id: number) => withSiteDatabase((client) => client.query('DELETE FROM people WHERE id = $1', [id]));

/** Removes a drama made by a test (with its credits, genres and photos). */
export const removeDrama = (id: number) => withSiteDatabase((client) => client.query('DELETE FROM dramas WHERE id = $1', [id]));

/** A drama on a member's watch list (status, score, progress, notes, when it was added); it goes with the drama's removal. */
export const addToList = (options: Without<factories.ListEntryOptions>) => onSite((db) => factories.addToList({ ...options, db }));

/** An item of a member's activity, at any time (see tests/helpers/factories.ts recordActivity). */
export const recordActivity = (options: Without<factories.ActivityOptions>) => onSite((db) => factories.recordActivity({ ...options, db }));

/** Several activity items over one connection (a timeline of many pages). */
export const recordActivities = (list: Without<factories.ActivityOptions>[]) =>
  onSite(async (db) => {
    for (const options of list) await factories.recordActivity({ ...options, db });
  });

/**
 * `count` replies to post `parentId` by member `authorId`, written as rows in one statement (no
 * service, no rate limit: a thread of more than one page of replies), contents `${label} 1`…; the
 * parent's replies_count moves with them.
 */
export const insertReplies = (parentId: number, authorId: number, count: number, label: string) =>
  withSiteDatabase(async (client) => {
    await client.query(
      `INSERT INTO posts (author_id, kind, parent_id, content, created_at)
       SELECT $1, 'reply', $2, $3 || ' ' || g, now() + g * interval '1 millisecond' FROM generate_series(1, $4) g`,
      [authorId, parentId, label, count],
    );
    await client.query('UPDATE posts SET replies_count = replies_count + $2 WHERE id = $1', [parentId, count]);
  });
