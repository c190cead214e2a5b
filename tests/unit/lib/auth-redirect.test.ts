import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeNextPath } from '../../../src/lib/accounts/auth-redirect.ts';

const ORIGIN = 'http://dramalist.test';

describe('safeNextPath', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeNextPath('/calendar', ORIGIN)).toBe('/calendar');
    expect(safeNextPath('/user/minji/lists?tab=watching#top', ORIGIN)).toBe('/user/minji/lists?tab=watching#top');
  });

  it('refuses anything that could leave the site', () => {
    for (const next of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeNextPath(next, ORIGIN)).toBe('/');
    }
  });

  it('refuses what browsers turn into another host: tab, CR and LF are dropped, backslashes are slashes', () => {
    for (const next of [
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/\r\n/evil.example/',
      '\t//evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/.//evil.example',
      '/x/..//evil.example',
      'https:evil.example',
      'http://dramalist.test@evil.example/',
      'https://dramalist.test/profile', // same host, other scheme: another origin
      'http://dramalist.test:8080/profile',
      'data:text/html,hi',
    ]) {
      expect(safeNextPath(next, ORIGIN), JSON.stringify(next)).toBe('/');
    }
  });

  it('keeps what stays on this origin, normalised', () => {
    expect(safeNextPath('http://dramalist.test/calendar?year=2025#q2', ORIGIN)).toBe('/calendar?year=2025#q2');
    expect(safeNextPath('/drama/../calendar', ORIGIN)).toBe('/calendar');
    expect(safeNextPath('profile', ORIGIN)).toBe('/profile');
  });

  it("resolves against the page's origin by default (a placeholder outside a browser)", () => {
    expect(safeNextPath('/calendar')).toBe('/calendar');
    expect(safeNextPath('/\t/evil.example/')).toBe('/');
  });
});

describe('loginUrlFor', () => {
  it('remembers where to come back to', () => {
    expect(loginUrlFor('/drama/12/edit')).toBe('/login?next=%2Fdrama%2F12%2Fedit');
    expect(loginUrlFor('/')).toBe('/login');
  });
});
