// The editable fields of a drama and a person and their limits (spec 2 §3 "Drama edit fields",
// "Person edit fields", §5; contract "Catalogue editing and review"; docs/decisions/038). Shared by
// the API's validation (lib/api/wire/editing.ts), the services and the edit forms, so a form refuses
// what the server would. No server import here: islands load this module.

/** What a change is made to. */
export const EDIT_TARGETS = ['drama', 'person'] as const;
export type EditTarget = (typeof EDIT_TARGETS)[number];

/** A suggestion's states. */
export const SUGGESTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/** How an applied change came (history's `source`; `revert` is beyond the contract's two). */
export const EDIT_SOURCES = ['direct', 'suggestion', 'revert'] as const;
export type EditSource = (typeof EDIT_SOURCES)[number];

/**
 * A drama's editable fields, by their wire names. Derived figures (rating, votes, watchers,
 * popularity, ranked) are never editable.
 */
export const DRAMA_EDIT_FIELDS = [
  'title',
  'synopsis',
  'country',
  'genres',
  'tags',
  'status',
  'type',
  'episodes',
  'aired_start',
  'aired_end',
  'native_title',
  'also_known_as',
  'network',
  'banner_image',
  'year',
] as const;
export type DramaEditField = (typeof DRAMA_EDIT_FIELDS)[number];

/** A person's editable fields (`hearts` is derived: never editable). */
export const PERSON_EDIT_FIELDS = [
  'name',
  'native_name',
  'biography',
  'gender',
  'nationality',
  'date_of_birth',
  'image',
  'also_known_as',
] as const;
export type PersonEditField = (typeof PERSON_EDIT_FIELDS)[number];

export type EditField = DramaEditField | PersonEditField;

export const EDIT_FIELDS: Record<EditTarget, readonly EditField[]> = { drama: DRAMA_EDIT_FIELDS, person: PERSON_EDIT_FIELDS };

/** Limits of the values (characters after trimming, counts of list items). */
export const EDIT_LIMITS = {
  title: 255,
  name: 255,
  nativeName: 255,
  synopsis: 10_000,
  biography: 10_000,
  country: 60,
  network: 100,
  listItem: 255,
  listItems: 50,
  genres: 20,
  tags: 100,
  episodes: { min: 0, max: 10_000 },
  year: { min: 1900, max: 2030 },
  /** a suggestion's source note and a review's note */
  note: 1000,
} as const;

/** Member suggestions a day, beyond the write rate limit (Shikimori: 35). */
export const SUGGESTIONS_PER_DAY = 35;

/** Drama statuses as the edit page shows them (spec 2 §4): Airing, Completed, Upcoming, Cancelled. */
export const PAGE_STATUSES = ['airing', 'completed', 'upcoming', 'cancelled'] as const;
/** Drama statuses the mods' dialog offers (spec 2 §4): AIRING, COMPLETED, UPCOMING. */
export const DIALOG_STATUSES = ['airing', 'completed', 'upcoming'] as const;
/** Person genders (spec 2 §5). */
export const PERSON_GENDERS = ['Male', 'Female', 'Other'] as const;

/** A comma list as typed ("a, b,, c ") → its trimmed non-empty items, first of each kept (spec 2 §5). */
export function parseCommaList(text: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    items.push(item);
  }
  return items;
}
