// When an activity item happened, as the timeline says it (spec 2 §9): 'N seconds ago' (at least
// '1 second ago', for a time in the future too), minutes, hours, days under 7, weeks under 4, then a
// short date (with the year only when it is not this year's); 'Recently' when the time cannot be read.
// Timestamps without a time zone are UTC. Pure: the page renders it on the server (docs/decisions/021).
import { formatDate, formatTimeAgo, type TimeAgoUnit } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';

export type ActivityTime =
  | { kind: 'ago'; count: number; unit: TimeAgoUnit }
  /** `day` is the UTC calendar day, YYYY-MM-DD */
  | { kind: 'date'; day: string; sameYear: boolean }
  | { kind: 'recently' };

// an ISO date and time with no offset ('2026-11-27T17:12:19', '2026-11-27 17:12:19.5')
const NO_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** The instant a timestamp names (a string without a time zone is read as UTC), or null. */
export function readTimestamp(value: Date | string | null | undefined): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim();
  const date = new Date(NO_ZONE.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** Which of the spec's buckets `value` falls in, seen at `now`. */
export function activityTime(value: Date | string | null | undefined, now: Date = new Date()): ActivityTime {
  const date = readTimestamp(value);
  if (!date) return { kind: 'recently' };
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds < MINUTE) return { kind: 'ago', count: Math.max(1, seconds), unit: 'second' };
  if (seconds < HOUR) return { kind: 'ago', count: Math.floor(seconds / MINUTE), unit: 'minute' };
  if (seconds < DAY) return { kind: 'ago', count: Math.floor(seconds / HOUR), unit: 'hour' };
  if (seconds < WEEK) return { kind: 'ago', count: Math.floor(seconds / DAY), unit: 'day' };
  if (seconds < 4 * WEEK) return { kind: 'ago', count: Math.floor(seconds / WEEK), unit: 'week' };
  const day = date.toISOString().slice(0, 10);
  return { kind: 'date', day, sameYear: date.getUTCFullYear() === now.getUTCFullYear() };
}

/**
 * The words of `activityTime` in `locale`: '3 hours ago' / 'há 3 horas', 'Mar 4' / '4 de mar.',
 * 'Mar 4, 2025' / '4 de mar. de 2025'; `recently` is the catalogue's 'Recently'.
 */
export function formatActivityTime(time: ActivityTime, locale: Locale, recently: string): string {
  if (time.kind === 'recently') return recently;
  if (time.kind === 'ago') return formatTimeAgo(locale, time.count, time.unit);
  return formatDate(locale, time.day, time.sameYear ? 'day-month' : 'medium');
}
