// The drama calendar's rules (spec 1 §2.11): seasons, the state kept in the address
// (/calendar?year=2025&quarter=2&page=3&view=list), the count and the empty messages. Pure, shared
// by the island and the tests.
import type { Catalogue } from '../../i18n/catalogue.ts';
import { en as englishWords } from '../../i18n/messages/calendar-page.ts';
import { createTranslator, type Translator } from '../../i18n/translate.ts';
import { parsePageParam } from '../ranked-lists/ranked-lists.ts';

/**
 * The calendar's words in the page's language (the calendarPage namespace, given to the island by
 * its page); without one, English from the catalogue (only the English words are bundled).
 */
type T = Translator<Pick<Catalogue, 'calendarPage'>>;
const english: T = createTranslator('en', { calendarPage: englishWords }) as unknown as T;

export const CALENDAR_PAGE_SIZE = 24;
/** the earliest year the calendar goes back to (the filters' earliest year, spec 1 §9) */
export const CALENDAR_MIN_YEAR = 1890;
/** how far ahead of the current year the calendar goes */
export const CALENDAR_YEARS_AHEAD = 10;

export type Quarter = 1 | 2 | 3 | 4;
export type CalendarView = 'grid' | 'list';

export interface Season {
  quarter: Quarter;
  /** 'Winter/Spring' */
  name: string;
  /** 'Jan-Mar' */
  months: string;
}

export const SEASONS: readonly Season[] = [
  { quarter: 1, name: 'Winter/Spring', months: 'Jan-Mar' },
  { quarter: 2, name: 'Spring/Summer', months: 'Apr-Jun' },
  { quarter: 3, name: 'Summer/Fall', months: 'Jul-Sep' },
  { quarter: 4, name: 'Fall/Winter', months: 'Oct-Dec' },
];

/** 'Q1 Winter/Spring (Jan-Mar)' / 'T1 Inverno/Primavera (jan-mar)' */
export function seasonLabel(quarter: Quarter, t: T = english): string {
  const q = `q${quarter}` as const;
  return t('calendarPage.season', { quarter: String(quarter), name: t(`calendarPage.seasons.${q}.name`), months: t(`calendarPage.seasons.${q}.months`) });
}

export interface CalendarState {
  year: number;
  /** null: the whole year */
  quarter: Quarter | null;
  page: number;
  view: CalendarView;
}

export const yearBounds = (currentYear: number) => ({ min: CALENDAR_MIN_YEAR, max: currentYear + CALENDAR_YEARS_AHEAD });

/**
 * The calendar as the address describes it. Anything unreadable falls back to its default: the
 * current year, the whole year, page 1, the grid. A year outside the calendar's range is moved to
 * its nearest end.
 */
export function readCalendarState(search: string, currentYear: number): CalendarState {
  const params = new URLSearchParams(search);
  const { min, max } = yearBounds(currentYear);
  const yearText = params.get('year')?.trim() ?? '';
  const year = /^\d{1,6}$/.test(yearText) ? Math.min(max, Math.max(min, Number(yearText))) : currentYear;
  const q = params.get('quarter')?.trim();
  const quarter = q === '1' || q === '2' || q === '3' || q === '4' ? (Number(q) as Quarter) : null;
  return {
    year,
    quarter,
    page: parsePageParam(params.get('page')),
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The query string of a state ('?year=2025&quarter=2&page=3&view=list'); defaults are left out, the year is always written. */
export function calendarSearch(state: CalendarState): string {
  const params = new URLSearchParams({ year: String(state.year) });
  if (state.quarter) params.set('quarter', String(state.quarter));
  if (state.page > 1) params.set('page', String(state.page));
  if (state.view === 'list') params.set('view', 'list');
  return `?${params}`;
}

/** The spec's count, word for word: '{n} drama(s) found' ('1,234 drama(s) found'; '1.234' in pt-br). */
export function foundText(total: number, t: T = english): string {
  return t('calendarPage.found', { count: total });
}

/** The empty message of a season or of a whole year (years are written without separators). */
export function emptyCalendarMessage(year: number, quarter: Quarter | null, t: T = english): string {
  return quarter
    ? t('calendarPage.emptySeason', { season: seasonLabel(quarter, t), year: String(year) })
    : t('calendarPage.emptyYear', { year: String(year) });
}

/** §8: the calendar's load error. */
export const CALENDAR_LOAD_ERROR = 'Failed to load dramas. Please try again.';
