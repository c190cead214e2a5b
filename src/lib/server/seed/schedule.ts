// Air dates that agree with a drama's status: a completed drama ended before today, an airing one
// started before today and ends after it (or has no end yet), an upcoming one starts within a year
// (or has no date). Dates are day numbers (days since 1970-01-01, UTC) until they are written out.
import { WEEKDAYS } from './countries.ts';
import type { Random } from './rng.ts';

export type DramaStatus = 'airing' | 'completed' | 'upcoming';

export interface Schedule {
  status: DramaStatus;
  /** first and last air day; null when unknown */
  start: number | null;
  end: number | null;
  /** weekdays the episodes air on (1 = Monday); empty for a release on one day */
  days: readonly number[];
  /** whole season released on the start day */
  allAtOnce: boolean;
  /** episodes aired by today */
  aired: number;
}

const MS_PER_DAY = 86_400_000;

export function toDayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / MS_PER_DAY);
}

/** the day the demo site "opened": records and members date from then on */
export const SITE_LAUNCH_DAY = toDayNumber('2019-01-15');

/** a timestamp on `day` at a random daytime hour (UTC), as ISO text */
export function stampOn(rng: Random, day: number): string {
  return new Date(day * MS_PER_DAY + rng.int(8 * 3600, 23 * 3600) * 1000).toISOString();
}

export function formatDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function yearOfDay(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCFullYear();
}

/** 1 = Monday ... 7 = Sunday */
function weekdayOf(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** The air day of each episode, from the first air day. */
export function listAirDays(start: number, episodes: number, days: readonly number[], allAtOnce: boolean): number[] {
  if (allAtOnce || days.length === 0) return Array.from({ length: episodes }, () => start);
  const out: number[] = [];
  for (let day = start; out.length < episodes; day++) if (days.includes(weekdayOf(day))) out.push(day);
  return out;
}

/** the first day on or after `day` that falls on one of `days` */
function alignForward(day: number, days: readonly number[]): number {
  if (days.length === 0) return day;
  let d = day;
  while (!days.includes(weekdayOf(d))) d++;
  return d;
}

/** the air days as a broadcast string, e.g. "Friday, Saturday" */
export function describeAirDays(days: readonly number[]): string {
  return days.map((d) => WEEKDAYS[d]).join(', ');
}

export interface ScheduleRequest {
  status: DramaStatus;
  episodes: number;
  days: readonly number[];
  allAtOnce: boolean;
  today: number;
  /** year of first airing for completed dramas */
  year: number;
}

/**
 * Places the run of episodes in time so that it agrees with the requested status. A run too short
 * to be airing today (a movie, a one-day release) becomes completed instead.
 */
export function placeSchedule(rng: Random, req: ScheduleRequest): Schedule {
  const { episodes, days, allAtOnce, today } = req;
  const span = (first: number) => {
    const air = listAirDays(first, episodes, days, allAtOnce);
    return air[air.length - 1] - first;
  };
  let status = req.status;
  const length = span(alignForward(today, days));
  if (status === 'airing' && length < 14) status = 'completed';

  let start: number;
  if (status === 'upcoming') {
    if (rng.chance(0.06)) return { status, start: null, end: null, days, allAtOnce, aired: 0 };
    start = alignForward(today + rng.int(10, 330), days);
  } else if (status === 'airing') {
    start = alignForward(today - rng.int(0, length - 7), days);
    while (start > today) start -= 7;
    while (start + span(start) < today) start += 7;
  } else {
    const yearStart = Date.UTC(req.year, 0, 1) / MS_PER_DAY;
    start = alignForward(yearStart + rng.int(0, 364), days);
    while (start + span(start) >= today) start -= 7 * rng.int(4, 30);
  }
  const air = listAirDays(start, episodes, days, allAtOnce);
  const aired = air.filter((d) => d <= today).length;
  return { status, start, end: air[air.length - 1], days, allAtOnce, aired };
}
