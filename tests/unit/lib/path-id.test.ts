import { describe, expect, it } from 'vitest';
import { isStorableId, MAX_ID, pathIdSchema, readIdSlug } from '../../../src/lib/ids/path-id.ts';

// One rule for ids in addresses (spec 1 §5), read by the pages (/drama/{id}, /people/{id}) and the
// API's path parameters alike.
describe('readIdSlug', () => {
  it('reads an all-digit id, leading zeros included, with its canonical spelling', () => {
    expect(readIdSlug('42')).toEqual({ kind: 'id', id: 42, canonical: '42' });
    expect(readIdSlug('42/')).toEqual({ kind: 'id', id: 42, canonical: '42' });
    expect(readIdSlug('007')).toEqual({ kind: 'id', id: 7, canonical: '7' });
    expect(readIdSlug('0')).toEqual({ kind: 'id', id: 0, canonical: '0' });
  });

  it('keeps a long run of digits an id (it names nothing: not found, not invalid)', () => {
    expect(readIdSlug('99999999999')).toEqual({ kind: 'id', id: 99999999999, canonical: '99999999999' });
    expect(readIdSlug('9'.repeat(30))).toMatchObject({ kind: 'id' });
  });

  it('calls anything else in one segment an invalid id', () => {
    for (const slug of ['abc', '12a', '-1', '1.5', '1e3', ' 1', '１２', '9'.repeat(31)]) {
      expect(readIdSlug(slug), slug).toEqual({ kind: 'invalid' });
    }
  });

  it('names no page without a segment or with several', () => {
    for (const slug of ['', undefined, null, '/', '4/5', '4/edit/x', '1//2']) expect(readIdSlug(slug), String(slug)).toEqual({ kind: 'no-page' });
  });
});

describe('pathIdSchema', () => {
  it('accepts what readIdSlug calls an id and refuses the rest with the message given', () => {
    const schema = pathIdSchema('Invalid drama ID');
    for (const id of ['42', '007', '9'.repeat(30)]) {
      expect(schema.parse(id)).toBe(Number(id));
      expect(readIdSlug(id).kind).toBe('id');
    }
    for (const id of ['abc', '-1', '1.5', '', '9'.repeat(31)]) {
      const result = schema.safeParse(id);
      expect(result.success, id).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Invalid drama ID');
      expect(readIdSlug(id).kind).not.toBe('id');
    }
  });
});

describe('isStorableId', () => {
  it('is true from 1 to the largest integer id', () => {
    expect([1, 42, MAX_ID].every(isStorableId)).toBe(true);
    expect([0, -1, MAX_ID + 1, 1e30, 1.5].some(isStorableId)).toBe(false);
  });
});
