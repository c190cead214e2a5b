import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/catalogue.ts';
import { castGroup, castRoleName, castRoleType, initials, sortCast } from '../../../src/lib/dramas/drama-cast.ts';

const t = translator('en');
const pt = translator('pt-br');

describe('sortCast', () => {
  it('puts main, lead or primary roles first, then support or second, then the rest, keeping billing order', () => {
    const cast = [
      { name: 'guest', roleType: 'guest' },
      { name: 'support 1', roleType: 'support' },
      { name: 'director', roleType: 'director' },
      { name: 'main 1', roleType: 'main' },
      { name: 'lead', roleType: 'Lead Role' },
      { name: 'second', roleType: 'second' },
      { name: 'none', roleType: null },
      { name: 'primary', roleType: 'PRIMARY' },
      { name: 'support 2', roleType: 'Supporting' },
    ];
    expect(sortCast(cast).map((c) => c.name)).toEqual([
      'main 1',
      'lead',
      'primary',
      'support 1',
      'second',
      'support 2',
      'guest',
      'director',
      'none',
    ]);
  });

  it('does not change the list it is given', () => {
    const cast = [{ roleType: 'guest' }, { roleType: 'main' }];
    sortCast(cast);
    expect(cast[0]!.roleType).toBe('guest');
  });

  it('groups role types', () => {
    expect(castGroup('main')).toBe(0);
    expect(castGroup('support')).toBe(1);
    expect(castGroup('screenwriter')).toBe(2);
    expect(castGroup(undefined)).toBe(2);
  });
});

describe('role defaults and labels', () => {
  it("defaults the role name to 'Cast'", () => {
    expect(castRoleName('Kim Tan', t)).toBe('Kim Tan');
    expect(castRoleName('', t)).toBe('Cast');
    expect(castRoleName('   ', t)).toBe('Cast');
    expect(castRoleName(null, t)).toBe('Cast');
  });

  it("defaults the role type to 'Actor' and labels the known ones", () => {
    expect(castRoleType(null, t)).toBe('Actor');
    expect(castRoleType('', t)).toBe('Actor');
    expect(castRoleType('main', t)).toBe('Main Role');
    expect(castRoleType('support', t)).toBe('Support Role');
    expect(castRoleType('guest', t)).toBe('Guest Role');
    expect(castRoleType('director', t)).toBe('Director');
    expect(castRoleType('screenwriter', t)).toBe('Screenwriter');
    expect(castRoleType('cameo_appearance', t)).toBe('Cameo Appearance');
  });

  it('makes initials for a portrait placeholder', () => {
    expect(initials('Kim Soo Hyun')).toBe('KS');
    expect(initials('IU')).toBe('I');
    expect(initials('')).toBe('');
  });
});
