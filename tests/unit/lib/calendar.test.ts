import { describe, expect, it } from 'vitest';
import {
  calendarSearch,
  emptyCalendarMessage,
  foundText,
  readCalendarState,
  seasonLabel,
} from '../../../src/lib/calendar/calendar.ts';

describe('seasonLabel', () => {
  it('names the four seasons as the spec does', () => {
    expect([1, 2, 3, 4].map((q) => seasonLabel(q as 1 | 2 | 3 | 4))).toEqual([
      'Q1 Winter/Spring (Jan-Mar)',
      'Q2 Spring/Summer (Apr-Jun)',
      'Q3 Summer/Fall (Jul-Sep)',
      'Q4 Fall/Winter (Oct-Dec)',
    ]);
  });
});

describe('readCalendarState', () => {
  it('defaults to the current year, the whole year, page 1 and the grid', () => {
    expect(readCalendarState('', 2026)).toEqual({ year: 2026, quarter: null, page: 1, view: 'grid' });
  });
  it('reads every value from the address', () => {
    expect(readCalendarState('?year=2024&quarter=3&page=4&view=list', 2026)).toEqual({ year: 2024, quarter: 3, page: 4, view: 'list' });
  });
  it('falls back to the default for unreadable values', () => {
    expect(readCalendarState('?year=abc&quarter=5&page=-1&view=table', 2026)).toEqual({ year: 2026, quarter: null, page: 1, view: 'grid' });
    expect(readCalendarState('?quarter=0', 2026).quarter).toBeNull();
  });
  it('keeps the year within the calendar range', () => {
    expect(readCalendarState('?year=1200', 2026).year).toBe(1890);
    expect(readCalendarState('?year=9999', 2026).year).toBe(2036);
  });
});

describe('calendarSearch', () => {
  it('writes the year and only the values that differ from the defaults', () => {
    expect(calendarSearch({ year: 2026, quarter: null, page: 1, view: 'grid' })).toBe('?year=2026');
    expect(calendarSearch({ year: 2024, quarter: 2, page: 3, view: 'list' })).toBe('?year=2024&quarter=2&page=3&view=list');
  });
  it('reads back what it writes', () => {
    const state = { year: 2023, quarter: 4 as const, page: 2, view: 'list' as const };
    expect(readCalendarState(calendarSearch(state), 2026)).toEqual(state);
  });
});

describe('texts', () => {
  it('counts in the singular and plural', () => {
    expect(foundText(0)).toBe('0 drama(s) found');
    expect(foundText(1)).toBe('1 drama(s) found');
    expect(foundText(1234)).toBe('1,234 drama(s) found');
  });
  it('has an empty message per season and per year', () => {
    expect(emptyCalendarMessage(2031, 2)).toBe('No dramas found for Q2 Spring/Summer (Apr-Jun) 2031.');
    expect(emptyCalendarMessage(1950, null)).toBe('No dramas found for 1950.');
  });
});

describe('the calendar in Portuguese', () => {
  it('words seasons, counts and empty messages in pt-BR', async () => {
    const { translator } = await import('../../../src/i18n/catalogue.ts');
    const pt = translator('pt-br');
    expect(seasonLabel(2, pt)).toBe('T2 Primavera/Verão (abr-jun)');
    expect(foundText(1234, pt)).toBe('1.234 dorama(s) encontrado(s)');
    expect(emptyCalendarMessage(2031, null, pt)).toBe('Nenhum dorama encontrado para 2031.');
  });
});
