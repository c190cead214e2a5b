import { describe, expect, it } from 'vitest';
import {
  commitRangeInput,
  isFullRange,
  moveRangeSlider,
  toPanelOptions,
  yearChoices,
  yearLabel,
  type RawFilterOptions,
} from '../../../src/lib/drama-search/drama-filter-options.ts';

const now = new Date('2026-06-15T12:00:00Z');

const raw: RawFilterOptions = {
  countries: ['China', 'Japan', 'Singapore', 'South Korea', 'Unknown', ''],
  genres: [
    { id: 2, name: 'Romance' },
    { id: 1, name: 'Action' },
    { id: 9, name: 'Unknown' },
  ],
  tags: [
    { id: 5, name: 'Revenge' },
    { id: 4, name: 'Amnesia' },
  ],
  types: ['drama', 'movie', 'tv_show', 'TV-Show', 'special', 'other', 'Others'],
  statuses: ['airing', 'completed', 'upcoming', 'cancelled', 'unknown', 'Status Unknown'],
  years: [2026, 2020, 1999, 1950],
  yearRange: { min: 1950, max: 2026 },
};

describe('toPanelOptions (spec 1 §5)', () => {
  const options = toPanelOptions(raw, now);

  it('hides genres named Unknown and the countries Unknown and Singapore', () => {
    expect(options.genres).toEqual([
      { value: 1, label: 'Action' },
      { value: 2, label: 'Romance' },
    ]);
    expect(options.countries.map((c) => c.value)).toEqual(['China', 'Japan', 'South Korea']);
  });

  it("drops types containing 'other' and statuses containing 'unknown'", () => {
    expect(options.types.map((t) => t.value)).toEqual(['drama', 'movie', 'tv_show', 'TV-Show', 'special']);
    expect(options.statuses.map((s) => s.value)).toEqual(['airing', 'completed', 'upcoming', 'cancelled']);
  });

  it("title-cases type labels and labels tv show variants 'TV Show'", () => {
    expect(options.types.map((t) => t.label)).toEqual(['Drama', 'Movie', 'TV Show', 'TV Show', 'Special']);
    expect(options.statuses.map((s) => s.label)).toEqual(['Airing', 'Completed', 'Upcoming', 'Cancelled']);
  });

  it('forces the minimum year to 1890 and runs the years from next year down to 1890', () => {
    expect(options.bounds.year).toEqual({ min: 1890, max: 2027 });
    expect(options.years[0]).toEqual({ value: 2027, label: '2027+ (Upcoming)' });
    expect(options.years[1]).toEqual({ value: 2026, label: '2026' });
    expect(options.years.at(-1)).toEqual({ value: 1890, label: '1890' });
    expect(options.years).toHaveLength(2027 - 1890 + 1);
    expect(yearChoices(now).map((y) => y.value)).toEqual(options.years.map((y) => y.value));
  });

  it("shows next year or later as 'N+'", () => {
    expect(yearLabel(2027, now)).toBe('2027+');
    expect(yearLabel(2031, now)).toBe('2027+');
    expect(yearLabel(2026, now)).toBe('2026');
  });

  it('has the default ranges rating 0-10, episodes 0-100', () => {
    expect(options.bounds.rt).toEqual({ min: 0, max: 10 });
    expect(options.bounds.ep).toEqual({ min: 0, max: 100 });
  });
});

describe('range inputs (spec 1 §5)', () => {
  const bounds = { min: 0, max: 100 };

  it('accepts whole numbers within the bounds', () => {
    expect(commitRangeInput('16', 'from', [0, 100], bounds)).toEqual([16, 100]);
    expect(commitRangeInput(' 40 ', 'to', [16, 100], bounds)).toEqual([16, 40]);
  });

  it('refuses decimals, signs, words and values out of bounds (the side keeps its value)', () => {
    for (const text of ['1.5', '-3', 'abc', '1e2', '101', '+5']) {
      expect(commitRangeInput(text, 'from', [10, 50], bounds)).toEqual([10, 50]);
      expect(commitRangeInput(text, 'to', [10, 50], bounds)).toEqual([10, 50]);
    }
  });

  it('refuses a value crossing the other bound', () => {
    expect(commitRangeInput('60', 'from', [10, 50], bounds)).toEqual([10, 50]);
    expect(commitRangeInput('5', 'to', [10, 50], bounds)).toEqual([10, 50]);
    expect(commitRangeInput('50', 'from', [10, 50], bounds)).toEqual([50, 50]);
  });

  it('resets an emptied input to its bound', () => {
    expect(commitRangeInput('', 'from', [10, 50], bounds)).toEqual([0, 50]);
    expect(commitRangeInput('  ', 'to', [10, 50], bounds)).toEqual([10, 100]);
  });

  it('keeps sliders from <= to', () => {
    expect(moveRangeSlider(70, 'from', [10, 50], bounds)).toEqual([50, 50]);
    expect(moveRangeSlider(5, 'to', [10, 50], bounds)).toEqual([10, 10]);
    expect(moveRangeSlider(30, 'from', [10, 50], bounds)).toEqual([30, 50]);
    expect(moveRangeSlider(500, 'to', [10, 50], bounds)).toEqual([10, 100]);
  });

  it('knows an untouched range', () => {
    expect(isFullRange([0, 100], bounds)).toBe(true);
    expect(isFullRange([1, 100], bounds)).toBe(false);
  });
});
