// The drama search's filter panel (spec 1 §5, §9): how the catalogue's filter options become the
// panel's choices, and how its range inputs accept values. Pure, shared by the on-demand page
// (server) and the filter panel island (browser).
import { dramaStatusLabel, dramaTypeLabel } from '../dramas/drama-filters.ts';

/**
 * What the catalogue holds, for the search's filter panel: the values in use and the ranges of year,
 * episodes and rating (the search service's getFilterOptions; GET /dramas/filter-options in snake_case).
 */
export type DramaFilterOptions = {
  countries: string[];
  genres: { id: number; name: string }[];
  tags: { id: number; name: string }[];
  types: string[];
  statuses: string[];
  years: number[];
  yearRange: { min: number | null; max: number | null };
  episodeRange: { min: number; max: number };
  ratingRange: { min: number; max: number };
};

/** The part of the filter options the panel reads. */
export type RawFilterOptions = Pick<DramaFilterOptions, 'countries' | 'genres' | 'tags' | 'types' | 'statuses' | 'years' | 'yearRange'>;

export interface Choice<V extends string | number = string> {
  value: V;
  label: string;
}

/** Inclusive integer bounds of a range input. */
export interface Bounds {
  min: number;
  max: number;
}

export interface PanelOptions {
  genres: Choice<number>[];
  tags: Choice<number>[];
  countries: Choice[];
  types: Choice[];
  statuses: Choice[];
  /** next year ('N+', Upcoming) down to 1890 */
  years: Choice<number>[];
  bounds: { year: Bounds; ep: Bounds; rt: Bounds };
}

/** spec 1 §9: the earliest year in filters, whatever the catalogue holds */
export const MIN_FILTER_YEAR = 1890;

/** The latest year in filters: next year ('N+': next year or later). */
export const nextYear = (now: Date = new Date()) => now.getUTCFullYear() + 1;

/** Default filter ranges (spec 1 §9): rating 0-10, episodes 0-100, year 1890 to next year. */
export function defaultBounds(now: Date = new Date()): PanelOptions['bounds'] {
  return { year: { min: MIN_FILTER_YEAR, max: nextYear(now) }, ep: { min: 0, max: 100 }, rt: { min: 0, max: 10 } };
}

const HIDDEN_GENRES = new Set(['unknown']);
const HIDDEN_COUNTRIES = new Set(['unknown', 'singapore']);

/** How a year choice reads: next year (or later) is 'N+'. */
export function yearLabel(year: number, now: Date = new Date()): string {
  return year >= nextYear(now) ? `${nextYear(now)}+` : String(year);
}

/** The year list: next year (labelled 'N+ (Upcoming)') down to 1890. */
export function yearChoices(now: Date = new Date()): Choice<number>[] {
  const top = nextYear(now);
  const years: Choice<number>[] = [{ value: top, label: `${top}+ (Upcoming)` }];
  for (let y = top - 1; y >= MIN_FILTER_YEAR; y--) years.push({ value: y, label: String(y) });
  return years;
}

/**
 * The panel's choices from the catalogue's options (spec 1 §5): types containing 'other' and
 * statuses containing 'unknown' dropped; genres named Unknown and the countries Unknown and
 * Singapore hidden; type labels title-cased with every tv show variant as 'TV Show'; the year list
 * and year bounds from 1890 (forced, whatever the catalogue's minimum) to next year.
 */
export function toPanelOptions(raw: RawFilterOptions, now: Date = new Date()): PanelOptions {
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');
  return {
    genres: raw.genres
      .filter((g) => !HIDDEN_GENRES.has(g.name.trim().toLowerCase()))
      .sort(byName)
      .map((g) => ({ value: g.id, label: g.name })),
    tags: [...raw.tags].sort(byName).map((t) => ({ value: t.id, label: t.name })),
    countries: raw.countries
      .filter((c) => c.trim() && !HIDDEN_COUNTRIES.has(c.trim().toLowerCase()))
      .map((c) => ({ value: c, label: c })),
    types: raw.types.filter((t) => !t.toLowerCase().includes('other')).map((t) => ({ value: t, label: dramaTypeLabel(t) })),
    statuses: raw.statuses
      .filter((s) => !s.toLowerCase().includes('unknown'))
      .map((s) => ({ value: s, label: dramaStatusLabel(s) })),
    years: yearChoices(now),
    bounds: defaultBounds(now),
  };
}

export type Range = [from: number, to: number];

/**
 * What a range input accepts when it is committed (spec 1 §5): a whole number within the bounds
 * that does not cross the other side; an empty input resets that side to its bound. Anything else
 * is refused: the side keeps its previous value.
 */
export function commitRangeInput(text: string, side: 'from' | 'to', range: Range, bounds: Bounds): Range {
  const [from, to] = range;
  const trimmed = text.trim();
  if (trimmed === '') return side === 'from' ? [bounds.min, to] : [from, bounds.max];
  if (!/^\d+$/.test(trimmed)) return range;
  const value = Number(trimmed);
  if (value < bounds.min || value > bounds.max) return range;
  if (side === 'from') return value > to ? range : [value, to];
  return value < from ? range : [from, value];
}

/** A slider moved: the side takes the value, held so that from <= to (it stops at the other thumb). */
export function moveRangeSlider(value: number, side: 'from' | 'to', range: Range, bounds: Bounds): Range {
  const v = Math.min(Math.max(Math.round(value), bounds.min), bounds.max);
  return side === 'from' ? [Math.min(v, range[1]), range[1]] : [range[0], Math.max(v, range[0])];
}

/** Whether a range is the untouched default (its full bounds). */
export const isFullRange = (range: Range, bounds: Bounds) => range[0] <= bounds.min && range[1] >= bounds.max;
