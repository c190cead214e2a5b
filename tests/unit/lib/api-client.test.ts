import { describe, expect, it } from 'vitest';
import { ApiClientError, apiFetch, readConflict, readDetail, toQueryString } from '../../../src/lib/api/api-client.ts';

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

describe('apiFetch', () => {
  it("gives a 429's Retry-After (seconds) with the error, for the islands to say when to try again", async () => {
    const answers = [
      new Response(JSON.stringify({ detail: 'Too many comments. Please try again in 1 minute.' }), { status: 429, headers: { 'Retry-After': '42' } }),
      new Response(JSON.stringify({ detail: 'Comment not found' }), { status: 404 }),
    ];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => answers.shift()!) as typeof fetch;
    try {
      await expect(apiFetch('/comments/', { method: 'POST', json: {} })).rejects.toMatchObject({ status: 429, retryAfter: 42, detail: 'Too many comments. Please try again in 1 minute.' });
      const notFound = await apiFetch('/comments/1', { method: 'DELETE' }).catch((error: unknown) => error);
      expect(notFound).toBeInstanceOf(ApiClientError);
      expect(notFound).toMatchObject({ status: 404, retryAfter: undefined });
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe('edit conflicts', () => {
  it('reads `fields` and `reason` of a 409 (docs/decisions/038 "Conflicts"), and nothing from a body without them', async () => {
    expect(readConflict({ detail: 'x', field: 'network', fields: ['network', 'episodes'], reason: 'changed' })).toEqual({ fields: ['network', 'episodes'], reason: 'changed' });
    expect(readConflict({ detail: 'This suggestion has already been reviewed' })).toBeUndefined();
    expect(readConflict({ fields: [], reason: 'changed' })).toBeUndefined();
    expect(readConflict({ fields: ['title', 3], reason: 'changed' })).toBeUndefined();
    expect(readConflict({ fields: ['title'], reason: 'other' })).toBeUndefined();
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ detail: 'Locked by a moderator against suggestions: name', field: 'name', fields: ['name'], reason: 'locked' }), { status: 409 })) as typeof fetch;
    try {
      const failure = await apiFetch('/people/1/edit-suggestions', { method: 'POST', json: {} }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiClientError);
      expect(failure).toMatchObject({ status: 409, field: 'name', conflict: { fields: ['name'], reason: 'locked' } });
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
