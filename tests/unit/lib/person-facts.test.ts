import { describe, expect, it } from 'vitest';
import { ageOn, resolveGender, resolveNationality, todayUtc } from '../../../src/lib/people/person-facts.ts';

describe('ageOn', () => {
  it('counts whole years, the birthday included', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('1990-06-15', '2026-12-31')).toBe(36);
    expect(ageOn('2026-11-22', '2026-11-22')).toBe(0);
  });

  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(ageOn('2004-02-29', '2025-02-28')).toBe(20);
    expect(ageOn('2004-02-29', '2025-03-01')).toBe(21);
    expect(ageOn('2004-02-29', '2028-02-29')).toBe(24);
  });

  it('answers null without a usable birth date, or for one in the future', () => {
    expect(ageOn(null, '2026-11-22')).toBeNull();
    expect(ageOn(undefined, '2026-11-22')).toBeNull();
    expect(ageOn('someday', '2026-11-22')).toBeNull();
    expect(ageOn('2030-01-01', '2026-11-22')).toBeNull();
  });

  it('takes today in UTC', () => {
    expect(todayUtc(new Date('2026-11-22T23:30:00-05:00'))).toBe('2026-11-23');
  });
});

describe('resolveNationality', () => {
  it("reads the people filter's labels and the stored words in any case", () => {
    expect(resolveNationality('Korean')).toBe('South Korean');
    expect(resolveNationality('  hong   KONG ')).toBe('Hong Konger');
    expect(resolveNationality('hong konger')).toBe('Hong Konger');
    expect(resolveNationality('south korean')).toBe('South Korean');
    expect(resolveNationality('thai')).toBe('Thai');
  });

  it('keeps any other value as written, spaces tidied', () => {
    expect(resolveNationality(' Singaporean ')).toBe('Singaporean');
    expect(resolveNationality('')).toBe('');
  });
});

describe('resolveGender', () => {
  it('accepts Male, Female and Other in any case, nothing else', () => {
    expect(resolveGender('male')).toBe('Male');
    expect(resolveGender(' FEMALE ')).toBe('Female');
    expect(resolveGender('other')).toBe('Other');
    expect(resolveGender('robot')).toBeUndefined();
    expect(resolveGender('')).toBeUndefined();
  });
});
