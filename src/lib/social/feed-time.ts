// A post's time as the feed says it (spec 2 §2 "Community feed": 'now', 'Nm', 'Nh', 'Nd' under 7
// days, then a date). Pure: the words are short units in every language ('5m' / '5 min'), the date is
// the locale's ('Mar 4' / '4 de mar.', with the year when not this year's). Timestamps without a time
// zone are UTC (readTimestamp).
import { formatDate } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { readTimestamp } from '../activity/activity-time.ts';

export type FeedTime =
  | { kind: 'now' }
  | { kind: 'm' | 'h' | 'd'; count: number }
  /** `day` is the UTC calendar day, YYYY-MM-DD */
  | { kind: 'date'; day: string; sameYear: boolean };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Which bucket `value` falls in, seen at `now`: under a minute (or in the future) is 'now'; null when unreadable. */
export function feedTime(value: Date | string | null | undefined, now: Date = new Date()): FeedTime | null {
  const date = readTimestamp(value);
  if (!date) return null;
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds < MINUTE) return { kind: 'now' };
  if (seconds < HOUR) return { kind: 'm', count: Math.floor(seconds / MINUTE) };
  if (seconds < DAY) return { kind: 'h', count: Math.floor(seconds / HOUR) };
  if (seconds < 7 * DAY) return { kind: 'd', count: Math.floor(seconds / DAY) };
  return { kind: 'date', day: date.toISOString().slice(0, 10), sameYear: date.getUTCFullYear() === now.getUTCFullYear() };
}

/** The words of each bucket in a language (the catalogue's `social.time`): 'now', '{count}m', '{count}h', '{count}d'. */
export interface FeedTimeWords {
  now: string;
  m: string;
  h: string;
  d: string;
}

/** '5m', '3h', '2d', 'now'; 'Mar 4' / 'Mar 4, 2025' after 7 days ('4 de mar.' in Portuguese); '' when unreadable. */
export function formatFeedTime(value: Date | string | null | undefined, locale: Locale, words: FeedTimeWords, now: Date = new Date()): string {
  const time = feedTime(value, now);
  if (!time) return '';
  if (time.kind === 'now') return words.now;
  if (time.kind === 'date') return formatDate(locale, time.day, time.sameYear ? 'day-month' : 'medium');
  return words[time.kind].replace('{count}', String(time.count));
}
