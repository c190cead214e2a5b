/**
 * Rules about people shared by the API and the people search screen (spec 1 §3, §5).
 * Pure functions only: no DOM, no server imports.
 */

export const PERSON_GENDERS = ['Male', 'Female', 'Other'] as const;
export type PersonGender = (typeof PERSON_GENDERS)[number];

/**
 * The people filter's featured nationalities (spec 1 §5): the label shown, and the value stored in
 * people.nationality. Two labels differ from the stored word: 'Korean' is 'South Korean' and
 * 'Hong Kong' is 'Hong Konger'.
 */
export const FEATURED_NATIONALITIES = [
  { label: 'Korean', value: 'South Korean' },
  { label: 'Chinese', value: 'Chinese' },
  { label: 'Japanese', value: 'Japanese' },
  { label: 'Taiwanese', value: 'Taiwanese' },
  { label: 'Hong Kong', value: 'Hong Konger' },
  { label: 'Thai', value: 'Thai' },
  { label: 'Filipino', value: 'Filipino' },
] as const;

const FEATURED_BY_WORD = new Map<string, string>(
  FEATURED_NATIONALITIES.flatMap(({ label, value }) => [
    [label.toLowerCase(), value],
    [value.toLowerCase(), value],
  ]),
);

/**
 * The stored nationality a filter value means: a featured label or stored word in any case becomes
 * the stored word ('korean' → 'South Korean', 'HONG KONGER' → 'Hong Konger'); any other value is
 * taken as written, with its spaces tidied.
 */
export function resolveNationality(input: string): string {
  const tidy = input.trim().replace(/\s+/g, ' ');
  return FEATURED_BY_WORD.get(tidy.toLowerCase()) ?? tidy;
}

/** 'male', 'FEMALE' → the stored gender; undefined for anything else. */
export function resolveGender(input: string): PersonGender | undefined {
  const word = input.trim().toLowerCase();
  return PERSON_GENDERS.find((g) => g.toLowerCase() === word);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whole years from a birth date (YYYY-MM-DD) to `today` (YYYY-MM-DD): the birthday counts from its
 * day on; someone born on 29 February turns a year older on 1 March in other years. Null without a
 * usable birth date, or when the birth date is after `today`.
 */
export function ageOn(dateOfBirth: string | null | undefined, today: string): number | null {
  const born = dateOfBirth ? ISO_DAY.exec(dateOfBirth) : null;
  const now = ISO_DAY.exec(today);
  if (!born || !now) return null;
  const [by, bm, bd] = born.slice(1).map(Number) as [number, number, number];
  const [ty, tm, td] = now.slice(1).map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  const age = ty - by - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}

/** Today's date as YYYY-MM-DD, in UTC so that every server instance agrees on it. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
