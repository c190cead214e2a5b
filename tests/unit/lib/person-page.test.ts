import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/catalogue.ts';
import {
  FILMOGRAPHY_SECTIONS,
  formatAge,
  personLoadErrorMessage,
  formatBirthDate,
  formatHearts,
  roleTypeLabel,
} from '../../../src/lib/people/person-page.ts';

const t = translator('en');
const pt = translator('pt-br');

describe('filmography labels', () => {
  it('lists the groups in the spec order', () => {
    expect(FILMOGRAPHY_SECTIONS).toEqual(['drama', 'movie', 'tv_show', 'special', 'other']);
    expect(['drama', 'movie', 'tv_show', 'special', 'others'].map((k) => t(`people.filmography.${k}` as 'people.filmography.drama'))).toEqual([
      'Dramas',
      'Movies',
      'TV Shows',
      'Specials',
      'Other Content',
    ]);
  });

  it('names role types', () => {
    expect(roleTypeLabel('main', t)).toBe('Main Role');
    expect(roleTypeLabel('support', t)).toBe('Support Role');
    expect(roleTypeLabel('guest', t)).toBe('Guest Role');
    expect(roleTypeLabel('director', t)).toBe('Director');
    expect(roleTypeLabel('Screenwriter', t)).toBe('Screenwriter');
    expect(roleTypeLabel('voice_actor', t)).toBe('Voice Actor');
  });

});

describe('facts', () => {
  it('writes the birth date without a time zone shift', () => {
    expect(formatBirthDate('2003-06-21')).toBe('Jun 21, 2003');
    expect(formatBirthDate('1990-01-01')).toBe('Jan 1, 1990');
    expect(formatBirthDate(null)).toBeNull();
    expect(formatBirthDate('June 2003')).toBeNull();
  });

  it('writes the age in years', () => {
    expect(formatAge(37, t)).toBe('37 years');
    expect(formatAge(1, t)).toBe('1 year');
    expect(formatAge(0, t)).toBe('0 years');
    expect(formatAge(null, t)).toBeNull();
    expect(formatAge(-1, t)).toBeNull();
  });

  it('writes the heart count with separators', () => {
    expect(formatHearts(1234)).toBe('1,234');
    expect(formatHearts(0)).toBe('0');
    expect(formatHearts(-3)).toBe('0');
  });

  it('writes dates, ages and counts the Brazilian way in pt-br', () => {
    expect(formatBirthDate('2003-06-21', 'pt-br')).toBe('21 de jun. de 2003');
    expect(formatAge(37, pt)).toBe('37 anos');
    expect(formatAge(1, pt)).toBe('1 ano');
    expect(formatHearts(1234, 'pt-br')).toBe('1.234');
    expect(roleTypeLabel('main', pt)).toBe('Papel principal');
  });
});

describe('personLoadErrorMessage', () => {
  it('gives the spec 1 §8 person page message for each failure', () => {
    expect(personLoadErrorMessage({ status: 500 }, t)).toBe(
      'The server encountered an error while processing your request. This person might have incomplete data.',
    );
    expect(personLoadErrorMessage({ status: 502 }, t)).toBe('Failed to load person details. Server error: 502');
    expect(personLoadErrorMessage({ noResponse: true }, t)).toBe('Unable to connect to the server. Please check your internet connection and try again.');
    expect(personLoadErrorMessage({ unknown: true }, t)).toBe('Failed to load person details. Please try again later.');
  });
});
