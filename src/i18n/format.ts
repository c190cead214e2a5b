import { INTL_LOCALE, type Locale } from './locales.ts';

/**
 * Numbers, dates and relative times per locale, through Intl only (no locale data shipped: the
 * browser and Node carry it), so islands may use these without growing.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
const cached = <F>(key: string, make: () => F): F => {
  let format = cache.get(key) as F | undefined;
  if (!format) cache.set(key, (format = make()) as never);
  return format;
};

/** 12345 → "12,345" (en) / "12.345" (pt-br); anything not a finite number → "0" */
export function formatNumber(locale: Locale, value: number | null | undefined, options: Intl.NumberFormatOptions = {}): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(INTL_LOCALE[locale], options)).format(n);
}

export type DateStyle = 'long' | 'medium' | 'short' | 'month-year' | 'weekday' | 'day-month' | 'date-time';
const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { dateStyle: 'long' }, // March 4, 1992 / 4 de março de 1992
  medium: { dateStyle: 'medium' }, // Mar 4, 1992 / 4 de mar. de 1992
  short: { year: 'numeric', month: '2-digit', day: '2-digit' },
  'month-year': { year: 'numeric', month: 'long' },
  weekday: { weekday: 'long', month: 'long', day: 'numeric' },
  'day-month': { month: 'short', day: 'numeric' },
  'date-time': { dateStyle: 'medium', timeStyle: 'short' }, // Mar 4, 1992, 5:12 PM / 4 de mar. de 1992, 17:12
};

/**
 * A date the locale's way. Calendar dates ('1992-03-04') are read as that day wherever the
 * server or browser is (formatted in UTC), so no time zone can move them a day.
 */
export function formatDate(locale: Locale, value: Date | string, style: DateStyle = 'long'): string {
  const calendarDay = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = typeof value === 'string' ? new Date(calendarDay ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const options = { ...DATE_OPTIONS[style], ...(calendarDay ? { timeZone: 'UTC' } : {}) };
  return cached(`d|${locale}|${style}|${calendarDay}`, () => new Intl.DateTimeFormat(INTL_LOCALE[locale], options)).format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 days ago" / "há 3 dias"; "in 2 hours" / "em 2 horas" (relative to `now`) */
export function formatRelative(locale: Locale, value: Date | string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto' }));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.trunc(seconds / size), unit);
  }
  return '';
}

export type TimeAgoUnit = 'second' | 'minute' | 'hour' | 'day' | 'week';

/** "5 seconds ago", "1 week ago" / "há 5 segundos", "há 1 semana": always a number (no "yesterday") */
export function formatTimeAgo(locale: Locale, count: number, unit: TimeAgoUnit): string {
  const format = cached(`ago|${locale}`, () => new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'always' }));
  return format.format(-Math.abs(count), unit);
}
