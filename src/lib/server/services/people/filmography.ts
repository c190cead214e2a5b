import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/named-query.ts';
import type { Executor } from '../../db/transactions.ts';
import { NotFoundError } from '../../errors.ts';
import { assertPersonId, PERSON_NOT_FOUND } from './people.ts';

/** One credit of a person: the drama it belongs to and the part played in it. */
export type FilmographyEntry = {
  /** the drama's id */
  id: number;
  title: string;
  roleName: string | null;
  roleType: string;
  year: number | null;
  type: string;
  bannerImage: string | null;
  posterImage: string | null;
  mainPhoto: string | null;
  photos: string[];
};

export const FILMOGRAPHY_GROUPS = ['drama', 'movie', 'tv_show', 'special', 'other'] as const;
export type Filmography = Record<(typeof FILMOGRAPHY_GROUPS)[number], FilmographyEntry[]>;

type Row = FilmographyEntry & { personId: number };

/**
 * A person's credits grouped by the drama's type (drama, movie, tv_show, special; any other type under
 * `other`), newest first: by year, then first air date (unknown ones last), then drama id. A person
 * credited twice in one drama (e.g. director and screenwriter) has one entry per credit.
 *
 * One statement: the person (for the 404) left-joined to credits (index on person_id), dramas
 * (primary key) and each drama's photos (index on drama_id, position).
 */
export async function getFilmography(db: Executor, personId: number): Promise<Filmography> {
  assertPersonId(personId);
  // raw SQL: hot path — the filmography (bench scenario "filmography"; the person page reads it
  // too); a lateral join of photos the builder cannot say, named like the drama page's statements
  const rows = await queryRows<Row>(db, sql`
    SELECT p.id AS "personId", d.id, d.title, c.role_name AS "roleName", c.role_type AS "roleType", d.year, d.type,
      d.banner_image AS "bannerImage", d.poster_image AS "posterImage", d.main_photo AS "mainPhoto", coalesce(ph.photos, '{}') AS photos
    FROM people p
    LEFT JOIN credits c ON c.person_id = p.id
    LEFT JOIN dramas d ON d.id = c.drama_id
    LEFT JOIN LATERAL (
      SELECT array_agg(url ORDER BY position, id) AS photos FROM drama_photos WHERE drama_id = d.id
    ) ph ON true
    WHERE p.id = ${personId}
    ORDER BY d.year DESC NULLS LAST, d.aired_start DESC NULLS LAST, d.id DESC, c.role_type, c.id`);
  if (!rows.length) throw new NotFoundError(PERSON_NOT_FOUND);

  const groups: Filmography = { drama: [], movie: [], tv_show: [], special: [], other: [] };
  for (const { personId: _, ...row } of rows) {
    if (row.id === null) continue; // the person's row, without credits
    const group = (FILMOGRAPHY_GROUPS as readonly string[]).includes(row.type) ? (row.type as keyof Filmography) : 'other';
    groups[group].push(row);
  }
  return groups;
}
