import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_PEOPLE_SORT,
  MAX_PAGE,
  nationalityLabel,
  nationalityLine,
  nationalityOptions,
  PEOPLE_PAGE_SIZE,
  PEOPLE_SORT_OPTIONS,
  peopleSearchHref,
  readPeopleSearch,
} from '../../../src/lib/people/people-search.ts';

const read = (query: string) => readPeopleSearch(new URLSearchParams(query));

describe('nationality labels', () => {
  it('shows South Korean as Korean and Hong Konger as Hong Kong', () => {
    expect(nationalityLabel('South Korean')).toBe('Korean');
    expect(nationalityLabel('Hong Konger')).toBe('Hong Kong');
    expect(nationalityLabel('Thai')).toBe('Thai');
    expect(nationalityLabel('Singaporean')).toBe('Singaporean');
    expect(nationalityLine(['South Korean', 'Japanese'])).toBe('Korean, Japanese');
    expect(nationalityLine([])).toBe('');
  });

  it('offers the featured nationalities in the spec order, then others asked for', () => {
    const options = nationalityOptions(['Hong Konger', 'Singaporean']);
    expect(options.map((o) => o.label)).toEqual(['Korean', 'Chinese', 'Japanese', 'Taiwanese', 'Hong Kong', 'Thai', 'Filipino', 'Singaporean']);
    expect(options.filter((o) => o.checked).map((o) => o.param)).toEqual(['Hong Kong', 'Singaporean']);
  });
});

describe('sort options', () => {
  it('are popularity (default), name A-Z and Z-A, with readable labels', () => {
    expect(PEOPLE_SORT_OPTIONS.map((o) => o.value)).toEqual(['popularity', 'name_asc', 'name_desc']);
    expect(PEOPLE_SORT_OPTIONS.map((o) => o.label)).toEqual(['Popularity', 'Name (A-Z)', 'Name (Z-A)']);
    expect(DEFAULT_PEOPLE_SORT).toBe('popularity');
    expect(PEOPLE_PAGE_SIZE).toBe(24);
  });
});

describe('readPeopleSearch', () => {
  it('reads every key', () => {
    expect(read('q=%20Park%20%20So%20&nationality=Korean&nationality=Hong%20Kong&gender=female&sort_by=name_desc&page=3')).toEqual({
      q: 'Park So',
      nationalities: ['South Korean', 'Hong Konger'],
      gender: 'Female',
      sort: 'name_desc',
      page: 3,
    });
  });

  it('falls back to the defaults on missing or unknown values', () => {
    expect(read('')).toEqual({ q: '', nationalities: [], gender: undefined, sort: 'popularity', page: 1 });
    expect(read('gender=robot&sort_by=rating&page=abc')).toMatchObject({ gender: undefined, sort: 'popularity', page: 1 });
    for (const page of ['0', '-2', '1.5', '1e3', '']) expect(read(`page=${page}`).page, page).toBe(1);
    expect(read('page=99999999').page).toBe(MAX_PAGE);
  });

  it('accepts stored words, commas, and drops repeats, blanks and overlong values', () => {
    expect(read('nationality=south%20korean,Korean&nationality=&nationality=Thai').nationalities).toEqual(['South Korean', 'Thai']);
    expect(read(`nationality=${'x'.repeat(61)}`).nationalities).toEqual([]);
    expect(read('nationality=Singaporean').nationalities).toEqual(['Singaporean']);
  });

  it('cuts the search text to 100 characters and drops control characters', () => {
    expect(read(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
    expect(read('q=Kim%00Ji').q).toBe('Kim Ji');
    expect(read('q=%20%20').q).toBe('');
  });
});

describe('activeFilterCount', () => {
  it('counts nationalities and the gender, not the text or the sort', () => {
    expect(activeFilterCount(read('q=kim&sort_by=name_asc'))).toBe(0);
    expect(activeFilterCount(read('nationality=Korean&nationality=Thai&gender=Male'))).toBe(3);
  });
});

describe('peopleSearchHref', () => {
  it('writes labels, repeats nationalities and leaves out defaults', () => {
    expect(peopleSearchHref(read(''))).toBe('/search/people');
    expect(peopleSearchHref(read('nationality=South%20Korean&nationality=Hong%20Konger&sort_by=popularity&page=1'))).toBe(
      '/search/people?nationality=Korean&nationality=Hong+Kong',
    );
    expect(peopleSearchHref(read('q=kim&gender=Other&sort_by=name_asc&page=2'), '/search/person')).toBe(
      '/search/person?q=kim&gender=Other&sort_by=name_asc&page=2',
    );
  });
});
