import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/catalogue.ts';
import {
  emptyListMessage,
  loadErrorMessage,
  parsePageParam,
  rankedListAt,
  rankedListTwinUrl,
  showingText,
} from '../../../src/lib/ranked-lists/ranked-lists.ts';

const t = translator('en');
const pt = translator('pt-br');

describe('rankedListAt', () => {
  it('knows each list under both paths', () => {
    for (const key of ['popular', 'top-rated', 'airing', 'upcoming']) {
      expect(rankedListAt(`/drama/${key}`)).toBe(key);
      expect(rankedListAt(`/${key}`)).toBe(key);
      expect(rankedListAt(`/${key}/`)).toBe(key);
    }
  });
  it('knows nothing else', () => {
    expect(rankedListAt('/drama/12')).toBeNull();
    expect(rankedListAt('/dramas/popular')).toBeNull();
    expect(rankedListAt('/drama/popular/2')).toBeNull();
    expect(rankedListAt('/')).toBeNull();
  });
});

describe('parsePageParam', () => {
  it('reads whole numbers from 1', () => {
    expect(parsePageParam('2')).toBe(2);
    expect(parsePageParam(' 17 ')).toBe(17);
  });
  it('treats anything else as page 1', () => {
    for (const v of [null, undefined, '', 'abc', '0', '-2', '2.5', '1e3', '0x10']) expect(parsePageParam(v)).toBe(1);
  });
  it('caps huge numbers', () => {
    expect(parsePageParam('99999999999999999999')).toBe(100_000);
  });
});

describe('showingText', () => {
  it('gives the range and the total with thousands separators', () => {
    expect(showingText(1, 1234, t)).toBe('Showing 1–24 of 1,234 dramas');
    expect(showingText(2, 1234, t)).toBe('Showing 25–48 of 1,234 dramas');
    expect(showingText(52, 1234, t)).toBe('Showing 1,225–1,234 of 1,234 dramas');
  });
  it('shows a lone item without a range, in the singular for one drama', () => {
    expect(showingText(2, 25, t)).toBe('Showing 25 of 25 dramas');
    expect(showingText(1, 1, t)).toBe('Showing 1 of 1 drama');
  });
  it('has nothing to show for an empty list or a page past the end', () => {
    expect(showingText(1, 0, t)).toBeNull();
    expect(showingText(3, 48, t)).toBeNull();
  });
});

describe('messages', () => {
  it('uses the spec wording for the load errors', () => {
    expect(loadErrorMessage('popular', t)).toBe('Failed to load popular dramas. Please try again later.');
    expect(loadErrorMessage('top-rated', t)).toBe('Failed to load top rated dramas. Please try again later.');
    expect(loadErrorMessage('airing', t)).toBe('Failed to load airing dramas. Please try again later.');
    expect(loadErrorMessage('upcoming', t)).toBe('Failed to load upcoming dramas. Please try again later.');
  });
  it('names the list in the empty message', () => {
    expect(emptyListMessage('upcoming', t)).toBe('No upcoming dramas to show yet.');
  });
});

describe('rankedListTwinUrl', () => {
  it('sends page N of a list to its on-demand twin, keeping the query', () => {
    expect(rankedListTwinUrl('/drama/popular?page=2')).toBe('/ranked/drama/popular?page=2');
    expect(rankedListTwinUrl('/airing?page=7&x=1')).toBe('/ranked/airing?page=7&x=1');
    expect(rankedListTwinUrl('/top-rated/?page=3')).toBe('/ranked/top-rated?page=3');
  });
  it('leaves page 1 in any spelling to the pre-rendered file', () => {
    for (const url of ['/drama/popular', '/drama/popular?page=1', '/popular?page=abc', '/popular?page=0', '/popular?utm=x'])
      expect(rankedListTwinUrl(url)).toBeNull();
  });
  it('leaves other paths alone', () => {
    expect(rankedListTwinUrl('/search/drama?page=2')).toBeNull();
    expect(rankedListTwinUrl('/drama/12?page=2')).toBeNull();
  });
});

describe('ranked lists in Portuguese', () => {
  it('counts and words the list in pt-BR', () => {
    expect(showingText(52, 1234, pt, 'pt-br')).toBe('Mostrando 1.225–1.234 de 1.234 doramas');
    expect(showingText(1, 1, pt, 'pt-br')).toBe('Mostrando 1 de 1 dorama');
    expect(loadErrorMessage('popular', pt)).toBe('Não foi possível carregar os doramas populares. Tente novamente mais tarde.');
  });

  it('sends page N of a Portuguese list to its on-demand twin in Portuguese', () => {
    expect(rankedListTwinUrl('/pt-br/drama/popular?page=2')).toBe('/pt-br/ranked/drama/popular?page=2');
    expect(rankedListTwinUrl('/pt-br/popular?page=3')).toBe('/pt-br/ranked/popular?page=3');
    expect(rankedListTwinUrl('/pt-br/drama/popular?page=1')).toBeNull();
  });
});
