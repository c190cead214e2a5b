import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/catalogue.ts';
import {
  dramaKindLabel,
  dramaSearchRecord,
  instantResultFrom,
  KIND_FILTER,
  moveActive,
  personSearchRecord,
  RESULTS_PER_GROUP,
  searchChangeFrom,
  searchChangeMatches,
  withSearchChanges,
  type DramaIndexRow,
  type InstantResult,
  type PersonIndexRow,
  type SearchChange,
} from '../../../src/lib/navbar-search/search-records.ts';

const drama: DramaIndexRow = {
  id: 1234,
  title: 'Moonlit Harbour',
  originalTitle: 'Dalbit Hanggu',
  nativeTitles: ['달빛 항구'],
  alsoKnownAs: ['Moonlight Port', 'moonlit harbour', '  '],
  type: 'tv_show',
  year: 2019,
  bannerImage: null,
  firstPhoto: '/media/photo-1c.jpg',
  posterImage: '/media/poster.jpg',
  mainPhoto: null,
  thumbnail: null,
};

const person: PersonIndexRow = {
  id: 77,
  name: 'Lim Yoon Hee',
  nativeName: '임윤희',
  alsoKnownAs: ['Yoonie'],
  nationality: ['South Korean', 'Japanese'],
  image: '/media/art/people/77c.svg',
};

describe('dramaSearchRecord', () => {
  it('is found by every title and alias, each once, and links to the drama page', () => {
    const record = dramaSearchRecord(drama);
    expect(record.url).toBe('/drama/1234');
    expect(record.content.split('\n')).toEqual(['Moonlit Harbour', 'Dalbit Hanggu', '달빛 항구', 'Moonlight Port']);
    expect(record.language).toBe('en');
    expect(record.filters).toEqual({ [KIND_FILTER]: ['drama'] });
  });

  it('shows the title, the kind label, the year and the card image (first photo, trailing c dropped)', () => {
    expect(dramaSearchRecord(drama).meta).toEqual({
      title: 'Moonlit Harbour',
      kind: 'TV Show',
      detail: '2019',
      image: '/media/photo-1.jpg',
    });
  });

  it('leaves out a missing year and image, and copes with missing name lists', () => {
    const record = dramaSearchRecord({
      ...drama,
      year: null,
      firstPhoto: null,
      posterImage: null,
      originalTitle: null,
      nativeTitles: null,
      alsoKnownAs: null,
      type: 'movie',
    });
    expect(record.meta).toEqual({ title: 'Moonlit Harbour', kind: 'Movie' });
    expect(record.content).toBe('Moonlit Harbour');
  });
});

describe('dramaKindLabel', () => {
  it('labels the four drama types as the site writes them', () => {
    expect(['drama', 'movie', 'tv_show', 'special', 'TV_Show', 'other'].map(dramaKindLabel)).toEqual([
      'Drama',
      'Movie',
      'TV Show',
      'Special',
      'TV Show',
      'Drama',
    ]);
  });
});

describe('personSearchRecord', () => {
  it('is found by name, native name and aliases and links to the person page', () => {
    const record = personSearchRecord(person);
    expect(record.url).toBe('/people/77');
    expect(record.content.split('\n')).toEqual(['Lim Yoon Hee', '임윤희', 'Yoonie']);
    expect(record.filters).toEqual({ [KIND_FILTER]: ['person'] });
  });

  it('shows the name, Person, the nationalities and the portrait without its trailing c', () => {
    expect(personSearchRecord(person).meta).toEqual({
      title: 'Lim Yoon Hee',
      kind: 'Person',
      detail: 'South Korean, Japanese',
      image: '/media/art/people/77.svg',
    });
  });

  it('leaves out missing nationalities and portrait', () => {
    const record = personSearchRecord({ ...person, nationality: [], image: null, nativeName: null, alsoKnownAs: [] });
    expect(record.meta).toEqual({ title: 'Lim Yoon Hee', kind: 'Person' });
    expect(record.content).toBe('Lim Yoon Hee');
  });
});

describe('instantResultFrom', () => {
  it('reads back what the records wrote', () => {
    expect(instantResultFrom({ url: '/drama/1234', meta: dramaSearchRecord(drama).meta })).toEqual({
      group: 'drama',
      href: '/drama/1234',
      title: 'Moonlit Harbour',
      subtitle: 'TV Show · 2019',
      image: '/media/photo-1.jpg',
    });
    expect(instantResultFrom({ url: '/people/77', meta: personSearchRecord(person).meta })).toEqual({
      group: 'person',
      href: '/people/77',
      title: 'Lim Yoon Hee',
      subtitle: 'Person · South Korean, Japanese',
      image: '/media/art/people/77.svg',
    });
  });

  it('shows only the kind when there is no detail, and no image when there is none', () => {
    expect(instantResultFrom({ url: '/drama/5', meta: { title: 'Untitled', kind: 'Special' } })).toMatchObject({
      subtitle: 'Special',
      image: null,
    });
  });

  it('keeps site-relative and http(s) images, drops others', () => {
    const image = (src: string) => instantResultFrom({ url: '/drama/5', meta: { title: 'T', image: src } })?.image;
    expect(image('/media/a.jpg')).toBe('/media/a.jpg');
    expect(image('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(image('//evil.example/a.jpg')).toBeNull();
    expect(image('javascript:alert(1)')).toBeNull();
  });

  it('ignores anything that is not a drama or person page', () => {
    expect(instantResultFrom({ url: '/about', meta: { title: 'About' } })).toBeNull();
    expect(instantResultFrom({ url: 'https://evil.example/drama/1', meta: {} })).toBeNull();
    expect(instantResultFrom({ url: '/drama/abc', meta: {} })).toBeNull();
  });
});

describe('moveActive', () => {
  it('goes down from none to the first and up from none to the last', () => {
    expect(moveActive(-1, 4, 1)).toBe(0);
    expect(moveActive(-1, 4, -1)).toBe(3);
  });

  it('moves by one and wraps around at both ends', () => {
    expect(moveActive(1, 4, 1)).toBe(2);
    expect(moveActive(1, 4, -1)).toBe(0);
    expect(moveActive(3, 4, 1)).toBe(0);
    expect(moveActive(0, 4, -1)).toBe(3);
  });

  it('has nothing to move to in an empty list, and restarts when the list shrank', () => {
    expect(moveActive(2, 0, 1)).toBe(-1);
    expect(moveActive(7, 3, 1)).toBe(0);
  });
});

describe('records in Portuguese', () => {
  const language = { locale: 'pt-br' as const, t: translator('pt-br') };

  it('links to the Portuguese pages, in the pt-br index, with Portuguese kinds', () => {
    const record = dramaSearchRecord(drama, language);
    expect(record.url).toBe('/pt-br/drama/1234');
    expect(record.language).toBe('pt-br');
    expect(record.meta.kind).toBe('Programa de TV');
    expect(dramaSearchRecord({ ...drama, type: 'web_series' }, language).meta.kind).toBe('Dorama');
    const record2 = personSearchRecord(person, language);
    expect(record2).toMatchObject({ url: '/pt-br/people/77', language: 'pt-br', meta: { kind: 'Pessoa' } });
  });

  it('shows a Portuguese result in the box', () => {
    expect(instantResultFrom({ url: '/pt-br/drama/1234', meta: { title: 'Moonlit Harbour', kind: 'Dorama' } })?.href).toBe('/pt-br/drama/1234');
  });
});

describe('the search corrected by the records changed since the build', () => {
  const change = (id: number, title: string, also: string[] = []): SearchChange =>
    searchChangeFrom(dramaSearchRecord({ id, title, originalTitle: null, nativeTitles: [], alsoKnownAs: also, type: 'drama', year: 2024, bannerImage: null, firstPhoto: null, posterImage: null, mainPhoto: null, thumbnail: null }));
  const result = (id: number, title: string): InstantResult => instantResultFrom({ url: `/drama/${id}`, meta: { title, kind: 'Drama' } })!;

  it('matches a record when every typed word begins one of its names’ words, in any case', () => {
    expect(searchChangeMatches(change(1, 'Moon Lovers: Scarlet Heart'), 'scar hea')).toBe(true);
    expect(searchChangeMatches(change(1, 'Moon Lovers', ['보보경심 려']), '보보')).toBe(true);
    expect(searchChangeMatches(change(1, 'Moon Lovers'), 'lovers sun')).toBe(false);
    expect(searchChangeMatches(change(1, 'Moon Lovers'), '  ')).toBe(false);
  });

  it('shows a changed record first with its words of now, and drops the index’s stale entry of it', () => {
    const index = [result(1, 'Old Title'), result(2, 'Old Friend')];
    // renamed away from the typed words: its stale entry goes
    expect(withSearchChanges(index, 'old', 'drama', [change(1, 'New Title')]).map((r) => r.title)).toEqual(['Old Friend']);
    // renamed to match: shown first, once
    expect(withSearchChanges(index, 'old', 'drama', [change(1, 'Old Title, edited'), change(3, 'Older Days')]).map((r) => r.title)).toEqual([
      'Old Title, edited',
      'Older Days',
      'Old Friend',
    ]);
    // people's changes leave the dramas alone; nothing changed leaves the results as they are
    expect(withSearchChanges(index, 'old', 'person', [change(1, 'New Title')])).toBe(index);
    expect(withSearchChanges(index, 'old', 'drama', [])).toBe(index);
  });

  it('shows at most as many results as a group holds', () => {
    const many = [1, 2, 3, 4, 5, 6].map((id) => change(id, `Match ${id}`));
    expect(withSearchChanges([], 'match', 'drama', many)).toHaveLength(RESULTS_PER_GROUP);
  });
});
