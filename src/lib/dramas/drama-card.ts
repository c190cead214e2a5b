/**
 * Display rules of the drama card (spec 1 §2.5), shared by Astro components and React islands.
 * Pure functions only: no DOM, no server imports.
 */
import type { Catalogue } from '../../i18n/catalogue.ts';
import type { Translator } from '../../i18n/translate.ts';
import type { DramaCard as WireDramaCard } from '../api/wire/index.ts';
import { dramaTypeLabel, normalizeDramaType } from './drama-filters.ts';

/** The image fields a card may choose from; any may be missing. */
export interface CardImageFields {
  bannerImage?: string | null;
  firstPhoto?: string | null;
  posterImage?: string | null;
  mainPhoto?: string | null;
  thumbnail?: string | null;
  image?: string | null;
}

/**
 * What the drama card (src/islands/shared/DramaCard.tsx) shows: the pages' loaders give it in this
 * shape, islands convert the API's answer with cardFromWire().
 */
export interface CardDrama extends CardImageFields {
  id: number;
  title: string;
  year: number | null;
  episodes: number | null;
  rating: number | null;
  type: string;
  country: string;
}

/** A drama of the API's lists (snake_case) as the card reads it. */
type CardSource = Pick<WireDramaCard, 'id' | 'title' | 'year' | 'episodes' | 'rating' | 'type' | 'country' | 'banner_image' | 'poster_image' | 'main_photo' | 'thumbnail'> &
  Partial<Pick<WireDramaCard, 'photos' | 'image'>>;

export function cardFromWire(drama: CardSource): CardDrama {
  return {
    id: drama.id,
    title: drama.title,
    year: drama.year,
    episodes: drama.episodes,
    rating: drama.rating,
    type: drama.type,
    country: drama.country,
    bannerImage: drama.banner_image,
    firstPhoto: drama.photos?.[0] ?? null,
    posterImage: drama.poster_image,
    mainPhoto: drama.main_photo,
    thumbnail: drama.thumbnail,
    image: drama.image,
  };
}

const IMAGE_ORDER = ['bannerImage', 'firstPhoto', 'posterImage', 'mainPhoto', 'thumbnail', 'image'] as const;

export const TITLE_MAX_LENGTH = 40;
const TITLE_CUT_LENGTH = 37;

/**
 * The first present image in the spec's order (banner, first photo, poster, main photo, thumbnail,
 * image), or null when there is none (the card then shows 'No Image'). Blank strings count as missing.
 */
export function pickCardImage(drama: CardImageFields): string | null {
  for (const key of IMAGE_ORDER) {
    const url = drama[key]?.trim();
    if (url) return url;
  }
  return null;
}

/**
 * Strips a trailing "c" from the image filename, just before its extension
 * ('/a/poster123c.jpg' → '/a/poster123.jpg'): catalogue images ending in c are the cropped small
 * variants, and the card wants the full picture. The query string and fragment are kept.
 */
export function stripTrailingC(url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  const rest = cut === -1 ? '' : url.slice(cut);
  // at least one character must remain before the c, and the extension has no dot or slash
  return path.replace(/([^/])c(\.[^./]+)$/, '$1$2') + rest;
}

/** The card's image URL (chosen, then de-cropped), or null for the 'No Image' placeholder. */
export function cardImageSrc(drama: CardImageFields): string | null {
  const url = pickCardImage(drama);
  return url ? stripTrailingC(url) : null;
}

/** Titles over 40 characters are cut to their first 37 characters plus '...'. */
export function truncateTitle(title: string): string {
  return title.length > TITLE_MAX_LENGTH ? `${title.slice(0, TITLE_CUT_LENGTH)}...` : title;
}

/** The rating badge text with one decimal, or null when there is no badge (rating not above 0). */
export function formatCardRating(rating: number | null | undefined): string | null {
  return typeof rating === 'number' && Number.isFinite(rating) && rating > 0 ? rating.toFixed(1) : null;
}

/**
 * A card's words in the page's language (`t` of src/i18n/page.ts or of an island). The islands not
 * yet given their messages call these without one and get the spec's English words.
 */
export type CardWords = Translator<Pick<Catalogue, 'dramaCard'>>;

/**
 * A drama's type in the reader's language ('tv_show' → 'TV Show' / 'Programa de TV'); a type that
 * is not one of the four is written as stored, title-cased.
 */
export function dramaTypeWord(type: string | null | undefined, t: CardWords): string {
  const known = type ? normalizeDramaType(type) : undefined;
  return known ? t(`dramaCard.types.${known}`) : dramaTypeLabel(type);
}

/** The year as shown on a card, or 'Unknown' when missing. */
export function formatYear(year: number | string | null | undefined, t?: CardWords): string {
  const text = year == null ? '' : String(year).trim();
  if (text && text !== '0') return text;
  return t ? t('dramaCard.unknownYear') : 'Unknown';
}

/** The episode count as shown on a card ('16 eps'), or null when unknown. */
export function formatEpisodes(episodes: number | null | undefined, t?: CardWords): string | null {
  if (typeof episodes !== 'number' || !Number.isFinite(episodes)) return null;
  return t ? t('dramaCard.episodes', { count: episodes }) : `${episodes} eps`;
}
