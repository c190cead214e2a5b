import { describe, expect, it } from 'vitest';
import { readDetail, toQueryString } from '../../../src/lib/api/api-client.ts';

describe('toQueryString', () => {
  it('leaves out empty values and repeats arrays (spec 1 §5)', () => {
    expect(toQueryString({ q: 'love', genre_id: [1, 2], tag: '', country: null, page: undefined, size: 24 })).toBe(
      '?q=love&genre_id=1&genre_id=2&size=24',
    );
    expect(toQueryString({})).toBe('');
  });
});

describe('readDetail', () => {
  it('reads the server message from the shapes the spec allows', () => {
    expect(readDetail({ detail: 'Email taken' })).toBe('Email taken');
    expect(readDetail({ detail: { message: 'Nested' } })).toBe('Nested');
    expect(readDetail({ message: 'Plain' })).toBe('Plain');
    expect(readDetail('text')).toBe('text');
    expect(readDetail({})).toBeUndefined();
    expect(readDetail(null)).toBeUndefined();
  });
});
