import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { creditRole, dramaStatus, dramaType, personGender } from './enums.ts';

const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** drives content refresh: a record changed after the last build is rendered on demand */
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const dramas = pgTable(
  'dramas',
  {
    id: id(),
    title: text().notNull(),
    originalTitle: text(),
    nativeTitles: text().array().notNull().default(sql`'{}'::text[]`),
    alsoKnownAs: text().array().notNull().default(sql`'{}'::text[]`),
    synopsis: text().notNull().default(''),
    type: dramaType().notNull().default('drama'),
    status: dramaStatus().notNull(),
    country: text().notNull(),
    /** year of first airing; null when unknown */
    year: smallint(),
    episodes: smallint(),
    /** minutes per episode */
    duration: smallint(),
    airedStart: date({ mode: 'string' }),
    airedEnd: date({ mode: 'string' }),
    /** air days, e.g. "Friday, Saturday" */
    broadcast: text(),
    network: text(),
    contentRating: text(),
    posterImage: text(),
    bannerImage: text(),
    mainPhoto: text(),
    thumbnail: text(),
    // Derived from members' lists (see services/ratings): never edited by hand.
    rating: real().notNull().default(0),
    votes: integer().notNull().default(0),
    watchers: integer().notNull().default(0),
    /** rank by watchers, 1 = most watched */
    popularity: integer(),
    /** rank by rating among dramas with 100+ votes; null otherwise */
    ranked: integer(),
    /** lower-cased title, original title, native titles and aliases (maintained by a trigger) */
    searchText: text().notNull().default(''),
    /**
     * The words of search_text, as PostgreSQL's parser splits them: title search matches whole
     * words here (GIN) after correcting the query's words against drama_search_words.
     */
    searchWords: text()
      .array()
      .notNull()
      .generatedAlwaysAs(sql`tsvector_to_array(to_tsvector('simple'::regconfig, search_text))`),
    ...timestamps,
  },
  (t) => [
    index('dramas_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('dramas_search_words_gin').using('gin', t.searchWords),
    // The list orders of GET /dramas/ (services/drama-search.ts), each ending with id so that pages
    // never overlap. The two busiest carry the filter columns after the order keys: a filtered page
    // then walks the index alone (index-only scan) instead of reading a 1.6 kB row per candidate.
    index('dramas_popularity_order').on(
      t.popularity.asc().nullsLast(), t.id, t.country, t.year, t.type, t.status, t.episodes, t.rating,
    ),
    index('dramas_rating_order').on(
      t.rating.desc(), t.votes.desc(), t.id, t.country, t.year, t.type, t.status, t.episodes,
    ),
    index('dramas_newest_order').on(t.year.desc().nullsLast(), t.airedStart.desc().nullsLast(), t.id.desc()),
    index('dramas_oldest_order').on(t.year, t.airedStart, t.id),
    index('dramas_upcoming_order').on(t.status, t.airedStart, t.id),
    index().on(t.ranked),
    index().on(t.country, t.year),
    index().on(t.type),
    index().on(t.status, t.popularity),
    index().on(t.airedStart),
    index().on(t.title),
    index().on(t.updatedAt),
  ],
);

export const people = pgTable(
  'people',
  {
    id: id(),
    name: text().notNull(),
    nativeName: text(),
    alsoKnownAs: text().array().notNull().default(sql`'{}'::text[]`),
    biography: text().notNull().default(''),
    gender: personGender(),
    /** one or many, e.g. {South Korean} */
    nationality: text().array().notNull().default(sql`'{}'::text[]`),
    dateOfBirth: date({ mode: 'string' }),
    image: text(),
    /** derived: number of members' hearts */
    hearts: integer().notNull().default(0),
    /** derived: rank by hearts, then by watchers of the dramas the person appears in */
    popularity: integer(),
    searchText: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('people_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('people_nationality_gin').using('gin', t.nationality),
    index().on(t.popularity),
    index().on(t.name),
    index().on(t.gender),
    index().on(t.updatedAt),
  ],
);

/**
 * How many people share each (nationality list, gender), kept exact by triggers on people (see
 * drizzle/0004_people_facet_count_triggers.sql). The people search reads its total here when only
 * these filters apply: counting 100k matching rows of people for every page would take 100 ms or
 * more at 300k people, summing a few dozen rows takes microseconds.
 */
export const peopleFacetCounts = pgTable(
  'people_facet_counts',
  {
    nationality: text().array().notNull(),
    /** '' for people whose gender is not known */
    gender: text().notNull(),
    people: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.nationality, t.gender] })],
);

/**
 * Every distinct word of dramas.search_words (kept by triggers, drizzle/0006): the small vocabulary
 * (tens of thousands of words for 100k dramas) against which title search corrects a query's words
 * by trigram similarity, cheaply, before matching whole words on dramas. Words of deleted or renamed
 * dramas stay: a stale word only widens a query's alternatives.
 */
export const dramaSearchWords = pgTable(
  'drama_search_words',
  { word: text().primaryKey() },
  (t) => [index('drama_search_words_trgm').using('gin', sql`${t.word} gin_trgm_ops`)],
);

export const credits = pgTable(
  'credits',
  {
    id: id(),
    dramaId: integer().notNull().references(() => dramas.id, { onDelete: 'cascade' }),
    personId: integer().notNull().references(() => people.id, { onDelete: 'cascade' }),
    roleType: creditRole().notNull(),
    /** character name for cast, job title for crew */
    roleName: text(),
    position: smallint().notNull().default(0),
  },
  (t) => [
    uniqueIndex().on(t.dramaId, t.personId, t.roleType),
    index().on(t.dramaId, t.position),
    index().on(t.personId),
  ],
);

export const genres = pgTable('genres', {
  id: id(),
  name: text().notNull().unique(),
});

/**
 * Tags: one per name in any case (`lower(name)` unique, as usernames and e-mails): an edit naming
 * 'time travel' lands on the existing 'Time Travel', even two applied at once (docs/decisions/038
 * "Tags in any case"); the drama search matches names the same way.
 */
export const tags = pgTable('tags', { id: id(), name: text().notNull() }, (t) => [uniqueIndex('tags_name_lower_key').on(sql`lower(${t.name})`)]);

export const dramaGenres = pgTable(
  'drama_genres',
  {
    dramaId: integer().notNull().references(() => dramas.id, { onDelete: 'cascade' }),
    genreId: integer().notNull().references(() => genres.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.dramaId, t.genreId] }), index().on(t.genreId, t.dramaId)],
);

export const dramaTags = pgTable(
  'drama_tags',
  {
    dramaId: integer().notNull().references(() => dramas.id, { onDelete: 'cascade' }),
    tagId: integer().notNull().references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.dramaId, t.tagId] }), index().on(t.tagId, t.dramaId)],
);

export const dramaPhotos = pgTable(
  'drama_photos',
  {
    id: id(),
    dramaId: integer().notNull().references(() => dramas.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    caption: text(),
    position: smallint().notNull().default(0),
  },
  (t) => [index().on(t.dramaId, t.position)],
);

export const episodes = pgTable(
  'episodes',
  {
    id: id(),
    dramaId: integer().notNull().references(() => dramas.id, { onDelete: 'cascade' }),
    number: smallint().notNull(),
    title: text(),
    airDate: date({ mode: 'string' }),
    /** minutes */
    runtime: smallint(),
  },
  (t) => [uniqueIndex().on(t.dramaId, t.number)],
);
