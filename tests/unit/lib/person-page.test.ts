import { describe, expect, it } from 'vitest';
import {
  FILMOGRAPHY_SECTIONS,
  formatAge,
  personLoadErrorMessage,
  formatBirthDate,
  formatHearts,
  roleTypeLabel,
} from '../../../src/lib/people/person-page.ts';

describe('filmography labels', () => {
  it('lists the groups in the spec order', () => {
    expect(FILMOGRAPHY_SECTIONS.map((s) => s.title)).toEqual(['Dramas', 'Movies', 'TV Shows', 'Specials', 'Other Content']);
    expect(FILMOGRAPHY_SECTIONS.map((s) => s.key)).toEqual(['drama', 'movie', 'tv_show', 'special', 'other']);
  });

  it('names role types', () => {
    expect(roleTypeLabel('main')).toBe('Main Role');
    expect(roleTypeLabel('support')).toBe('Support Role');
    expect(roleTypeLabel('guest')).toBe('Guest Role');
    expect(roleTypeLabel('director')).toBe('Director');
    expect(roleTypeLabel('Screenwriter')).toBe('Screenwriter');
    expect(roleTypeLabel('voice_actor')).toBe('Voice Actor');
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
    expect(formatAge(37)).toBe('37 years');
    expect(formatAge(1)).toBe('1 year');
    expect(formatAge(0)).toBe('0 years');
    expect(formatAge(null)).toBeNull();
    expect(formatAge(-1)).toBeNull();
  });

  it('writes the heart count with separators', () => {
    expect(formatHearts(1234)).toBe('1,234');
    expect(formatHearts(0)).toBe('0');
    expect(formatHearts(-3)).toBe('0');
  });
});

describe('personLoadErrorMessage', () => {
  it('gives the spec 1 §8 person page message for each failure', () => {
    expect(personLoadErrorMessage({ status: 500 })).toBe(
      'The server encountered an error while processing your request. This person might have incomplete data.',
    );
    expect(personLoadErrorMessage({ status: 502 })).toBe('Failed to load person details. Server error: 502');
    expect(personLoadErrorMessage({ noResponse: true })).toBe('Unable to connect to the server. Please check your internet connection and try again.');
    expect(personLoadErrorMessage({ unknown: true })).toBe('Failed to load person details. Please try again later.');
  });
});
