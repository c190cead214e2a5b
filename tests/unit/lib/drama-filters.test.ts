import { describe, expect, it } from 'vitest';
import { formatAiredDate } from '../../../src/lib/dramas/aired-date.ts';
import { dramaStatusLabel, dramaTypeLabel, normalizeDramaStatus, normalizeDramaType, openAtBounds, parseRange } from '../../../src/lib/dramas/drama-filters.ts';

const years = { integer: true, min: 1000, max: 9999 };
const rating = { integer: false, min: 0, max: 10 };

describe('parseRange', () => {
  it("reads 'from,to', one open side, or a single value", () => {
    expect(parseRange('2010,2020', years)).toEqual({ from: 2010, to: 2020 });
    expect(parseRange(' 2010 , ', years)).toEqual({ from: 2010, to: undefined });
    expect(parseRange(',2020', years)).toEqual({ from: undefined, to: 2020 });
    expect(parseRange('2020', years)).toEqual({ from: 2020, to: 2020 });
    expect(parseRange('7.5,10', rating)).toEqual({ from: 7.5, to: 10 });
  });

  it.each(['5,2', 'abc', ',', '', '1,2,3', '1.5', '-1,2', '99999', '1e3'])('refuses %j', (raw) => {
    expect(parseRange(raw, raw === '1.5' ? years : { integer: true, min: 0, max: 9999 })).toHaveProperty('error');
  });

  it('refuses a rating beyond 0-10', () => {
    expect(parseRange('0,11', rating)).toHaveProperty('error');
  });
});

describe('openAtBounds', () => {
  const episodes = { min: 0, max: () => 100 };
  it('leaves a side at the panel bound open, and drops a range that is all bounds', () => {
    expect(openAtBounds({ from: 0, to: 100 }, episodes)).toBeUndefined();
    expect(openAtBounds({ from: 10, to: 100 }, episodes)).toEqual({ from: 10, to: undefined });
    expect(openAtBounds({ from: 0, to: 16 }, episodes)).toEqual({ from: undefined, to: 16 });
    expect(openAtBounds({ from: 100, to: 100 }, episodes)).toEqual({ from: 100, to: undefined });
  });
});

describe('type and status names', () => {
  it.each([
    ['TV Show', 'tv_show'], ['TV_Show', 'tv_show'], ['tv-show', 'tv_show'], ['MOVIE', 'movie'], ['anime', undefined],
  ])('type %j → %j', (raw, type) => expect(normalizeDramaType(raw)).toBe(type));

  it.each([['Ongoing', 'airing'], ['COMPLETED', 'completed'], ['paused', undefined]])('status %j → %j', (raw, status) =>
    expect(normalizeDramaStatus(raw)).toBe(status),
  );
});

describe('formatAiredDate', () => {
  const base = { type: 'drama', status: 'completed' };
  it('writes the run, one day, an open end, or nothing', () => {
    expect(formatAiredDate({ ...base, airedStart: '2024-01-05', airedEnd: '2024-02-24' })).toBe('Jan 5, 2024 - Feb 24, 2024');
    expect(formatAiredDate({ ...base, airedStart: '2024-01-05', airedEnd: '2024-01-05' })).toBe('Jan 5, 2024');
    expect(formatAiredDate({ ...base, status: 'airing', airedStart: '2024-01-05', airedEnd: null })).toBe('Jan 5, 2024 - ?');
    expect(formatAiredDate({ ...base, type: 'movie', status: 'upcoming', airedStart: '2024-01-05', airedEnd: null })).toBe('Jan 5, 2024');
    expect(formatAiredDate({ ...base, airedStart: null, airedEnd: null })).toBeNull();
  });
});

describe('dramaTypeLabel and dramaStatusLabel', () => {
  it('title-cases types and labels every tv show variant TV Show', () => {
    for (const [raw, label] of [
      ['drama', 'Drama'], ['movie', 'Movie'], ['special', 'Special'], ['tv_show', 'TV Show'], ['TV-Show', 'TV Show'],
      ['tvshow', 'TV Show'], ['TVSHOW', 'TV Show'], ['TV Show', 'TV Show'], ['tv shows', 'TV Show'], ['web_series', 'Web Series'], ['', ''],
    ]) expect(dramaTypeLabel(raw), raw).toBe(label);
    expect(dramaTypeLabel(null)).toBe('');
  });

  it('capitalises the first letter of the status and lower-cases the rest', () => {
    expect(dramaStatusLabel('airing')).toBe('Airing');
    expect(dramaStatusLabel('COMPLETED')).toBe('Completed');
    expect(dramaStatusLabel('upComing')).toBe('Upcoming');
    expect(dramaStatusLabel('on_hold')).toBe('On hold');
    expect(dramaStatusLabel('')).toBe('');
    expect(dramaStatusLabel(null)).toBe('');
  });
});
