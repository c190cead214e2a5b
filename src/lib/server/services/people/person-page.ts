// What the person page (spec 1 §2.7) reads: the person with the age, the filmography, and which
// ids the build pre-renders. Failures become the page's states (spec 1 §5, §8) instead of exceptions.
import { asc, sql } from 'drizzle-orm';
import { readIdSlug } from '../../../ids/path-id.ts';
import { ageOn, todayUtc } from '../../../people/person-facts.ts';
import { getDb } from '../../db/client.ts';
import { people } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import { loadPage, pageOk, slugError, type PageResult } from '../pages/page-result.ts';
import { getFilmography, type Filmography } from './filmography.ts';
import { getPerson, type PersonRecord } from './people.ts';

export type PersonPageData = { person: PersonRecord & { age: number | null }; filmography: Filmography };

/**
 * Loads the person page of /people/{slug} (or /person/{slug}): the person with the age on `today`
 * and the filmography, or the state to show instead (spec 1 §2.7, §5, §8). Never throws.
 */
export async function loadPersonPage(slug: string | undefined, today = todayUtc()): Promise<PageResult<PersonPageData>> {
  const target = readIdSlug(slug);
  if (target.kind !== 'id') return slugError(target);
  return loadPage({ page: 'person', personId: target.id }, async () => {
    const db = await getDb();
    const [person, filmography] = await Promise.all([getPerson(db, target.id), getFilmography(db, target.id)]);
    return pageOk({ person: { ...person, age: ageOn(person.dateOfBirth, today) }, filmography });
  });
}

/** Ids of the `limit` most popular people (the pages the build pre-renders), most popular first. */
export async function listMostPopularPersonIds(db: Executor, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  // the people search's popularity order (services/people.ts), in one statement
  const rows = await db
    .select({ id: people.id })
    .from(people)
    .orderBy(sql`${people.popularity} NULLS LAST`, asc(people.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
