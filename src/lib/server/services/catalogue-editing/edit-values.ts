// The editable values of a drama and a person in their WIRE form (docs/decisions/038): what a
// suggestion's and a history entry's `from` and `to` hold, what the drama and person answers show
// (genres and tags as names, dates as YYYY-MM-DD, native titles and nationalities as lists). This
// module reads them from the records, checks and normalises what an edit proposes (400 naming the
// field), tells which fields really change, and writes values back to a record.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { DRAMA_TYPES } from '../../../dramas/drama-filters.ts';
import {
  EDIT_LIMITS,
  PAGE_STATUSES,
  PERSON_GENDERS,
  parseCommaList,
  type DramaEditField,
  type EditField,
  type EditTarget,
  type PersonEditField,
} from '../../../catalogue-editing/edit-fields.ts';
import { dramaGenres, dramas, dramaTags, genres, people, tags } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { DRAMA_NOT_FOUND } from '../dramas/dramas.ts';
import { PERSON_NOT_FOUND } from '../people/people.ts';

/** A record's editable values, by wire field name. */
export type WireValues = Partial<Record<EditField, unknown>>;
/** field → {from, to} */
export type Changes = Partial<Record<EditField, { from: unknown; to: unknown }>>;

export interface RecordValues {
  id: number;
  /** the drama's title or the person's name */
  title: string;
  values: WireValues;
}

export const EDIT_MESSAGES = {
  noChanges: 'No changes detected. Please modify at least one field.',
  dramaNotFound: DRAMA_NOT_FOUND,
  personNotFound: PERSON_NOT_FOUND,
} as const;

export const notFound = (target: EditTarget) => new NotFoundError(target === 'drama' ? DRAMA_NOT_FOUND : PERSON_NOT_FOUND);

// (written out: drizzle leaves a column unqualified in a select list, and here the subquery must
// reach the outer row of dramas)
const dramaGenreNames = sql<string[]>`ARRAY(SELECT g.name FROM drama_genres dg JOIN genres g ON g.id = dg.genre_id WHERE dg.drama_id = dramas.id ORDER BY g.name)`;
const dramaTagNames = sql<string[]>`ARRAY(SELECT t.name FROM drama_tags dt JOIN tags t ON t.id = dt.tag_id WHERE dt.drama_id = dramas.id ORDER BY t.name)`;

/** The editable values of some dramas, by id (one query, however many). */
async function readDramas(db: Executor, ids: number[]): Promise<Map<number, RecordValues>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: dramas.id,
      title: dramas.title,
      synopsis: dramas.synopsis,
      country: dramas.country,
      genres: dramaGenreNames,
      tags: dramaTagNames,
      status: dramas.status,
      type: dramas.type,
      episodes: dramas.episodes,
      aired_start: dramas.airedStart,
      aired_end: dramas.airedEnd,
      native_title: dramas.nativeTitles,
      also_known_as: dramas.alsoKnownAs,
      network: dramas.network,
      banner_image: dramas.bannerImage,
      year: dramas.year,
    })
    .from(dramas)
    .where(inArray(dramas.id, ids));
  return new Map(rows.map(({ id, ...values }) => [id, { id, title: values.title, values }]));
}

/** The editable values of some people, by id (one query). */
async function readPeople(db: Executor, ids: number[]): Promise<Map<number, RecordValues>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: people.id,
      name: people.name,
      native_name: people.nativeName,
      biography: people.biography,
      gender: people.gender,
      nationality: people.nationality,
      date_of_birth: people.dateOfBirth,
      image: people.image,
      also_known_as: people.alsoKnownAs,
    })
    .from(people)
    .where(inArray(people.id, ids));
  return new Map(rows.map(({ id, ...values }) => [id, { id, title: values.name, values }]));
}

/** The editable values of records of one kind, by id (one query). */
export function readRecords(db: Executor, target: EditTarget, ids: number[]): Promise<Map<number, RecordValues>> {
  const storable = [...new Set(ids)].filter(isStorableId);
  return target === 'drama' ? readDramas(db, storable) : readPeople(db, storable);
}

/** One record's editable values; NotFoundError when there is none. */
export async function readRecord(db: Executor, target: EditTarget, id: number): Promise<RecordValues> {
  const found = (await readRecords(db, target, [id])).get(id);
  if (!found) throw notFound(target);
  return found;
}

/** Locks the record's row until the transaction ends (SELECT … FOR UPDATE); NotFoundError when there is none. */
export async function lockRecord(tx: Executor, target: EditTarget, id: number): Promise<void> {
  const rows = !isStorableId(id)
    ? []
    : target === 'drama'
      ? await tx.select({ id: dramas.id }).from(dramas).where(eq(dramas.id, id)).for('update')
      : await tx.select({ id: people.id }).from(people).where(eq(people.id, id)).for('update');
  if (rows.length === 0) throw notFound(target);
}

// --- checking proposed values ---

const length = (text: string) => [...text].length;

function text(field: string, value: unknown, max: number, options: { required?: boolean; nullable?: boolean } = {}): string | null {
  if (value === null) {
    if (options.nullable) return null;
    throw new ValidationError(`${field} must not be null`, field);
  }
  if (typeof value !== 'string') throw new ValidationError(`${field} must be text`, field);
  const trimmed = value.trim();
  if (trimmed === '') {
    if (options.required) throw new ValidationError(`${field} is required`, field);
    if (options.nullable) return null;
  }
  if (length(trimmed) > max) throw new ValidationError(`${field} must be at most ${max} characters`, field);
  return trimmed;
}

/** Trimmed items, empty ones and repeats (any case) dropped, the first of each kept (parseCommaList's rule). */
function cleanItems(raw: string[]): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const item of raw.map((r) => r.trim())) {
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    items.push(item);
  }
  return items;
}

/** A list sent as a list or as a comma list: trimmed items, empty ones and repeats (any case) dropped. */
function list(field: string, value: unknown, maxItems: number): string[] {
  let items: string[];
  if (typeof value === 'string') items = parseCommaList(value);
  else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) items = cleanItems(value);
  else throw new ValidationError(`${field} must be a list of texts`, field);
  if (items.length > maxItems) throw new ValidationError(`${field} may have at most ${maxItems} items`, field);
  for (const item of items) if (length(item) > EDIT_LIMITS.listItem) throw new ValidationError(`Each item of ${field} must be at most ${EDIT_LIMITS.listItem} characters`, field);
  return items;
}

function wholeNumber(field: string, value: unknown, range: { min: number; max: number }): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new ValidationError(`${field} must be a whole number`, field);
  if (value < range.min || value > range.max) throw new ValidationError(`${field} must be between ${range.min} and ${range.max}`, field);
  return value;
}

/** YYYY-MM-DD of a real day (no 2024-02-30), or null (a blank text too). */
export function day(field: string, value: unknown): string | null {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  if (typeof value !== 'string') throw new ValidationError(`${field} must be a date (YYYY-MM-DD)`, field);
  const trimmed = value.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!match || !date || date.toISOString().slice(0, 10) !== trimmed || Number(match[1]) < 1) {
    throw new ValidationError(`${field} must be a real date (YYYY-MM-DD)`, field);
  }
  return trimmed;
}

/** 'AIRING', 'Airing', 'TV_Show', 'tv show' → the stored lower-case word, if it is one of `allowed`. */
function word<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  const normal = typeof value === 'string' ? value.trim().toLowerCase().replace(/[\s-]+/g, '_') : undefined;
  if (normal === undefined || !(allowed as readonly string[]).includes(normal)) {
    throw new ValidationError(`${field} must be one of ${allowed.join(', ')}`, field);
  }
  return normal as T;
}

/** What checking needs from the database: the genres and the tags the catalogue knows (loaded on demand). */
interface Lookups {
  genreNames(): Promise<Map<string, string>>;
  tagNames(names: string[]): Promise<Map<string, string>>;
}

function lookups(db: Executor): Lookups {
  let known: Promise<Map<string, string>> | undefined;
  return {
    genreNames: () =>
      (known ??= db
        .select({ name: genres.name })
        .from(genres)
        .then((rows) => new Map(rows.map((r) => [r.name.toLowerCase(), r.name])))),
    async tagNames(names) {
      if (names.length === 0) return new Map();
      const rows = await db
        .select({ name: tags.name })
        .from(tags)
        .where(inArray(sql`lower(${tags.name})`, lowerInDatabase(names)));
      return new Map(rows.map((r) => [r.name.toLowerCase(), r.name]));
    },
  };
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Names lower-cased by the database, as the unique index tags_name_lower_key does: JavaScript's
 * toLowerCase differs from PostgreSQL's lower() for a few letters ('İ', a final 'Σ'), and a tag
 * looked up by one and stored by the other would be missed.
 */
const lowerInDatabase = (names: string[]) => names.map((name) => sql`lower(${name})`);

type Checker = (value: unknown, look: Lookups) => unknown;

const DRAMA_CHECKS: Record<DramaEditField, Checker> = {
  title: (v) => text('title', v, EDIT_LIMITS.title, { required: true }),
  synopsis: (v) => text('synopsis', v ?? '', EDIT_LIMITS.synopsis) ?? '',
  country: (v) => text('country', v, EDIT_LIMITS.country, { required: true }),
  async genres(v, look) {
    const items = list('genres', v, EDIT_LIMITS.genres);
    const known = await look.genreNames();
    const names = items.map((item) => {
      const name = known.get(item.toLowerCase());
      if (!name) throw new ValidationError(`genres: '${item}' is not a known genre`, 'genres');
      return name;
    });
    return names.sort(byName);
  },
  async tags(v, look) {
    const items = list('tags', v, EDIT_LIMITS.tags);
    const existing = await look.tagNames(items);
    // an existing tag keeps its spelling; a new one is created when the change is applied
    return items.map((item) => existing.get(item.toLowerCase()) ?? item).sort(byName);
  },
  status: (v) => word('status', v, PAGE_STATUSES),
  type: (v) => word('type', v, DRAMA_TYPES),
  episodes: (v) => wholeNumber('episodes', v, EDIT_LIMITS.episodes),
  aired_start: (v) => day('aired_start', v),
  aired_end: (v) => day('aired_end', v),
  native_title: (v) => (v === null ? [] : list('native_title', v, EDIT_LIMITS.listItems)),
  also_known_as: (v) => list('also_known_as', v, EDIT_LIMITS.listItems),
  network: (v) => text('network', v, EDIT_LIMITS.network, { nullable: true }),
  banner_image: (v) => text('banner_image', v, 2000, { nullable: true }),
  year: (v) => wholeNumber('year', v, EDIT_LIMITS.year),
};

const PERSON_CHECKS: Record<PersonEditField, Checker> = {
  name: (v) => text('name', v, EDIT_LIMITS.name, { required: true }),
  native_name: (v) => text('native_name', v, EDIT_LIMITS.nativeName, { nullable: true }),
  biography: (v) => text('biography', v ?? '', EDIT_LIMITS.biography) ?? '',
  gender(v) {
    if (v === null) return null;
    const found = PERSON_GENDERS.find((g) => typeof v === 'string' && g.toLowerCase() === v.trim().toLowerCase());
    if (!found) throw new ValidationError(`gender must be one of ${PERSON_GENDERS.join(', ')}`, 'gender');
    return found;
  },
  nationality: (v) => (v === null ? [] : list('nationality', v, EDIT_LIMITS.listItems)),
  date_of_birth: (v) => day('date_of_birth', v),
  image: (v) => text('image', v, 2000, { nullable: true }),
  also_known_as: (v) => list('also_known_as', v, EDIT_LIMITS.listItems),
};

const CHECKS: Record<EditTarget, Partial<Record<EditField, Checker>>> = { drama: DRAMA_CHECKS, person: PERSON_CHECKS };

/** The image field of each kind of record (an upload of the caller's, or null). */
export const IMAGE_FIELD: Record<EditTarget, 'banner_image' | 'image'> = { drama: 'banner_image', person: 'image' };

/** Figures derived from members' activity: named as such when an edit sends one. */
const DERIVED_FIELDS = new Set(['rating', 'votes', 'watchers', 'popularity', 'ranked', 'hearts']);

/**
 * Texts as the database stores them: a lone UTF-16 surrogate becomes U+FFFD (a text column stores
 * that anyway; jsonb — the changes of a suggestion or an entry — refuses the escaped surrogate).
 */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  if (Array.isArray(value)) return value.map(wellFormed);
  return value;
}

/**
 * Checks and normalises each field `input` holds (only the editable fields of `target`; a field
 * given as undefined is absent): 400 naming the first bad field.
 */
export async function checkValues(db: Executor, target: EditTarget, input: Record<string, unknown>): Promise<WireValues> {
  const checks = CHECKS[target];
  const look = lookups(db);
  const values: WireValues = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    // own properties only: 'constructor', 'valueOf' or '__proto__' name no field (they are the object's)
    const check = Object.hasOwn(checks, field) ? checks[field as EditField] : undefined;
    if (!check) throw new ValidationError(DERIVED_FIELDS.has(field) ? `${field} is derived and never editable` : `${field} is not an editable field`, field);
    values[field as EditField] = await check(wellFormed(value), look);
  }
  return values;
}

/** The rules across fields, on the record's values as they would be: the last day not before the first. */
export function checkTogether(target: EditTarget, current: WireValues, proposed: WireValues): void {
  if (target !== 'drama') return;
  const start = ('aired_start' in proposed ? proposed.aired_start : current.aired_start) as string | null;
  const end = ('aired_end' in proposed ? proposed.aired_end : current.aired_end) as string | null;
  if (start && end && end < start) {
    const field = 'aired_end' in proposed ? 'aired_end' : 'aired_start';
    throw new ValidationError(`aired_end (${end}) must not be before aired_start (${start})`, field);
  }
}

const SET_FIELDS: readonly EditField[] = ['genres', 'tags'];

/** A set of names as compared: lower case, sorted (a tag or a genre is one whatever its case). */
const nameSet = (names: unknown[]) => JSON.stringify(names.map((n) => (typeof n === 'string' ? n.toLowerCase() : n)).sort());

/** Whether two wire values are the same (genres and tags as sets of names in any case; everything else exactly). */
export function sameValue(field: EditField, a: unknown, b: unknown): boolean {
  if (SET_FIELDS.includes(field) && Array.isArray(a) && Array.isArray(b)) return nameSet(a) === nameSet(b);
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The fields of `proposed` whose value differs from the record's, with both values. */
export function diffValues(current: WireValues, proposed: WireValues): Changes {
  const changes: Changes = {};
  for (const [field, to] of Object.entries(proposed) as [EditField, unknown][]) {
    const from = current[field] ?? null;
    if (!sameValue(field, from, to)) changes[field] = { from, to };
  }
  return changes;
}

/** The fields whose record value is no longer the `expected` one (a suggestion's or an entry's). */
export function changedSince(current: WireValues, expected: Partial<Record<EditField, unknown>>): EditField[] {
  return (Object.entries(expected) as [EditField, unknown][]).filter(([field, value]) => !sameValue(field, current[field] ?? null, value)).map(([field]) => field);
}

// --- writing values ---

const DRAMA_COLUMNS: Partial<Record<DramaEditField, keyof typeof dramas.$inferInsert>> = {
  title: 'title',
  synopsis: 'synopsis',
  country: 'country',
  status: 'status',
  type: 'type',
  episodes: 'episodes',
  aired_start: 'airedStart',
  aired_end: 'airedEnd',
  native_title: 'nativeTitles',
  also_known_as: 'alsoKnownAs',
  network: 'network',
  banner_image: 'bannerImage',
  year: 'year',
};

const PERSON_COLUMNS: Record<PersonEditField, keyof typeof people.$inferInsert> = {
  name: 'name',
  native_name: 'nativeName',
  biography: 'biography',
  gender: 'gender',
  nationality: 'nationality',
  date_of_birth: 'dateOfBirth',
  image: 'image',
  also_known_as: 'alsoKnownAs',
};

/**
 * The tags of these names, created when new, each as the catalogue spells it: a name is matched in
 * any case (the unique index tags_name_lower_key), so 'time travel' is the existing 'Time Travel',
 * one created meanwhile too. Two edits creating one tag at once: the second INSERT waits for the
 * first's row and does nothing, and its SELECT (a new statement) reads the row the first committed.
 * Rows are inserted in one order (by lower-case name) so that two edits creating several tags
 * cannot wait on each other.
 */
async function resolveTags(tx: Executor, names: string[]): Promise<{ id: number; name: string }[]> {
  if (names.length === 0) return [];
  const first = new Map<string, string>();
  for (const name of names) if (!first.has(name.toLowerCase())) first.set(name.toLowerCase(), name);
  const ordered = [...first.entries()].sort(([a], [b]) => byName(a, b)).map(([, name]) => ({ name }));
  await tx.insert(tags).values(ordered).onConflictDoNothing();
  return tx.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(sql`lower(${tags.name})`, lowerInDatabase(names)));
}

/**
 * Points the drama at these genres (known names) and tags (created when new), replacing its own;
 * answers the tags' names as stored (an existing tag keeps its spelling) when `values` sets tags.
 */
async function writeTaxonomy(tx: Executor, dramaId: number, values: WireValues): Promise<string[] | undefined> {
  if (values.genres !== undefined) {
    const names = values.genres as string[];
    await tx.delete(dramaGenres).where(eq(dramaGenres.dramaId, dramaId));
    if (names.length > 0) {
      const rows = await tx.select({ id: genres.id }).from(genres).where(inArray(genres.name, names));
      if (rows.length !== names.length) throw new ValidationError('genres: a genre is no longer known', 'genres');
      await tx.insert(dramaGenres).values(rows.map((g) => ({ dramaId, genreId: g.id })));
    }
  }
  if (values.tags === undefined) return undefined;
  await tx.delete(dramaTags).where(eq(dramaTags.dramaId, dramaId));
  const rows = await resolveTags(tx, values.tags as string[]);
  if (rows.length > 0) await tx.insert(dramaTags).values(rows.map((t) => ({ dramaId, tagId: t.id }))).onConflictDoNothing();
  return rows.map((t) => t.name).sort(byName);
}

/**
 * Writes `values` (wire form, already checked) to the record and moves its updated_at (content
 * freshness). Answers the values as written: `values`, with the tags as the catalogue spells them.
 */
export async function writeValues(tx: Executor, target: EditTarget, id: number, values: WireValues): Promise<WireValues> {
  const columns: Record<string, unknown> = {};
  const map = (target === 'drama' ? DRAMA_COLUMNS : PERSON_COLUMNS) as Partial<Record<EditField, string>>;
  for (const [field, value] of Object.entries(values) as [EditField, unknown][]) {
    const column = Object.hasOwn(map, field) ? map[field] : undefined;
    if (column) columns[column] = value;
  }
  if (target === 'drama') {
    await tx.update(dramas).set({ ...columns, updatedAt: sql`now()` }).where(eq(dramas.id, id));
    const storedTags = await writeTaxonomy(tx, id, values);
    return storedTags ? { ...values, tags: storedTags } : values;
  }
  await tx.update(people).set({ ...columns, updatedAt: sql`now()` }).where(and(eq(people.id, id)));
  return values;
}
