/**
 * Display rules of the person page (spec 1 §2.7, §5, §8), shared by the pre-rendered and the
 * on-demand routes. Pure functions only: no DOM, no server imports.
 */
import { format } from 'date-fns';
import { CONNECTION_MESSAGE, type DramaLoadFailure } from '../dramas/drama-detail.ts';

/** spec 1 §5 and §8: the messages of the person page's states */
export const PERSON_PAGE_MESSAGES = {
  invalidId: 'Invalid person ID',
  notFound: 'Person not found. They may have been removed from our database.',
  errorTitle: 'Failed to Load Person',
  serverError: 'The server encountered an error while processing your request. This person might have incomplete data.',
  emptyFilmography: 'No drama appearances found for this person.',
  heartNeedsLogin: 'Please log in to give hearts to people',
  heartFailed: 'Failed to update heart. Please try again.',
} as const;

/** The filmography's groups in the page's order, keyed as GET /people/{id}/filmography answers. */
export const FILMOGRAPHY_SECTIONS = [
  { key: 'drama', title: 'Dramas' },
  { key: 'movie', title: 'Movies' },
  { key: 'tv_show', title: 'TV Shows' },
  { key: 'special', title: 'Specials' },
  { key: 'other', title: 'Other Content' },
] as const;

const ROLE_TYPE_LABELS: Record<string, string> = {
  main: 'Main Role',
  support: 'Support Role',
  guest: 'Guest Role',
  director: 'Director',
  screenwriter: 'Screenwriter',
};

/** 'main' → 'Main Role', 'director' → 'Director'; an unknown word is title-cased ('voice_actor' → 'Voice Actor'). */
export function roleTypeLabel(roleType: string): string {
  return ROLE_TYPE_LABELS[roleType.toLowerCase()] ?? titleCase(roleType);
}

function titleCase(word: string): string {
  return word
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/** 'Jun 21, 2003' from '2003-06-21' (built from its parts: no time zone can shift the day); null if unusable. */
export function formatBirthDate(isoDate: string | null | undefined): string | null {
  const match = isoDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate) : null;
  if (!match) return null;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), 'MMM d, yyyy');
}

/** '1 year' / '37 years'; null without an age. */
export function formatAge(age: number | null | undefined): string | null {
  if (age === null || age === undefined || !Number.isFinite(age) || age < 0) return null;
  return age === 1 ? '1 year' : `${age} years`;
}

/** The heart count as shown beside the heart: '1,234'. */
export function formatHearts(hearts: number): string {
  return Math.max(0, Math.trunc(hearts)).toLocaleString('en-US');
}

/** The spec's message for a failed load of the person page (spec 1 §8 "Person page"). */
export function personLoadErrorMessage(failure: DramaLoadFailure): string {
  if ('status' in failure) {
    if (failure.status === 500) return PERSON_PAGE_MESSAGES.serverError;
    return `Failed to load person details. Server error: ${failure.status}`;
  }
  if ('noResponse' in failure) return CONNECTION_MESSAGE;
  return 'Failed to load person details. Please try again later.';
}
