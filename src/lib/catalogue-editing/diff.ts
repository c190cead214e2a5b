// How the moderation area shows one field's change (issue 22 "Moderation area"; docs/decisions/038
// "Review screens"): long texts diffed by word (jsdiff's diffWords), lists as the items added and
// removed, any other value as before → after. Only the review islands import this module, so the
// diff library rides in their chunks, never in a visitor's page.
import { diffWords } from 'diff';

/** Fields whose values are long texts: shown as a word diff. */
export const LONG_TEXT_FIELDS: ReadonlySet<string> = new Set(['synopsis', 'biography']);

/** Fields whose values are image addresses (a drama's banner, a person's image): shown as the images. */
export const IMAGE_FIELDS: ReadonlySet<string> = new Set(['banner_image', 'image']);

export interface WordPart {
  text: string;
  /** added in the new text, removed from the old one, or kept */
  kind: 'added' | 'removed' | 'same';
}

export type FieldDiff =
  | { kind: 'words'; parts: WordPart[] }
  | { kind: 'list'; added: string[]; removed: string[] }
  | { kind: 'value'; from: string | null; to: string | null }
  | { kind: 'image'; from: string | null; to: string | null };

/** A wire value as text: null/undefined/'' as null (shown as 'empty'), lists joined with commas. */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : null;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.trim() === '' ? null : text;
}

const asList = (value: unknown): string[] | null => {
  if (Array.isArray(value)) return value.map(String);
  if (value === null || value === undefined) return [];
  return null;
};

/** Items of `after` not in `before` (case-insensitive, as the API compares list items), in order. */
function missingFrom(before: string[], after: string[]): string[] {
  const known = new Set(before.map((item) => item.toLocaleLowerCase()));
  return after.filter((item) => !known.has(item.toLocaleLowerCase()));
}

/** One field's change as the review screens show it. */
export function fieldDiff(field: string, from: unknown, to: unknown): FieldDiff {
  const fromList = asList(from);
  const toList = asList(to);
  if ((Array.isArray(from) || Array.isArray(to)) && fromList && toList) {
    return { kind: 'list', added: missingFrom(fromList, toList), removed: missingFrom(toList, fromList) };
  }
  const before = valueText(from);
  const after = valueText(to);
  if (IMAGE_FIELDS.has(field)) return { kind: 'image', from: before, to: after };
  if (LONG_TEXT_FIELDS.has(field) && before !== null && after !== null) {
    return {
      kind: 'words',
      parts: diffWords(before, after).map((part) => ({ text: part.value, kind: part.added ? 'added' : part.removed ? 'removed' : 'same' })),
    };
  }
  return { kind: 'value', from: before, to: after };
}

/** The fields of a change set in the order the edit forms show them (unknown ones last, by name). */
export function orderedFields(changes: Record<string, unknown>, order: readonly string[]): string[] {
  const rank = (field: string) => {
    const at = order.indexOf(field);
    return at < 0 ? order.length : at;
  };
  return Object.keys(changes).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
