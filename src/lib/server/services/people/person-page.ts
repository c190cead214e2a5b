import { ageOn, todayUtc } from '../../../people/person-facts.ts';
import { parsePersonSlug } from '../../../people/person-page.ts';
import type { DramaLoadFailure } from '../../../dramas/drama-detail.ts';
import { ApiError } from '../../api/errors.ts';
import { classifyDramaLoadError } from '../dramas/drama-page.ts';
import { logger } from '../../logger.ts';
import { getFilmography, type Filmography } from './filmography.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/named-query.ts';
import { getPerson } from './people.ts';

export type PersonPageData = Awaited<ReturnType<typeof getPerson>> & { age: number | null };

/** What the person page shows, and the HTTP status it is sent with. */
export type PersonPageResult =
  | { kind: 'ok'; status: 200; person: PersonPageData; filmography: Filmography }
  | { kind: 'invalid'; status: 400 }
  | { kind: 'not-found'; status: 404 }
  | { kind: 'none'; status: 404 }
  | { kind: 'error'; status: number; failure: DramaLoadFailure };

/**
 * Loads the person page of /people/{slug} (or /person/{slug}): the person with the age on `today`
 * and the filmography, or the state to show instead (spec 1 §2.7, §5, §8). Never throws.
 */
export async function loadPersonPage(slug: string | undefined, today = todayUtc()): Promise<PersonPageResult> {
  const parsed = parsePersonSlug(slug);
  if (parsed.kind === 'invalid') return { kind: 'invalid', status: 400 };
  if (parsed.kind === 'none') return { kind: 'none', status: 404 };
  try {
    const [person, filmography] = await Promise.all([getPerson(parsed.id), getFilmography(parsed.id)]);
    return { kind: 'ok', status: 200, person: { ...person, age: ageOn(person.dateOfBirth, today) }, filmography };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'not-found', status: 404 };
    logger.error({ err: error, personId: parsed.id }, 'person page failed to load');
    const failure = classifyDramaLoadError(error);
    return { kind: 'error', status: 'status' in failure ? failure.status : 503, failure };
  }
}

/** Ids of the `limit` most popular people (the pages the build pre-renders), most popular first. */
export async function listMostPopularPersonIds(limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  // the people search's popularity order (services/people.ts), in one statement
  const rows = await queryRows<{ id: number }>(sql`SELECT id FROM people p ORDER BY p.popularity NULLS LAST, p.id LIMIT ${limit}`);
  return rows.map((r) => r.id);
}
