import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeNextPath } from '../../../src/lib/auth-redirect.ts';

describe('safeNextPath', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeNextPath('/calendar')).toBe('/calendar');
    expect(safeNextPath('/user/minji/lists?tab=watching#top')).toBe('/user/minji/lists?tab=watching#top');
  });

  it('refuses anything that could leave the site', () => {
    for (const next of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeNextPath(next)).toBe('/');
    }
  });
});

describe('loginUrlFor', () => {
  it('remembers where to come back to', () => {
    expect(loginUrlFor('/drama/12/edit')).toBe('/login?next=%2Fdrama%2F12%2Fedit');
    expect(loginUrlFor('/')).toBe('/login');
  });
});
