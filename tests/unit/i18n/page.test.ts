import { describe, expect, it } from 'vitest';
import { pageI18n } from '../../../src/i18n/page.ts';

const astro = (url: string, originPathname?: string) => ({ url: new URL(`http://localhost${url}`), originPathname });

describe('pageI18n', () => {
  it('reads the language from the address asked for, and gives the path without it', () => {
    const pt = pageI18n(astro('/pt-br/drama/5'));
    expect(pt.locale).toBe('pt-br');
    expect(pt.path).toBe('/drama/5');
    expect(pt.href('/people/1')).toBe('/pt-br/people/1');
    expect(pt.t('dramas.tabs.details')).toBe('Detalhes');
    const en = pageI18n(astro('/drama/5/'));
    expect([en.locale, en.path, en.href('/people/1')]).toEqual(['en', '/drama/5', '/people/1']);
  });

  it('prefers the origin path of a rewrite, and gives loaders the URL without the language', () => {
    const page = pageI18n(astro('/search/drama?q=amor', '/pt-br/search/drama'));
    expect(page.locale).toBe('pt-br');
    expect(pageI18n(astro('/pt-br/search/drama?q=amor')).url.href).toBe('http://localhost/search/drama?q=amor');
  });

  it("gives page N of a ranked list its public path, not its twin's", () => {
    expect(pageI18n(astro('/pt-br/ranked/drama/popular?page=2')).path).toBe('/drama/popular');
    expect(pageI18n(astro('/ranked/popular?page=3')).path).toBe('/popular');
    // home's twin (a stale home rendered on demand, docs/decisions/038)
    expect(pageI18n(astro('/ranked/home')).path).toBe('/');
    expect(pageI18n(astro('/pt-br/ranked/home/')).path).toBe('/');
    expect(pageI18n(astro('/ranked/homely')).path).toBe('/homely');
  });
});
