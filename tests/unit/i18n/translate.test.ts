import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatRelative } from '../../../src/i18n/format.ts';
import { localePath, splitLocale, switchLocale } from '../../../src/i18n/locales.ts';
import { createTranslator } from '../../../src/i18n/translate.ts';

const tree = {
  found: { one: '{count} drama found', other: '{count} dramas found' },
  greeting: 'Hello, {name}!',
  nested: { deep: 'deep' },
};
const ptTree = {
  found: { one: '{count} drama encontrado', other: '{count} dramas encontrados' },
  greeting: 'Olá, {name}!',
  nested: { deep: 'fundo' },
};

describe('translate', () => {
  it('interpolates and picks plural forms by the locale’s rules, writing numbers its way', () => {
    const en = createTranslator('en', tree);
    const pt = createTranslator('pt-br', ptTree);
    expect(en('found', { count: 1 })).toBe('1 drama found');
    expect(en('found', { count: 12345 })).toBe('12,345 dramas found');
    // CLDR: in Portuguese 0 and 1 take the singular
    expect(pt('found', { count: 0 })).toBe('0 drama encontrado');
    expect(pt('found', { count: 12345 })).toBe('12.345 dramas encontrados');
    expect(pt('greeting', { name: 'Ana' })).toBe('Olá, Ana!');
    expect(pt('nested.deep')).toBe('fundo');
  });

  it('shows the key for a key it does not know, and leaves unknown placeholders', () => {
    const en = createTranslator('en', tree);
    expect(en('nested.missing' as never)).toBe('nested.missing');
    expect(en('greeting')).toBe('Hello, {name}!');
  });
});

describe('locale paths', () => {
  it('puts Portuguese under /pt-br/ and English at the spec’s paths', () => {
    expect(localePath('en', '/drama/1')).toBe('/drama/1');
    expect(localePath('pt-br', '/drama/1')).toBe('/pt-br/drama/1');
    expect(localePath('pt-br', '/')).toBe('/pt-br/');
    expect(splitLocale('/pt-br/drama/1')).toEqual({ locale: 'pt-br', path: '/drama/1' });
    expect(splitLocale('/pt-br')).toEqual({ locale: 'pt-br', path: '/' });
    expect(splitLocale('/pt-brazil')).toEqual({ locale: 'en', path: '/pt-brazil' });
    expect(switchLocale('/pt-br/search/drama?page=2', 'en')).toBe('/search/drama?page=2');
    expect(switchLocale('/top-rated', 'pt-br')).toBe('/pt-br/top-rated');
  });
});

describe('formats', () => {
  it('writes numbers, calendar dates and relative times per locale', () => {
    expect(formatNumber('en', 1234567)).toBe('1,234,567');
    expect(formatNumber('pt-br', 1234567)).toBe('1.234.567');
    expect(formatNumber('en', Number.NaN)).toBe('0');
    expect(formatDate('en', '1992-03-04')).toBe('March 4, 1992');
    expect(formatDate('pt-br', '1992-03-04')).toBe('4 de março de 1992');
    expect(formatDate('en', 'not a date')).toBe('');
    const now = new Date('2026-11-25T12:00:00Z');
    expect(formatRelative('en', new Date('2026-11-22T12:00:00Z'), now)).toBe('3 days ago');
    expect(formatRelative('pt-br', new Date('2026-11-22T12:00:00Z'), now)).toBe('há 3 dias');
    expect(formatRelative('en', new Date('2026-11-25T14:00:00Z'), now)).toBe('in 2 hours');
  });
});
