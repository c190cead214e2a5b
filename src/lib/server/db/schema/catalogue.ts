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
    ...timestamps,
  },
  (t) => [
    index('dramas_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index().on(t.popularity),
    index().on(t.ranked),
    index().on(t.rating, t.votes),
    index().on(t.year),
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

export const tags = pgTable('tags', {
  id: id(),
  name: text().notNull().unique(),
});

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
