/**
 * The navbar instant search (spec 1 §2.2): what the Pagefind index holds for each drama and person
 * (built after `npm run build`, see server/search-index.ts), and how the search box reads it back.
 * Pure functions only, shared by the index builder (server) and the SearchBox island (browser).
 */
import { cardImageSrc, dramaTypeWord, stripTrailingC, type CardImageFields } from '../dramas/drama-card.ts';
import type { Catalogue } from '../../i18n/catalogue.ts';
import { localePath, type Locale } from '../../i18n/locales.ts';
import type { Translator } from '../../i18n/translate.ts';
import { dramaTypeLabel, normalizeDramaType } from '../dramas/drama-filters.ts';

/** The Pagefind filter that tells dramas from people. */
export const KIND_FILTER = 'kind';
export type ResultGroup = 'drama' | 'person';

/** How many instant results each group shows. */
export const RESULTS_PER_GROUP = 4;

/** Wait this long after the last keystroke before searching (ms). */
export const SEARCH_DEBOUNCE_MS = 120;

/** A custom record as Pagefind's Node API takes it (`index.addCustomRecord`). */
export interface SearchRecord {
  url: string;
  content: string;
  language: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

/** The columns of a drama that the index needs. */
export interface DramaIndexRow extends CardImageFields {
  id: number;
  title: string;
  originalTitle: string | null;
  nativeTitles: string[] | null;
  alsoKnownAs: string[] | null;
  type: string;
  year: number | null;
}

/** The columns of a person that the index needs. */
export interface PersonIndexRow {
  id: number;
  name: string;
  nativeName: string | null;
  alsoKnownAs: string[] | null;
  nationality: string[] | null;
  image: string | null;
}

/** The label of a drama type ('tv_show' → 'TV Show'); an unknown type is shown as 'Drama'. */
export function dramaKindLabel(type: string): string {
  return normalizeDramaType(type) ? dramaTypeLabel(type) : 'Drama';
}

/** Every distinct non-blank name, trimmed, first occurrence first (case-insensitive). */
function distinctNames(names: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw?.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

function withOptional(meta: Record<string, string>, key: string, value: string | null | undefined) {
  if (value) meta[key] = value;
  return meta;
}

/**
 * A drama's record: found by its title, original title, native titles and also-known-as names;
 * shown with its title, kind ('Drama', 'Movie', 'TV Show', 'Special'), year when known and the
 * card's image (spec 1 §2.5 order and trailing-c rule).
 */
/**
 * The words of a record in another language than English: the index holds one record per drama and
 * person per language (Pagefind splits the index by `language`, and the browser reads the one of
 * the page's <html lang>), each linking to the page in that language.
 */
export interface RecordLanguage {
  locale: Locale;
  t: Translator<Pick<Catalogue, 'dramaCard' | 'people'>>;
}

// in another language an unknown type is that language's 'Drama' too, as dramaKindLabel says it in English
const kindIn = (type: string, language?: RecordLanguage) => (language ? dramaTypeWord(normalizeDramaType(type) ?? 'drama', language.t) : dramaKindLabel(type));

export function dramaSearchRecord(row: DramaIndexRow, language?: RecordLanguage): SearchRecord {
  const meta: Record<string, string> = { title: row.title, kind: kindIn(row.type, language) };
  withOptional(meta, 'detail', row.year ? String(row.year) : null);
  withOptional(meta, 'image', cardImageSrc(row));
  return {
    url: localePath(language?.locale ?? 'en', `/drama/${row.id}`),
    content: distinctNames([row.title, row.originalTitle, ...(row.nativeTitles ?? []), ...(row.alsoKnownAs ?? [])]).join('\n'),
    language: language?.locale ?? 'en',
    meta,
    filters: { [KIND_FILTER]: ['drama'] },
  };
}

/**
 * A person's record: found by name, native name and aliases; shown with the name, 'Person', the
 * nationalities when known and the portrait (trailing-c rule).
 */
export function personSearchRecord(row: PersonIndexRow, language?: RecordLanguage): SearchRecord {
  const meta: Record<string, string> = { title: row.name, kind: language ? language.t('people.kind') : 'Person' };
  withOptional(meta, 'detail', distinctNames(row.nationality ?? []).join(', '));
  const image = row.image?.trim();
  withOptional(meta, 'image', image ? stripTrailingC(image) : null);
  return {
    url: localePath(language?.locale ?? 'en', `/people/${row.id}`),
    content: distinctNames([row.name, row.nativeName, ...(row.alsoKnownAs ?? [])]).join('\n'),
    language: language?.locale ?? 'en',
    meta,
    filters: { [KIND_FILTER]: ['person'] },
  };
}

/** One instant result under the search box. */
export interface InstantResult {
  group: ResultGroup;
  href: string;
  title: string;
  /** e.g. 'Drama · 2019', 'Movie', 'Person · South Korean' */
  subtitle: string;
  image: string | null;
}

/** What Pagefind's `result.data()` answers that the box uses. */
export interface PagefindResultData {
  url: string;
  meta?: Record<string, string | undefined>;
}

/**
 * A result as the box shows it, from the record's meta. Only site-relative URLs of a drama or a
 * person are accepted (anything else in the index answers null and is left out).
 */
export function instantResultFrom(data: PagefindResultData): InstantResult | null {
  const match = /^(?:\/pt-br)?\/(drama|people)\/\d+$/.exec(data.url);
  if (!match) return null;
  const meta = data.meta ?? {};
  const group: ResultGroup = match[1] === 'drama' ? 'drama' : 'person';
  const kind = meta.kind || (group === 'drama' ? 'Drama' : 'Person');
  const title = meta.title?.trim() || kind;
  const image = meta.image?.trim();
  return {
    group,
    href: data.url,
    title,
    subtitle: meta.detail ? `${kind} · ${meta.detail}` : kind,
    image: image && /^(\/(?!\/)|https?:\/\/)/.test(image) ? image : null,
  };
}

/**
 * The option made active by ArrowDown (step 1) or ArrowUp (step -1) among `count` options, where -1
 * means none: down from none goes to the first, up from none to the last, and both wrap around.
 */
export function moveActive(current: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/**
 * A record changed since the serving build (its index entry is stale until the next rebuild), as the
 * site server sends it at SEARCH_CHANGES_PATH: its address, names and meta as the index would now
 * hold them (docs/decisions/038 "Live at once and the rebuild").
 */
export interface SearchChange {
  group: ResultGroup;
  url: string;
  /** the names it is found by, one per line */
  content: string;
  meta: Record<string, string>;
}

/** Where the site server answers the search's changes (`?lang=` the page's language). */
export const SEARCH_CHANGES_PATH = '/search-changes.json';

/** A record as the search's changes carry it. */
export function searchChangeFrom(record: SearchRecord): SearchChange {
  return { group: record.filters[KIND_FILTER]?.[0] === 'person' ? 'person' : 'drama', url: record.url, content: record.content, meta: record.meta };
}

const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Whether every word typed begins a word of the record's names (Pagefind's prefix match, near enough). */
export function searchChangeMatches(change: SearchChange, term: string): boolean {
  const typed = words(term);
  const names = words(change.content);
  return typed.length > 0 && typed.every((w) => names.some((name) => name.startsWith(w)));
}

/**
 * A group's instant results corrected by the records changed since the build: the index's entry of
 * a changed record is dropped (its words may be old), and the record is shown first, with its words
 * of now, when they match what was typed.
 */
export function withSearchChanges(results: InstantResult[], term: string, group: ResultGroup, changes: readonly SearchChange[]): InstantResult[] {
  const changed = changes.filter((c) => c.group === group);
  if (!changed.length) return results;
  const urls = new Set(changed.map((c) => c.url));
  const matching = changed
    .filter((c) => searchChangeMatches(c, term))
    .map((c) => instantResultFrom({ url: c.url, meta: c.meta }))
    .filter((r): r is InstantResult => r !== null);
  return [...matching, ...results.filter((r) => !urls.has(r.href))].slice(0, RESULTS_PER_GROUP);
}
