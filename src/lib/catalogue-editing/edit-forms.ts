// The edit screens' forms (spec 2 §2 "Drama edit page", "Person edit", §4, §5; spec 1 §2.6 Edit Drama
// dialog): a form's values from the record, the checks of §5 before anything is sent, and the body
// of only the fields that changed (the API stores and shows a change per field: docs/decisions/038).
// Pure and server-free: the islands load it.
import type { Drama, DramaEdit, Person, PersonEdit } from '../api/wire/index.ts';
import { DRAMA_TYPES, type DramaType } from '../dramas/drama-filters.ts';
import { DIALOG_STATUSES, EDIT_LIMITS, PAGE_STATUSES, PERSON_GENDERS, parseCommaList } from './edit-fields.ts';

/** After a success the page goes back to the drama, and the dialog closes, after 2 s (spec 2 §9). */
export const EDIT_SUCCESS_CLOSE_MS = 2000;

export type PageStatus = (typeof PAGE_STATUSES)[number];
export type DialogStatus = (typeof DIALOG_STATUSES)[number];
export { DRAMA_TYPES, PAGE_STATUSES, DIALOG_STATUSES, PERSON_GENDERS, type DramaType };

/** What a form's check found: the field and the key of its message (catalogueEditing.problems.*). */
export interface FormProblem<F extends string = string> {
  field: F;
  problem: 'required' | 'tooLong' | 'episodesMin' | 'episodesMin1' | 'wholeNumber' | 'year' | 'date' | 'endBeforeStart' | 'tooMany' | 'noChanges';
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
/** '' → null, else a whole number (NaN when it is not one) */
const wholeNumber = (text: string): number | null => {
  const t = text.trim();
  if (!t) return null;
  return /^-?\d+$/.test(t) ? Number(t) : Number.NaN;
};

// ---- the drama edit page ----

export interface DramaForm {
  title: string;
  native_title: string;
  synopsis: string;
  country: string;
  network: string;
  genres: string[];
  tags: string[];
  also_known_as: string[];
  /** '' when the record's status is none the page offers */
  status: PageStatus | '';
  type: DramaType | '';
  episodes: string;
  aired_start: string;
  aired_end: string;
  banner_image: string | null;
  /** suggestions only: where the change comes from */
  source_note: string;
}

const pageStatusOf = (status: string): PageStatus | '' => ((PAGE_STATUSES as readonly string[]).includes(status.toLowerCase()) ? (status.toLowerCase() as PageStatus) : '');
const typeOf = (type: string): DramaType | '' => ((DRAMA_TYPES as readonly string[]).includes(type.toLowerCase()) ? (type.toLowerCase() as DramaType) : '');

/** The page's form with the drama's values (the status normalised: spec 2 §4). */
export function dramaForm(drama: Drama): DramaForm {
  return {
    title: drama.title,
    native_title: drama.native_title.join(', '),
    synopsis: drama.synopsis,
    country: drama.country,
    network: drama.network ?? drama.original_network ?? '',
    genres: drama.genres.map((g) => g.name),
    tags: drama.tags.map((t) => t.name),
    also_known_as: [...drama.also_known_as],
    status: pageStatusOf(drama.status),
    type: typeOf(drama.type),
    episodes: drama.episodes === null ? '' : String(drama.episodes),
    aired_start: drama.aired_start ?? '',
    aired_end: drama.aired_end ?? '',
    banner_image: drama.banner_image,
    source_note: '',
  };
}

/** The first rule of §5 the page's form breaks, or null. */
export function dramaFormProblem(form: DramaForm): FormProblem<keyof DramaForm> | null {
  if (!form.title.trim()) return { field: 'title', problem: 'required' };
  if (form.title.trim().length > EDIT_LIMITS.title) return { field: 'title', problem: 'tooLong' };
  const episodes = wholeNumber(form.episodes);
  if (Number.isNaN(episodes)) return { field: 'episodes', problem: 'wholeNumber' };
  if (episodes !== null && episodes < EDIT_LIMITS.episodes.min) return { field: 'episodes', problem: 'episodesMin' };
  if (episodes !== null && episodes > EDIT_LIMITS.episodes.max) return { field: 'episodes', problem: 'wholeNumber' };
  if (form.aired_start && !isDay(form.aired_start)) return { field: 'aired_start', problem: 'date' };
  if (form.aired_end && !isDay(form.aired_end)) return { field: 'aired_end', problem: 'date' };
  if (form.aired_start && form.aired_end && form.aired_end < form.aired_start) return { field: 'aired_end', problem: 'endBeforeStart' };
  if (form.genres.length > EDIT_LIMITS.genres) return { field: 'genres', problem: 'tooMany' };
  if (form.tags.length > EDIT_LIMITS.tags) return { field: 'tags', problem: 'tooMany' };
  if (form.also_known_as.length > EDIT_LIMITS.listItems) return { field: 'also_known_as', problem: 'tooMany' };
  if (form.source_note.trim().length > EDIT_LIMITS.note) return { field: 'source_note', problem: 'tooLong' };
  return null;
}

/**
 * The page's body: only the fields whose value changed (texts compared trimmed, lists item by item,
 * a cleared date or episode count sent as null). `source_note` only with a suggestion.
 */
export function dramaChanges(before: DramaForm, now: DramaForm, suggestion: boolean): DramaEdit {
  const body: DramaEdit = {};
  const text = (key: 'title' | 'synopsis' | 'country') => {
    if (now[key].trim() !== before[key].trim()) body[key] = now[key].trim();
  };
  text('title');
  text('synopsis');
  text('country');
  if (now.network.trim() !== before.network.trim()) body.network = now.network.trim() || null;
  const nativeNow = parseCommaList(now.native_title);
  if (!sameList(nativeNow, parseCommaList(before.native_title))) body.native_title = nativeNow;
  for (const key of ['genres', 'tags', 'also_known_as'] as const) if (!sameList(now[key], before[key])) body[key] = [...now[key]];
  if (now.status && now.status !== before.status) body.status = now.status;
  if (now.type && now.type !== before.type) body.type = now.type;
  if (now.episodes.trim() !== before.episodes.trim()) body.episodes = wholeNumber(now.episodes);
  for (const key of ['aired_start', 'aired_end'] as const) if (now[key] !== before[key]) body[key] = now[key] || null;
  if (now.banner_image !== before.banner_image) body.banner_image = now.banner_image;
  if (suggestion && Object.keys(body).length > 0 && now.source_note.trim()) body.source_note = now.source_note.trim();
  return body;
}

// ---- the drama page's Edit Drama dialog (mods and admins) ----

export interface DialogForm {
  title: string;
  year: string;
  episodes: string;
  status: DialogStatus | '';
  type: DramaType | '';
  country: string;
  network: string;
  synopsis: string;
}

export function dialogForm(drama: Drama): DialogForm {
  const status = drama.status.toLowerCase();
  return {
    title: drama.title,
    year: drama.year === null ? '' : String(drama.year),
    episodes: drama.episodes === null ? '' : String(drama.episodes),
    status: (DIALOG_STATUSES as readonly string[]).includes(status) ? (status as DialogStatus) : '',
    type: typeOf(drama.type),
    country: drama.country,
    network: drama.network ?? drama.original_network ?? '',
    synopsis: drama.synopsis,
  };
}

/**
 * The dialog's checks and body (spec 1 §2.6, spec 2 §5): title required, year 1900–2030, episodes
 * at least 1; only non-blank fields that changed are sent; nothing changed is the 'noChanges' problem.
 */
export function dialogChanges(before: DialogForm, now: DialogForm): { body: DramaEdit } | { problem: FormProblem<keyof DialogForm | 'form'> } {
  if (!now.title.trim()) return { problem: { field: 'title', problem: 'required' } };
  if (now.title.trim().length > EDIT_LIMITS.title) return { problem: { field: 'title', problem: 'tooLong' } };
  const year = wholeNumber(now.year);
  if (year !== null && (Number.isNaN(year) || year < EDIT_LIMITS.year.min || year > EDIT_LIMITS.year.max)) return { problem: { field: 'year', problem: 'year' } };
  const episodes = wholeNumber(now.episodes);
  if (episodes !== null && (Number.isNaN(episodes) || episodes < 1 || episodes > EDIT_LIMITS.episodes.max)) return { problem: { field: 'episodes', problem: 'episodesMin1' } };
  const body: DramaEdit = {};
  for (const key of ['title', 'country', 'network', 'synopsis'] as const) {
    const value = now[key].trim();
    if (value && value !== before[key].trim()) body[key] = value;
  }
  if (year !== null && now.year.trim() !== before.year.trim()) body.year = year;
  if (episodes !== null && now.episodes.trim() !== before.episodes.trim()) body.episodes = episodes;
  if (now.status && now.status !== before.status) body.status = now.status;
  if (now.type && now.type !== before.type) body.type = now.type;
  if (Object.keys(body).length === 0) return { problem: { field: 'form', problem: 'noChanges' } };
  return { body };
}

// ---- person edit ----

export interface PersonForm {
  name: string;
  native_name: string;
  biography: string;
  gender: (typeof PERSON_GENDERS)[number] | '';
  nationality: string;
  date_of_birth: string;
  image: string | null;
  also_known_as: string[];
  source_note: string;
}

export function personForm(person: Person): PersonForm {
  return {
    name: person.name,
    native_name: person.native_name ?? '',
    biography: person.biography,
    gender: person.gender ?? '',
    nationality: person.nationality.join(', '),
    date_of_birth: person.date_of_birth ?? '',
    image: person.image,
    also_known_as: [...person.also_known_as],
    source_note: '',
  };
}

export function personFormProblem(form: PersonForm): FormProblem<keyof PersonForm> | null {
  if (!form.name.trim()) return { field: 'name', problem: 'required' };
  if (form.name.trim().length > EDIT_LIMITS.name) return { field: 'name', problem: 'tooLong' };
  if (form.date_of_birth && !isDay(form.date_of_birth)) return { field: 'date_of_birth', problem: 'date' };
  if (form.also_known_as.length > EDIT_LIMITS.listItems) return { field: 'also_known_as', problem: 'tooMany' };
  if (form.source_note.trim().length > EDIT_LIMITS.note) return { field: 'source_note', problem: 'tooLong' };
  return null;
}

/** Only the changed fields; also-known-as trimmed with empties dropped (spec 2 §5). */
export function personChanges(before: PersonForm, now: PersonForm, suggestion: boolean): PersonEdit {
  const body: PersonEdit = {};
  if (now.name.trim() !== before.name.trim()) body.name = now.name.trim();
  if (now.native_name.trim() !== before.native_name.trim()) body.native_name = now.native_name.trim() || null;
  if (now.biography.trim() !== before.biography.trim()) body.biography = now.biography.trim();
  if (now.gender !== before.gender) body.gender = now.gender || null;
  const nationality = parseCommaList(now.nationality);
  if (!sameList(nationality, parseCommaList(before.nationality))) body.nationality = nationality;
  if (now.date_of_birth !== before.date_of_birth) body.date_of_birth = now.date_of_birth || null;
  if (now.image !== before.image) body.image = now.image;
  const aka = parseCommaList(now.also_known_as.join(','));
  if (!sameList(aka, before.also_known_as)) body.also_known_as = aka;
  if (suggestion && Object.keys(body).length > 0 && now.source_note.trim()) body.source_note = now.source_note.trim();
  return body;
}

// ---- what a failed write says (spec 2 §8) ----

/** The key of a failed submit's message, or the server's detail to show (an English page shows it as is). */
export type SubmitFailure = { key: 'forbidden' | 'invalid' | 'failed' | 'tooManyEdits' | 'signedOut' | 'serverError' } | { detail: string };

/**
 * The edit page's and person edit's failure (spec 2 §8): 403 'You don't have permission…', 400
 * 'Invalid data…' (the field the server names is marked too), else the server's detail, else
 * 'Failed to submit edit'.
 */
export function submitFailure(error: { status?: number; detail?: string } | null | undefined): SubmitFailure {
  const status = error?.status ?? 0;
  if (status === 401) return { key: 'signedOut' };
  if (status === 403) return { key: 'forbidden' };
  if (status === 400 || status === 422) return { key: 'invalid' };
  if (status === 429) return { key: 'tooManyEdits' };
  if (status >= 400 && status < 500 && error?.detail) return { detail: error.detail };
  return { key: 'failed' };
}

/** The dialog's failure (spec 2 §8): a server error, or 'Update failed. Please try again.' (with a 4xx's detail). */
export function dialogFailure(error: { status?: number; detail?: string } | null | undefined): SubmitFailure {
  const status = error?.status ?? 0;
  if (status >= 500) return { key: 'serverError' };
  if (status === 401) return { key: 'signedOut' };
  if (status === 403) return { key: 'forbidden' };
  if (status === 429) return { key: 'tooManyEdits' };
  if (status >= 400 && error?.detail) return { detail: error.detail };
  return { key: 'failed' };
}
