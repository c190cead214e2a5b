import { describe, expect, it } from 'vitest';
import { islandI18n } from '../../../src/i18n/island-props.ts';

describe("an island's messages at its mount site", () => {
  it('are in the language of the address asked for, also when Astro rewrote it to the English route', () => {
    const rewritten = islandI18n({ url: new URL('http://site.test/login'), originPathname: '/pt-br/login' }, 'authMenu');
    expect(rewritten.locale).toBe('pt-br');
    expect(rewritten.messages.authMenu.logout).toBe('Sair');
    expect(islandI18n({ url: new URL('http://site.test/pt-br/calendar') }, 'calendar').locale).toBe('pt-br');
    const english = islandI18n({ url: new URL('http://site.test/login'), originPathname: '/login' }, 'authMenu', 'islandsShared');
    expect(english.locale).toBe('en');
    expect(Object.keys(english.messages)).toEqual(['authMenu', 'islandsShared']);
    expect(english.messages.authMenu.logout).toBe('Logout');
  });
});
