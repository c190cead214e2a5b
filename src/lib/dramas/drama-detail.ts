/**
 * Display rules of the drama detail page (spec 1 §2.6, §5, §8), shared by the Astro page and its
 * islands. Pure functions only: no DOM, no server imports.
 */
import type { LoadFailure } from '../ui/load-failure.ts';
import { stripTrailingC } from './drama-card.ts';

/** A photo as the spec allows it: a URL, or an object carrying one under url, image, src or path. */
export type PhotoValue = string | { url?: string | null; image?: string | null; src?: string | null; path?: string | null } | null | undefined;

/** The URL of a photo value, or null when it carries none. Blank strings count as missing. */
export function photoSrc(photo: PhotoValue): string | null {
  if (!photo) return null;
  if (typeof photo === 'string') return photo.trim() || null;
  for (const key of ['url', 'image', 'src', 'path'] as const) {
    const url = photo[key]?.trim();
    if (url) return url;
  }
  return null;
}

/** The image fields the detail poster may choose from; any may be missing. */
export interface PosterFields {
  mainPhoto?: string | null;
  posterImage?: string | null;
  bannerImage?: string | null;
  thumbnail?: string | null;
  image?: string | null;
  photos?: readonly PhotoValue[] | null;
}

const POSTER_ORDER = ['mainPhoto', 'posterImage', 'bannerImage', 'thumbnail', 'image'] as const;

/**
 * The detail page's poster (spec 1 §2.6): main photo, poster, banner, thumbnail, image, else the
 * first photo (its own order, unlike the card's), de-cropped by the trailing-c rule; null when none.
 */
export function detailPosterSrc(drama: PosterFields): string | null {
  for (const key of POSTER_ORDER) {
    const url = drama[key]?.trim();
    if (url) return stripTrailingC(url);
  }
  const first = photoSrc(drama.photos?.[0]);
  return first ? stripTrailingC(first) : null;
}

/** The rating with three decimals ('8.225'); a missing rating reads '0.000'. */
export function formatDetailRating(rating: number | null | undefined): string {
  return (typeof rating === 'number' && Number.isFinite(rating) ? rating : 0).toFixed(3);
}

/** Votes needed before a drama is ranked (spec 1 §9). */
export const RANK_MIN_VOTES = 100;

/** The Rank figure: '#12', or 'Not Ranked Yet' with '(100+ votes required)' under 100 votes. */
export function rankLabel(ranked: number | null | undefined, votes: number | null | undefined): { label: string; note: string | null } {
  if (typeof ranked === 'number' && ranked > 0) return { label: `#${formatCount(ranked)}`, note: null };
  return { label: 'Not Ranked Yet', note: (votes ?? 0) < RANK_MIN_VOTES ? `(${RANK_MIN_VOTES}+ votes required)` : null };
}

/** The Popularity figure: '#3', or 'N/A' when the drama has none. */
export function formatPopularity(popularity: number | null | undefined): string {
  return typeof popularity === 'number' && popularity > 0 ? `#${formatCount(popularity)}` : 'N/A';
}

/** A count with thousands separators ('1,234'); missing counts are 0. */
export function formatCount(n: number | null | undefined): string {
  return (typeof n === 'number' && Number.isFinite(n) ? n : 0).toLocaleString('en-US');
}

/** 'votes' or 'vote'. */
export function votesLabel(votes: number | null | undefined): string {
  return `${formatCount(votes)} ${votes === 1 ? 'vote' : 'votes'}`;
}

/** Minutes per episode as MyDramaList writes them: '45 min.', '1 hr.', '1 hr. 10 min.'; null when unknown. */
export function formatDuration(minutes: number | null | undefined): string | null {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0) return null;
  const m = Math.round(minutes);
  const hours = Math.floor(m / 60);
  const rest = m % 60;
  if (!hours) return `${rest} min.`;
  return rest ? `${hours} hr. ${rest} min.` : `${hours} hr.`;
}

/** Network: the original network, else the broadcast text; null when neither is known. */
export function dramaNetwork(drama: { originalNetwork?: string | null; network?: string | null; broadcast?: string | null }): string | null {
  for (const value of [drama.originalNetwork, drama.network, drama.broadcast]) {
    const text = value?.trim();
    if (text) return text;
  }
  return null;
}

/** Where a genre chip leads (spec 1 §2.6). */
export const genreSearchHref = (genreId: number | string) => `/search/drama?sort_by=popularity&genre=${encodeURIComponent(String(genreId))}`;
/** Where a tag chip leads (spec 1 §2.6). */
export const tagSearchHref = (tagId: number | string) => `/search/drama?sort_by=popularity&tag=${encodeURIComponent(String(tagId))}`;

/** The page's tabs, kept in the URL hash (#details, #cast, #photos). */
export const DRAMA_TABS = ['details', 'cast', 'photos'] as const;
export type DramaTab = (typeof DRAMA_TABS)[number];

/** The tab a URL hash names ('#cast' → 'cast'); anything else is the Details tab. */
export function tabFromHash(hash: string | null | undefined): DramaTab {
  const key = (hash ?? '').replace(/^#/, '').trim().toLowerCase();
  return (DRAMA_TABS as readonly string[]).includes(key) ? (key as DramaTab) : 'details';
}

/** The message on the drama page when the id is not all digits (spec 1 §5). */
export const INVALID_DRAMA_ID = 'Invalid drama ID. Please check the URL and try again.';

/** How loading a drama failed: an answer with a status, no answer at all, or anything else. */
export type DramaLoadFailure = LoadFailure;

/** No answer from the server (spec 1 §8, drama and person pages alike). */
export const CONNECTION_MESSAGE = 'Unable to connect to the server. Please check your internet connection and try again.';

/** The spec's message for a failed load of the drama page (spec 1 §8 "Drama page"). */
export function dramaLoadErrorMessage(failure: DramaLoadFailure): string {
  if ('status' in failure) {
    if (failure.status === 404) return 'Drama not found. It may have been removed or the ID is incorrect.';
    if (failure.status === 500)
      return 'The server encountered an error while processing your request. This might be due to invalid data for this drama.';
    return `Failed to load drama details. Server responded with error: ${failure.status}`;
  }
  if ('noResponse' in failure) return CONNECTION_MESSAGE;
  return 'Failed to load drama details. Please try again later.';
}

/** The photo `delta` steps from `index` in a gallery of `total`, wrapping at both ends. */
export function stepPhoto(index: number, delta: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + delta) % total) + total) % total;
}
