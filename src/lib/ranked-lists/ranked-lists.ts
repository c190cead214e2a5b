// The ranked list pages (spec 1 §2.10, §8, §9): which lists exist, under which paths, their
// headings and messages, the page parameter and the 'Showing ...' count. Pure, so the pages, the
// site server and the tests share one definition. Their words are the catalogue's (src/i18n/messages/ranked-lists.ts).
import type { Catalogue } from '../../i18n/catalogue.ts';
import { formatNumber } from '../../i18n/format.ts';
import { localePath, splitLocale, type Locale } from '../../i18n/locales.ts';
import type { Translator } from '../../i18n/translate.ts';

/** The words of the catalogue, in the page's language (src/i18n/page.ts `t`). */
type T = Translator<Pick<Catalogue, 'rankedLists'>>;

/** Cards per page of a ranked list (spec 1 §9). */
export const RANKED_PAGE_SIZE = 24;

/** Largest page number read from the address (the API's own limit). */
export const MAX_PAGE = 100_000;

/** The ranked lists, the one definition of their keys (pages, API routes, services, home rows). */
export const RANKED_LIST_KEYS = ['popular', 'top-rated', 'airing', 'upcoming'] as const;
export type RankedListKey = (typeof RANKED_LIST_KEYS)[number];

/** The canonical path of a list: /drama/{key}. /{key} shows the same page. */
export const canonicalListPath = (key: RankedListKey) => `/drama/${key}`;

/** The list shown at `pathname` (/drama/popular or /popular, an optional trailing slash), or null. */
export function rankedListAt(pathname: string): RankedListKey | null {
  const match = /^\/(?:drama\/)?([\w-]+)\/?$/.exec(pathname);
  const key = match?.[1];
  return (RANKED_LIST_KEYS as readonly string[]).includes(key ?? '') ? (key as RankedListKey) : null;
}

/** A list's heading, the noun of its messages and its description, in the page's language. */
export const rankedListWords = (key: RankedListKey, t: T) => ({
  heading: t(`rankedLists.lists.${key}.heading`),
  noun: t(`rankedLists.lists.${key}.noun`),
  description: t(`rankedLists.lists.${key}.description`),
});

/** §8: 'Failed to load popular dramas. Please try again later.' and its equivalents. */
export const loadErrorMessage = (key: RankedListKey, t: T) => t('rankedLists.loadError', { noun: t(`rankedLists.lists.${key}.noun`) });

/** The empty list (no drama at all in it). */
export const emptyListMessage = (key: RankedListKey, t: T) => t('rankedLists.empty', { noun: t(`rankedLists.lists.${key}.noun`) });

/**
 * The page asked for by `?page=`: a whole number from 1. Anything else (missing, '', 'abc', '0',
 * '-2', '2.5') is page 1; numbers beyond MAX_PAGE are MAX_PAGE (past the end of any list).
 */
export function parsePageParam(value: string | null | undefined): number {
  const text = value?.trim() ?? '';
  if (!/^\d+$/.test(text)) return 1;
  const page = Number(text);
  if (page < 1) return 1;
  return Math.min(page, MAX_PAGE);
}

/** Number of pages for `total` items. */
export const pageCount = (total: number, size = RANKED_PAGE_SIZE) => Math.max(0, Math.ceil(total / size));

/**
 * The count above the grid: 'Showing 1–24 of 1,234 dramas', 'Showing 25 of 25 dramas' for a lone
 * last item, 'Showing 1 of 1 drama'. Null when the page holds nothing (the empty message shows).
 */
export function showingText(page: number, total: number, t: T, locale: Locale = 'en', size = RANKED_PAGE_SIZE): string | null {
  const first = (page - 1) * size + 1;
  if (total <= 0 || first > total) return null;
  const last = Math.min(page * size, total);
  const count = (n: number) => formatNumber(locale, n);
  const range = first === last ? count(first) : `${count(first)}–${count(last)}`;
  return t('rankedLists.showing', { range, total: count(total), count: total });
}

/**
 * Where the site server sends a request for page N ≠ 1 of a list: the pre-rendered file holds page
 * 1 only, and a static file server ignores the query string. '/drama/popular?page=2' →
 * '/ranked/drama/popular?page=2' (the on-demand twin, src/pages/ranked/[...path].astro). Null for
 * every other request, including page 1 in any spelling ('?page=1', '?page=abc'), which the
 * pre-rendered file answers.
 */
export function rankedListTwinUrl(url: string): string | null {
  const cut = url.indexOf('?');
  if (cut === -1) return null;
  // the same list in another language: /pt-br/drama/popular?page=2 → /pt-br/ranked/drama/popular?page=2
  const { locale, path: pathname } = splitLocale(url.slice(0, cut));
  if (!rankedListAt(pathname)) return null;
  const params = new URLSearchParams(url.slice(cut + 1));
  if (parsePageParam(params.get('page')) === 1) return null;
  return `${localePath(locale, `/ranked${pathname.replace(/\/$/, '')}`)}${url.slice(cut)}`;
}
