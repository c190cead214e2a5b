import { describe, expect, it } from 'vitest';
import { initialsAvatar, initialsOf, roleBadge } from '../../../src/lib/users/user-display.ts';

describe('roleBadge', () => {
  it('shows MOD in blue and ADMIN in red, whatever the case', () => {
    expect(roleBadge('mod')).toEqual({ label: 'MOD', tone: 'blue' });
    expect(roleBadge('MOD')).toEqual({ label: 'MOD', tone: 'blue' });
    expect(roleBadge('Admin')).toEqual({ label: 'ADMIN', tone: 'red' });
  });

  it('shows no badge for members and unknown roles', () => {
    expect(roleBadge('user')).toBeNull();
    expect(roleBadge('editor')).toBeNull();
    expect(roleBadge(undefined)).toBeNull();
  });
});

describe('initials avatar', () => {
  it('takes the first and last initials', () => {
    expect(initialsOf('Kim Min-ji')).toBe('KM');
    expect(initialsOf('hana')).toBe('H');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('이 민호')).toBe('이민');
  });

  it('draws them on a purple background as an SVG data URL', () => {
    const url = initialsAvatar('Kim Min-ji');
    expect(url.startsWith('data:image/svg+xml')).toBe(true);
    const svg = decodeURIComponent(url.split(',')[1]!);
    expect(svg).toContain('#7c3aed');
    expect(svg).toContain('>KM<');
  });
});
