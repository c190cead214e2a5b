/**
 * Display rules of the drama detail page (spec 1 §2.6, §5, §8), shared by the Astro page and its
 * islands. Pure functions only: no DOM, no server imports.
 */
import type { Catalogue } from '../../i18n/catalogue.ts';
import { formatNumber } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Translator } from '../../i18n/translate.ts';
import type { LoadFailure } from '../ui/load-failure.ts';

/** The words of the catalogue, in the page's language (src/i18n/page.ts `t`). */
type T = Translator<Pick<Catalogue, 'dramas'>>;
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
export function formatDetailRating(rating: number | null | undefined, locale: Locale = 'en'): string {
  return formatNumber(locale, rating, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
}

/** Votes needed before a drama is ranked (spec 1 §9). */
export const RANK_MIN_VOTES = 100;

/** The Rank figure: '#12', or 'Not Ranked Yet' with '(100+ votes required)' under 100 votes. */
export function rankLabel(ranked: number | null | undefined, votes: number | null | undefined, t: T, locale: Locale = 'en'): { label: string; note: string | null } {
  if (typeof ranked === 'number' && ranked > 0) return { label: `#${formatCount(ranked, locale)}`, note: null };
  return {
    label: t('dramas.details.notRanked'),
    note: (votes ?? 0) < RANK_MIN_VOTES ? t('dramas.details.votesRequired', { count: RANK_MIN_VOTES }) : null,
  };
}

/** The Popularity figure: '#3', or 'N/A' when the drama has none. */
export function formatPopularity(popularity: number | null | undefined, t: T, locale: Locale = 'en'): string {
  return typeof popularity === 'number' && popularity > 0 ? `#${formatCount(popularity, locale)}` : t('dramas.details.notAvailable');
}

/** A count with the locale's thousands separators ('1,234' / '1.234'); missing counts are 0. */
export function formatCount(n: number | null | undefined, locale: Locale = 'en'): string {
  return formatNumber(locale, n);
}

/** '1,234 votes' or '1 vote'. */
export function votesLabel(votes: number | null | undefined, t: T): string {
  const count = typeof votes === 'number' && Number.isFinite(votes) ? votes : 0;
  return t('dramas.details.votes', { count });
}

/** Minutes per episode as MyDramaList writes them: '45 min.', '1 hr.', '1 hr. 10 min.'; null when unknown. */
export function formatDuration(minutes: number | null | undefined, t: T): string | null {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0) return null;
  const m = Math.round(minutes);
  const hours = Math.floor(m / 60);
  const rest = m % 60;
  if (!hours) return t('dramas.duration.minutes', { minutes: rest });
  return rest ? t('dramas.duration.hoursMinutes', { hours, minutes: rest }) : t('dramas.duration.hours', { hours });
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

/** How loading a drama failed: an answer with a status, no answer at all, or anything else. */
export type DramaLoadFailure = LoadFailure;

/** The spec's message for a failed load of the drama page (spec 1 §8 "Drama page"). */
export function dramaLoadErrorMessage(failure: DramaLoadFailure, t: T): string {
  if ('status' in failure) {
    if (failure.status === 404) return t('dramas.load.notFound');
    if (failure.status === 500) return t('dramas.load.serverError');
    return t('dramas.load.status', { status: String(failure.status) });
  }
  if ('noResponse' in failure) return t('dramas.load.connection');
  return t('dramas.load.unknown');
}

/** The photo `delta` steps from `index` in a gallery of `total`, wrapping at both ends. */
export function stepPhoto(index: number, delta: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + delta) % total) + total) % total;
}
